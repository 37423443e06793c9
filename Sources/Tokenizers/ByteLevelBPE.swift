/// Byte-level BPE (GGUF `tokenizer.ggml.model = gpt2`): the model behind Qwen2 and Llama 3.
///
/// A piece from the pre-tokenizer starts as one token per UTF-8 byte; the adjacent pair whose
/// merge rule ranks first (earliest in the file) is merged, leftmost first among equals, until
/// no rule applies. Pair lookups go through `pairs`, keyed by the two token ids.
struct ByteLevelBPE: Sendable {
    /// `byteToken[b]` is the token spelling byte `b` alone.
    let byteToken: [Int32]
    /// Merge rules: `(left << 32 | right)` -> `(rank << 32 | merged)`.
    let pairs: [UInt64: UInt64]
    /// Raw token bytes -> id, for the whole-word shortcut of `prefersWholeWords`.
    let wholeWords: ByteStringTable
    /// How text is split before merging.
    let preTokenizer: PreTokenizer

    /// Builds the model from vocabulary spellings and merge rules (`"Ġ t"`).
    init(
        tokens: [String], merges: [String], preTokenizer: PreTokenizer,
        rawBytes: [[UInt8]]
    ) throws(TokenizerError) {
        let spellings = ByteStringTable(tokens.enumerated().map { (Array($1.utf8), Int32($0)) })
        var byteToken = [Int32](repeating: -1, count: 256)
        for b in 0..<256 {
            let scalar = Unicode.Scalar(ByteLevelAlphabet.scalarForByte[b])!
            guard let id = spellings.lookup(Array(String(Character(scalar)).utf8)) else {
                throw .missingByteToken(byte: UInt8(b))
            }
            byteToken[b] = id
        }
        let pairs = try MergeRules.pairTable(merges, spellings: spellings)
        self.byteToken = byteToken
        self.pairs = pairs
        self.preTokenizer = preTokenizer
        self.wholeWords =
            preTokenizer.prefersWholeWords
            ? ByteStringTable(rawBytes.enumerated().map { ($1, Int32($0)) })
            : ByteStringTable([])
    }

    /// Appends the tokens of ordinary text (no special tokens in it) to `output`.
    func encode(_ text: UnsafeBufferPointer<UInt8>, into output: inout [Int32], scratch: inout BPEScratch) {
        let utf8: [UInt8]
        if preTokenizer.normalizesNFC, text.contains(where: { $0 >= 0xCC }) {
            // Only scalars from U+0300 up (lead byte 0xCC or more) can change under NFC.
            utf8 = String(decoding: text, as: UTF8.self)._nfcCodeUnits
        } else {
            utf8 = Array(text)
        }
        scratch.decodeScalars(utf8)
        scratch.scalars.withUnsafeBufferPointer { scalars in
            preTokenizer.split(scalars) { range in
                let from = scratch.byteOffsets[range.lowerBound]
                let to = scratch.byteOffsets[range.upperBound]
                utf8.withUnsafeBufferPointer { buffer in
                    encodePiece(UnsafeBufferPointer(rebasing: buffer[from..<to]), into: &output, scratch: &scratch)
                }
            }
        }
    }

    /// Runs the merges over one piece.
    func encodePiece(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [Int32],
        scratch: inout BPEScratch
    ) {
        if bytes.count == 1 { output.append(byteToken[Int(bytes[0])]); return }
        if preTokenizer.prefersWholeWords, let id = wholeWords.lookup(bytes.baseAddress, bytes.count) {
            output.append(id); return
        }
        if let cached = scratch.cache[Array(bytes)] { output.append(contentsOf: cached); return }
        let start = output.count
        scratch.merge(bytes, byteToken: byteToken, pairs: pairs, into: &output)
        if scratch.cache.count > 50_000 { scratch.cache.removeAll(keepingCapacity: true) }
        scratch.cache[Array(bytes)] = Array(output[start...])
    }
}
