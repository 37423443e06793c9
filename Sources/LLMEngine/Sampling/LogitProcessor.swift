/// A stage of the sampler chain that sees the full-vocabulary logits before a token is chosen:
/// a grammar constraint masking tokens, an end-of-sequence stop, a repetition penalty, a bias.
/// This is the only door through which constraints enter the engine (the engine knows nothing
/// about schemas).
///
/// The token loop (`LocalInference`'s `GenerationDriver`, the one loop of the project) asks the
/// chain, through `Sampler`, at every step:
/// 1. `isFinished` — whether any stage has ended the generation (an end token accepted);
/// 2. `forcedTokens()` — the tokens a stage allows alone from here: the loop accepts and feeds
///    them without sampling (in one forward pass with the token before them);
/// 3. `apply(to:)` on the logits, in chain order, then the selection (greedy or a draw);
/// 4. `accept(_:)` with the chosen token, sampled or forced, in chain order.
///
/// `reset` returns a stage to the start of a generation.
public protocol LogitProcessor: AnyObject, Sendable {
    /// Adjusts `logits` (one per vocabulary entry) in place; forbidden tokens become `-infinity`.
    func apply(to logits: inout [Float])

    /// Records the token that was chosen after `apply` (or forced).
    func accept(_ token: Int)

    /// Returns to the initial state.
    func reset()

    /// The tokens that must come next, in order, when this stage allows only one continuation
    /// (empty when the model has a choice). Default: none.
    func forcedTokens() -> [Int]

    /// Whether this stage has ended the generation (no token may follow). Default: never.
    var isFinished: Bool { get }

    /// Every token `apply(to:)` could leave allowed at this point, when there are at most
    /// `limit` of them (an enum's first tokens, a digit, `,` or `]`); `nil` when more may be, or
    /// the stage cannot tell cheaply. The loop then has the forward pass compute only those
    /// entries of the next logits (the rest `-infinity`, as this stage would make them).
    /// Default: `nil`.
    func candidateTokens(atMost limit: Int) -> [Int]?
}

extension LogitProcessor {
    /// No forced tokens.
    public func forcedTokens() -> [Int] { [] }

    /// Never finished.
    public var isFinished: Bool { false }

    /// Any token may be allowed.
    public func candidateTokens(atMost limit: Int) -> [Int]? { nil }
}

extension Array where Element == Float {
    /// Sets every entry not allowed by `isAllowed` to `-infinity`.
    public mutating func mask(where isAllowed: (Int) -> Bool) {
        for i in indices where !isAllowed(i) { self[i] = -.infinity }
    }
}
