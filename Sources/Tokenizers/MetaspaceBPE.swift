/// Rank-driven BPE over SentencePiece-style text (GGUF `tokenizer.ggml.model = gemma4`): the
/// model behind Gemma 4.
///
/// Each stretch of ordinary text has its spaces (U+0020 only) replaced by `▁` (U+2581), with no
/// space put in front, and is cut into runs of non-newlines and runs of newlines
/// (`[^\n]+|[\n]+`). A run of newlines that is itself a token is taken whole. Any other run starts
/// as one symbol per UTF-8 character (not GPT-2's byte alphabet); the adjacent pair whose merge
/// rule ranks first is merged, leftmost first among equals, until no rule applies. A character
/// left over that is not a token falls back to its bytes' `<0xBB>` tokens (or the unknown token
/// when a byte token is missing). This is llama.cpp's `LLAMA_VOCAB_PRE_TYPE_GEMMA4` and what
/// Hugging Face `tokenizers` does with Gemma 4's `tokenizer.json` (a `Replace(" ", "▁")`
/// normaliser and a BPE with byte fallback).
struct MetaspaceBPE: Sendable {
    /// Every token's spelling -> id: the initial symbols and whole newline runs are looked up here.
    let spellings: ByteStringTable
    /// Merge rules: `(left << 32 | right)` -> `(rank << 32 | merged)`.
    let pairs: [UInt64: UInt64]
    /// `byteTokens[b]` is the `<0xBB>` token, or -1.
    let byteTokens: [Int32]
    /// The token emitted for a byte without a `<0xBB>` token, if any.
    let unknown: Int32?

    /// Builds the model from the vocabulary spellings (with `▁`), types and merge rules.
    init(tokens: [String], types: [TokenType], merges: [String], unknown: Int?) throws(TokenizerError) {
        let spellings = ByteStringTable(tokens.enumerated().map { (Array($1.utf8), Int32($0)) })
        var byteTokens = [Int32](repeating: -1, count: 256)
        for (id, (token, type)) in zip(tokens, types).enumerated() where type == .byte {
            if let b = SentencePieceBPE.parseByteToken(token), byteTokens[Int(b)] < 0 { byteTokens[Int(b)] = Int32(id) }
        }
        self.pairs = try MergeRules.pairTable(merges, spellings: spellings)
        self.spellings = spellings
        self.byteTokens = byteTokens
        self.unknown = unknown.map(Int32.init)
    }

    /// Appends the tokens of ordinary text (no special tokens in it) to `output`.
    func encode(_ text: UnsafeBufferPointer<UInt8>, into output: inout [Int32], scratch: inout BPEScratch) {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.count + 16)
        for b in text {
            if b == 0x20 { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) } else { escaped.append(b) }
        }
        escaped.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let isNewlineRun = buffer[start] == 0x0A
                var end = start + 1
                while end < buffer.count, (buffer[end] == 0x0A) == isNewlineRun { end += 1 }
                let run = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if isNewlineRun, let id = spellings.lookup(run.baseAddress, run.count) {
                    output.append(id)
                } else {
                    encodeRun(run, into: &output, scratch: &scratch)
                }
                start = end
            }
        }
    }

    /// Runs the merges over one run of characters.
    private func encodeRun(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [Int32], scratch: inout BPEScratch) {
        let key = Array(bytes)
        if let cached = scratch.cache[key] { output.append(contentsOf: cached); return }
        let first = output.count
        // Character k spans bytes starts[k]..<starts[k + 1].
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count + 1)
        scratch.setSymbols { ids in
            var i = 0
            while i < bytes.count {
                let lead = bytes[i]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let j = min(i + length, bytes.count)
                starts.append(i)
                ids.append(spellings.lookup(bytes.baseAddress! + i, j - i) ?? -1)
                i = j
            }
        }
        starts.append(bytes.count)
        scratch.runMerges(pairs: pairs)
        var k = 0
        while k >= 0 {
            let id = scratch.ids[k]
            if id >= 0 {
                output.append(id)
            } else {
                // Never merged, so still the single character k.
                for b in bytes[starts[k]..<starts[k + 1]] {
                    let t = byteTokens[Int(b)]
                    if t >= 0 { output.append(t) } else if let unknown { output.append(unknown) }
                }
            }
            k = Int(scratch.next[k])
        }
        if scratch.cache.count > 50_000 { scratch.cache.removeAll(keepingCapacity: true) }
        scratch.cache[key] = Array(output[first...])
    }
}
