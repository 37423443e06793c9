/// How to compile a `RegexPattern` into a `ByteDFA`.
public struct AutomatonOptions: Hashable, Sendable {
    /// Whole-text match or substring search.
    public var mode: MatchMode
    /// How text is spelled in bytes.
    public var encoding: TextEncoding
    /// The fewest Unicode scalars the (decoded) text may have, e.g. JSON Schema `minLength`.
    public var minLength: Int
    /// The most Unicode scalars the (decoded) text may have, e.g. JSON Schema `maxLength`.
    public var maxLength: Int?
    /// Size limits.
    public var limits: AutomatonLimits

    /// Creates options; the defaults compile a whole-match UTF-8 automaton with no length bounds.
    public init(
        mode: MatchMode = .wholeMatch, encoding: TextEncoding = .utf8,
        minLength: Int = 0, maxLength: Int? = nil, limits: AutomatonLimits = AutomatonLimits()
    ) {
        self.mode = mode
        self.encoding = encoding
        self.minLength = minLength
        self.maxLength = maxLength
        self.limits = limits
    }
}

/// Size limits for compilation; exceeding an NFA limit throws `automatonTooLarge`, the DFA limit
/// is handled as `ByteDFA` documents.
public struct AutomatonLimits: Hashable, Sendable {
    /// The most states of the scalar NFA (counted repetitions and length bounds multiply it).
    public var scalarNFAStates: Int
    /// The most states of the byte NFA.
    public var byteNFAStates: Int
    /// The most states the lazy DFA builds.
    public var dfaStates: Int

    /// Creates limits; the defaults suit schema patterns (a few MB at most).
    public init(scalarNFAStates: Int = 100_000, byteNFAStates: Int = 1_000_000, dfaStates: Int = 10_000) {
        self.scalarNFAStates = scalarNFAStates
        self.byteNFAStates = byteNFAStates
        self.dfaStates = dfaStates
    }
}
