/// Converts text to token ids and back, exactly as the model's reference tokenizer does.
///
/// ```swift
/// let tokenizer = try Tokenizer(configuration)
/// let ids = tokenizer.encode("<|im_start|>user\nHi<|im_end|>", parseSpecial: true)
/// let text = tokenizer.decode(ids)
/// ```
///
/// Encoding first cuts out special tokens written whole in the text (user-defined ones always,
/// control ones only with `parseSpecial`), then hands each stretch of ordinary text to the model
/// (`ByteLevelBPE`, `SentencePieceBPE` or `MetaspaceBPE`). The type is immutable and safe to share.
public final class Tokenizer: Sendable {
    /// The configuration this tokenizer was built from.
    public let configuration: TokenizerConfiguration
    private let model: ModelKind
    private let matcher: SpecialTokenMatcher
    /// Bytes each token decodes to: `decodedBytes[offsets[id]..<offsets[id + 1]]`.
    private let decodedBytes: [UInt8]
    private let offsets: [Int32]

    private enum ModelKind: Sendable {
        case byteLevel(ByteLevelBPE)
        case sentencePiece(SentencePieceBPE)
        case metaspace(MetaspaceBPE)
    }

    /// Builds the tokenizer, checking the arrays agree with each other.
    public init(_ configuration: TokenizerConfiguration) throws(TokenizerError) {
        let tokens = configuration.tokens
        let n = tokens.count
        guard n > 0 else { throw .emptyVocabulary }
        guard configuration.tokenTypes.count == n else {
            throw .lengthMismatch(what: "token types", expected: n, found: configuration.tokenTypes.count)
        }
        for (name, id) in [
            ("BOS", configuration.bosTokenID), ("EOS", configuration.eosTokenID),
            ("unknown", configuration.unknownTokenID), ("padding", configuration.paddingTokenID),
        ] {
            if let id, !(0..<n).contains(id) {
                throw .specialTokenOutOfRange(name: name, id: id, vocabularySize: n)
            }
        }
        let types = configuration.tokenTypes
        var raw: [[UInt8]] = []
        raw.reserveCapacity(n)
        switch configuration.model {
        case let .byteLevelBPE(merges, preTokenizer):
            for (id, token) in tokens.enumerated() {
                // Control and user-defined tokens are spelled as plain text, not in the byte alphabet.
                if types[id] == .control || types[id] == .userDefined {
                    raw.append(Array(token.utf8))
                } else {
                    raw.append(ByteLevelAlphabet.decode(token) ?? Array(token.utf8))
                }
            }
            model = .byteLevel(
                try ByteLevelBPE(
                    tokens: tokens, merges: merges,
                    preTokenizer: preTokenizer, rawBytes: raw))
        case let .sentencePieceBPE(scores, addSpacePrefix):
            guard scores.count == n else { throw .lengthMismatch(what: "scores", expected: n, found: scores.count) }
            raw = Self.spaceMarkerBytes(tokens, types)
            model = .sentencePiece(
                SentencePieceBPE(
                    tokens: tokens, types: types, scores: scores,
                    unknown: configuration.unknownTokenID,
                    addSpacePrefix: addSpacePrefix))
        case let .metaspaceBPE(merges):
            raw = Self.spaceMarkerBytes(tokens, types)
            model = .metaspace(
                try MetaspaceBPE(tokens: tokens, types: types, merges: merges, unknown: configuration.unknownTokenID))
        }
        var specials: [(id: Int32, text: [UInt8], isControl: Bool)] = []
        for (id, type) in types.enumerated() where type == .control || type == .userDefined {
            specials.append((Int32(id), Array(tokens[id].utf8), type == .control))
        }
        matcher = SpecialTokenMatcher(specials)
        var flat: [UInt8] = []
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(n + 1)
        for bytes in raw {
            flat.append(contentsOf: bytes)
            offsets.append(Int32(flat.count))
        }
        decodedBytes = flat
        self.offsets = offsets
        self.configuration = configuration
    }

    /// The number of tokens in the vocabulary.
    public var vocabularySize: Int { configuration.tokens.count }

    /// The beginning-of-sequence token id.
    public var bosTokenID: Int? { configuration.bosTokenID }

    /// The end-of-sequence token id.
    public var eosTokenID: Int? { configuration.eosTokenID }

    /// The spelling of token `id` as stored in the vocabulary (`Ġthe`, `▁the`, `<0x0A>`).
    public func piece(_ id: Int) -> String { configuration.tokens[id] }

