/// Everything needed to build a `Tokenizer`, as plain arrays: what a GGUF file's `tokenizer.*`
/// metadata holds, without depending on GGUF.
public struct TokenizerConfiguration: Sendable {
    /// The segmentation algorithm and its parameters.
    public enum Model: Sendable {
        /// Byte-level BPE (`gpt2` in GGUF): merge rules `"Ġ t"` ranked by position.
        case byteLevelBPE(merges: [String], preTokenizer: PreTokenizer)
        /// SentencePiece-style BPE (`llama` in GGUF): one score per token.
        case sentencePieceBPE(scores: [Float], addSpacePrefix: Bool)
        /// Rank-driven BPE over text whose spaces are `▁`, with `<0xBB>` byte fallback (`gemma4`
        /// in GGUF): merge rules `"▁ t"` ranked by position, tokens spelled with `▁`.
        case metaspaceBPE(merges: [String])
    }

    /// The algorithm.
    public var model: Model
    /// Token spellings by id, as stored in the vocabulary.
    public var tokens: [String]
    /// Token roles by id; all `.normal` when the file has none.
    public var tokenTypes: [TokenType]
    /// The beginning-of-sequence token.
    public var bosTokenID: Int?
    /// The end-of-sequence token.
    public var eosTokenID: Int?
    /// The unknown token.
    public var unknownTokenID: Int?
    /// The padding token.
    public var paddingTokenID: Int?
    /// Whether `encode(_:addSpecialTokens: true)` starts with BOS.
    public var addBOS: Bool
    /// Whether `encode(_:addSpecialTokens: true)` ends with EOS.
    public var addEOS: Bool

    /// Creates a configuration; `tokenTypes` defaults to all normal.
    public init(
        model: Model, tokens: [String], tokenTypes: [TokenType]? = nil,
        bosTokenID: Int? = nil, eosTokenID: Int? = nil, unknownTokenID: Int? = nil,
        paddingTokenID: Int? = nil, addBOS: Bool = false, addEOS: Bool = false
    ) {
        self.model = model
        self.tokens = tokens
        self.tokenTypes = tokenTypes ?? Array(repeating: .normal, count: tokens.count)
        self.bosTokenID = bosTokenID
        self.eosTokenID = eosTokenID
        self.unknownTokenID = unknownTokenID
        self.paddingTokenID = paddingTokenID
        self.addBOS = addBOS
        self.addEOS = addEOS
    }
}
