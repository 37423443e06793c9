/// SentencePiece-style BPE (GGUF `tokenizer.ggml.model = llama`): the model behind Gemma and
/// Llama 2.
///
/// Spaces become `▁` (U+2581) and the text starts as one symbol per character. The adjacent pair
/// whose concatenation is the highest-scoring piece is merged, leftmost first among equal scores,
/// until no concatenation is a piece. A leftover symbol that is not a piece falls back to its
/// UTF-8 bytes (`<0xE2>`...), or to the unknown token when the vocabulary has no byte tokens.
/// Only normal, user-defined and unused pieces take part in merges, as in SentencePiece; unused
/// pieces are split back into the pair that formed them.
struct SentencePieceBPE: Sendable {
    /// Mergeable pieces (normal, user-defined, unused), keyed by their spelling with `▁`.
    let pieces: ByteStringTable
    /// Scores by token id.
    let scores: [Float]
    /// Which ids are unused pieces (resegmented after merging).
    let unused: Set<Int32>
    /// `byteTokens[b]` is the `<0xBB>` token, or -1.
    let byteTokens: [Int32]
    /// The unknown token, when there are no byte tokens.
    let unknown: Int32?
    /// Whether a space is put in front of the text (`add_space_prefix`).
    let addSpacePrefix: Bool
    /// Whether any `<0xBB>` token exists (byte fallback is on).
    let hasByteTokens: Bool

    init(tokens: [String], types: [TokenType], scores: [Float], unknown: Int?, addSpacePrefix: Bool) {
        var entries: [(key: [UInt8], value: Int32)] = []
        var byteTokens = [Int32](repeating: -1, count: 256)
        var unused = Set<Int32>()
        for (id, (token, type)) in zip(tokens, types).enumerated() {
            switch type {
            case .normal, .userDefined:
                entries.append((Array(token.utf8), Int32(id)))
            case .unused:
                entries.append((Array(token.utf8), Int32(id)))
                unused.insert(Int32(id))
            case .byte:
                if let b = Self.parseByteToken(token), byteTokens[Int(b)] < 0 { byteTokens[Int(b)] = Int32(id) }
            case .control, .unknown:
                break
            }
        }
        self.pieces = ByteStringTable(entries)
        self.scores = scores
        self.unused = unused
        self.byteTokens = byteTokens
        self.hasByteTokens = byteTokens.contains { $0 >= 0 }
        self.unknown = unknown.map(Int32.init)
        self.addSpacePrefix = addSpacePrefix
    }

    /// Parses `<0xAB>` into the byte 0xAB.
    static func parseByteToken(_ token: String) -> UInt8? {
        let u = Array(token.utf8)
        guard u.count == 6, u[0] == 0x3C, u[1] == 0x30, u[2] == 0x78, u[5] == 0x3E else { return nil }
        return UInt8(String(decoding: u[3...4], as: UTF8.self), radix: 16)
    }

    /// Appends the tokens of ordinary text to `output`; `atStart` says whether the text begins
    /// the input (where `add_space_prefix` puts its space).
    func encode(_ text: UnsafeBufferPointer<UInt8>, atStart: Bool, into output: inout [Int32], scratch: inout SPMScratch) {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.count + 8)
        if addSpacePrefix && atStart { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) }
        for b in text {
            if b == 0x20 { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) } else { escaped.append(b) }
        }
        guard !escaped.isEmpty else { return }
        escaped.withUnsafeBufferPointer { scratch.merge($0, model: self, into: &output) }
    }

    /// Emits the final symbol `text[range]`: its piece id, the pieces it was merged from when it
    /// is an unused piece (`formedBy` maps a range to its split point), or byte fallback.
    func emit(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, formedBy: [Int: Int],
        into output: inout [Int32]
    ) {
        if let id = pieces.lookup(text.baseAddress! + range.lowerBound, range.count) {
            if unused.contains(id), let split = formedBy[range.lowerBound << 32 | range.upperBound] {
                emit(text, range.lowerBound..<split, formedBy: formedBy, into: &output)
                emit(text, split..<range.upperBound, formedBy: formedBy, into: &output)
            } else {
                output.append(id)
            }
            return
        }
        if hasByteTokens {
            for b in text[range] {
                let t = byteTokens[Int(b)]
                if t >= 0 { output.append(t) } else if let unknown { output.append(unknown) }
            }
        } else if let unknown {
            output.append(unknown)
        }
    }
}