    /// The role of token `id`.
    public func tokenType(_ id: Int) -> TokenType { configuration.tokenTypes[id] }

    /// The bytes token `id` contributes to decoded text (control tokens give their spelling).
    public func tokenBytes(_ id: Int) -> ArraySlice<UInt8> {
        decodedBytes[Int(offsets[id])..<Int(offsets[id + 1])]
    }

    /// Encodes `text`.
    ///
    /// - Parameters:
    ///   - addSpecialTokens: adds BOS/EOS when the vocabulary asks for them (`addBOS`, `addEOS`).
    ///   - parseSpecial: recognises control tokens written in the text (`<|im_start|>`); without
    ///     it they are tokenized as ordinary text. User-defined tokens are always recognised.
    public func encode(_ text: String, addSpecialTokens: Bool = true, parseSpecial: Bool = false) -> [Int] {
        var output: [Int32] = []
        output.reserveCapacity(text.utf8.count / 3 + 2)
        if addSpecialTokens, configuration.addBOS, let bos = configuration.bosTokenID { output.append(Int32(bos)) }
        var utf8 = text
        if case .sentencePiece = model, text.utf8.contains(0xE2) {
            // SentencePiece escapes spaces as `▁` and cannot tell a written `▁` from a space
            // afterwards (user-defined space runs match either); make that explicit up front.
            utf8 = text.replacingSpaceMarker()
        }
        utf8.withUTF8 { buffer in
            var bpeScratch = BPEScratch()
            var spmScratch = SPMScratch()
            var segmentStart = 0
            var i = 0
            func flush(_ end: Int) {
                guard segmentStart < end else { return }
                let segment = UnsafeBufferPointer(rebasing: buffer[segmentStart..<end])
                switch model {
                case let .byteLevel(bpe): bpe.encode(segment, into: &output, scratch: &bpeScratch)
                case let .sentencePiece(spm):
                    spm.encode(segment, atStart: segmentStart == 0, into: &output, scratch: &spmScratch)
                case let .metaspace(bpe): bpe.encode(segment, into: &output, scratch: &bpeScratch)
                }
            }
            if !matcher.isEmpty {
                while i < buffer.count {
                    if let (id, length) = matcher.match(buffer, at: i, parseSpecial: parseSpecial) {
                        flush(i)
                        output.append(id)
                        i += length
                        segmentStart = i
                    } else {
                        i += 1
                    }
                }
            }
            flush(buffer.count)
        }
        if addSpecialTokens, configuration.addEOS, let eos = configuration.eosTokenID { output.append(Int32(eos)) }
        return output.map(Int.init)
    }

    /// Decodes ids to text; invalid UTF-8 (a character cut between tokens) becomes U+FFFD.
    /// - Parameter skipSpecialTokens: omits control tokens (BOS, `<|im_end|>`...).
    public func decode(_ ids: [Int], skipSpecialTokens: Bool = false) -> String {
        String(decoding: decodeBytes(ids, skipSpecialTokens: skipSpecialTokens), as: UTF8.self)
    }

    /// Decodes ids to raw bytes.
    public func decodeBytes(_ ids: [Int], skipSpecialTokens: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        for id in ids where (0..<vocabularySize).contains(id) {
            if skipSpecialTokens, configuration.tokenTypes[id] == .control { continue }
            out.append(contentsOf: tokenBytes(id))
        }
        return out
    }

    /// The bytes each token decodes to in a vocabulary spelled with `▁`: byte tokens their byte,
    /// normal and unused tokens their spelling with `▁` turned into spaces, the others (control,
    /// user-defined) their spelling as it is.
    private static func spaceMarkerBytes(_ tokens: [String], _ types: [TokenType]) -> [[UInt8]] {
        tokens.enumerated().map { id, token in
            if types[id] == .byte, let b = SentencePieceBPE.parseByteToken(token) { return [b] }
            if types[id] == .normal || types[id] == .unused { return Array(token.replacingSpaceMarker().utf8) }
            return Array(token.utf8)
        }
    }

    /// A decoder for a stream of ids that only ever emits whole characters.
    public func makeStreamingDetokenizer(skipSpecialTokens: Bool = false) -> StreamingDetokenizer {
        StreamingDetokenizer(tokenizer: self, skipSpecialTokens: skipSpecialTokens)
    }
}

extension String {
    /// Replaces SentencePiece's `▁` (U+2581) with a space.
    func replacingSpaceMarker() -> String {
        guard utf8.contains(0xE2) else { return self }
        return String(unicodeScalars.map { $0 == "\u{2581}" ? " " : Character($0) })
    }
}
