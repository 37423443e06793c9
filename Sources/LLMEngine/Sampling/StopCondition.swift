/// When the token loop stops.
public struct StopCondition: Sendable, Equatable {
    /// Tokens that end the generation (not emitted).
    public var endOfSequenceTokens: Set<Int>
    /// The most tokens to generate.
    public var maximumTokens: Int?

    /// Creates a stop condition.
    public init(endOfSequenceTokens: Set<Int>, maximumTokens: Int? = nil) {
        self.endOfSequenceTokens = endOfSequenceTokens
        self.maximumTokens = maximumTokens
    }

    /// Why generation ended.
    public enum Reason: Sendable, Equatable {
        /// An end-of-sequence token was produced.
        case endOfSequence(Int)
        /// `maximumTokens` were produced.
        case maximumTokens
    }

    /// Whether to stop after `token`, having produced `count` tokens (this one included).
    public func check(_ token: Int, count: Int) -> Reason? {
        if endOfSequenceTokens.contains(token) { return .endOfSequence(token) }
        if let maximumTokens, count >= maximumTokens { return .maximumTokens }
        return nil
    }
}
