/// What the constrained decoder needs to know about a model's tokens: the bytes each token
/// writes, and which tokens end the output. The decoder never sees a model or a tokenizer.
///
/// ```swift
/// struct MyVocabulary: Vocabulary {
///     var tokenCount: Int { pieces.count }
///     func tokenBytes(_ id: Int) -> [UInt8] { pieces[id] }
///     func isSpecial(_ id: Int) -> Bool { id >= firstSpecial }
///     var endOfSequenceTokens: [Int] { [eos] }
/// }
/// ```
public protocol Vocabulary: Sendable {
    /// The number of token ids (`0..<tokenCount`).
    var tokenCount: Int { get }

    /// The bytes token `id` appends to the output text (possibly an incomplete UTF-8 sequence).
    func tokenBytes(_ id: Int) -> [UInt8]

    /// Whether `id` is a special (control) token that writes no text of its own: it never takes
    /// part in grammar matching, except the end-of-sequence tokens.
    func isSpecial(_ id: Int) -> Bool

    /// The tokens that end the output; allowed only where the grammar is complete.
    var endOfSequenceTokens: [Int] { get }
}

/// A vocabulary held in plain arrays (tests, tools, cached vocabularies).
public struct ArrayVocabulary: Vocabulary {
    /// Bytes of every token.
    public let pieces: [[UInt8]]
    /// Which tokens are special.
    public let special: Set<Int>
    /// The end-of-sequence tokens.
    public let endOfSequenceTokens: [Int]

    /// Creates a vocabulary from token bytes, special ids and end-of-sequence ids.
    public init(pieces: [[UInt8]], special: Set<Int> = [], endOfSequenceTokens: [Int] = []) {
        self.pieces = pieces
        self.special = special.union(endOfSequenceTokens)
        self.endOfSequenceTokens = endOfSequenceTokens
    }

    /// Creates a vocabulary from token texts.
    public init(strings: [String], special: Set<Int> = [], endOfSequenceTokens: [Int] = []) {
        self.init(pieces: strings.map { Array($0.utf8) }, special: special, endOfSequenceTokens: endOfSequenceTokens)
    }

    /// The number of tokens.
    public var tokenCount: Int { pieces.count }
    /// The bytes token `id` stands for.
    public func tokenBytes(_ id: Int) -> [UInt8] { pieces[id] }
    /// Whether token `id` is markup (a special token) rather than text.
    public func isSpecial(_ id: Int) -> Bool { special.contains(id) }
}
