/// A stage of the sampler chain that sees the full-vocabulary logits before a token is chosen:
/// a grammar constraint masking tokens, a repetition penalty, a bias. This is the only door
/// through which constraints enter the engine (the engine knows nothing about schemas).
///
/// The token loop calls `apply` once per step, then `accept` with the chosen token (sampled or
/// forced), and `reset` before a new generation.
public protocol LogitProcessor: AnyObject, Sendable {
    /// Adjusts `logits` (one per vocabulary entry) in place; forbidden tokens become `-infinity`.
    func apply(to logits: inout [Float])

    /// Records the token that was chosen after `apply`.
    func accept(_ token: Int)

    /// Returns to the initial state.
    func reset()
}

extension Array where Element == Float {
    /// Sets every entry not allowed by `isAllowed` to `-infinity`.
    public mutating func mask(where isAllowed: (Int) -> Bool) {
        for i in indices where !isAllowed(i) { self[i] = -.infinity }
    }
}
