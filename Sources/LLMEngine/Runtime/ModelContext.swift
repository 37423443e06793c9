import Kernels
import Synchronization

/// A conversation's state on one model: the KV cache and the tokens it holds, so that a new
/// request only prefills what differs from the previous one (prefix reuse) and a constrained
/// decoder can take tokens back (rewind).
///
/// ```swift
/// let context = ModelContext(model: model, capacity: 4096)
/// var logits = try context.prefill(promptTokens)       // reuses the longest common prefix
/// logits = try context.append(token)                    // one decode step
/// context.rewind(to: context.count - 2)                 // forget the last two positions
/// ```
///
/// Calls are serialized by a lock (a request's steps normally come from one task at a time).
/// A failed or cancelled step leaves the context consistent: `tokens` always describes exactly
/// the positions the cache holds. Decode steps (`append`) of contexts on the same model that
/// run at the same time, from different threads, are computed together in one forward pass
/// (`DecodeBatcher`), with the same logits each would get alone.
public final class ModelContext: Sendable {
    /// The model.
    public let model: Transformer
    /// Positions the context can hold.
    public let capacity: Int
    private let state: Mutex<State>

    /// The cache and the tokens it holds (reached by `DecodeBatcher` under the lock).
    struct State {
        var cache: KVCache // keys and values of `tokens`
        var tokens: [Int] = []

        mutating func rewind(to count: Int) {
            let kept = min(tokens.count, max(0, count))
            cache.truncate(to: kept)
            tokens.removeLast(tokens.count - kept)
        }
    }

    /// A context of `capacity` positions (prompt and generated tokens together), its keys and
    /// values stored in `format`.
    public init(model: Transformer, capacity: Int, format: KVFormat = .f16) {
        self.model = model
        let cache = model.makeCache(capacity: max(1, capacity), format: format)
        self.capacity = cache.capacity
        state = Mutex(State(cache: cache))
    }

    /// The tokens whose keys and values the cache holds, in order.
    public var tokens: [Int] { state.withLock { $0.tokens } }
    /// Positions held.
    public var count: Int { state.withLock { $0.tokens.count } }

    /// Makes the context hold exactly `prompt` and returns the logits after its last token
    /// (`[vocabularySize]`). The longest common prefix with the tokens already held is kept;
    /// only the rest is computed. When `prompt` is entirely held already, its last position is
    /// computed again (the logits after it were not kept).
    ///
    /// Throws `GenerationFailure.exceedsContext` (before changing anything) when `prompt` is
    /// longer than the capacity, `.tokenOutOfRange` for an id outside the vocabulary.
    @discardableResult
    public func prefill(_ prompt: [Int]) throws(GenerationFailure) -> [Float] {
        guard !prompt.isEmpty else { return [] }
        guard prompt.count <= capacity else {
            throw .exceedsContext(tokens: prompt.count, used: 0, capacity: capacity)
        }
        return try state.withLock { (s: inout State) throws(GenerationFailure) -> [Float] in
            let keep = Self.reusablePrefixLength(s.tokens, prompt)
            s.rewind(to: keep)
            let rest = Array(prompt[keep...])
            let logits = try model.forward(tokens: rest, cache: &s.cache)
            s.tokens += rest
            return logits
        }
    }

    /// How many leading positions of `prompt` `prefill(prompt)` would keep instead of
    /// computing: the common prefix with `tokens`, short of `prompt`'s last position.
    public func reusablePrefixLength(of prompt: [Int]) -> Int {
        state.withLock { Self.reusablePrefixLength($0.tokens, prompt) }
    }

    private static func reusablePrefixLength(_ held: [Int], _ prompt: [Int]) -> Int {
        var keep = 0
        let limit = min(held.count, prompt.count - 1)
        while keep < limit, held[keep] == prompt[keep] { keep += 1 }
        return keep
    }

    /// Runs one more token and returns the logits after it (`[vocabularySize]`).
    /// Throws `GenerationFailure.contextFull` when no position is left.
    ///
    /// Concurrent calls on other contexts of the same model share forward passes (see the type's
    /// summary); a generation alone runs exactly as before.
    public func append(_ token: Int) throws(GenerationFailure) -> [Float] {
        try append(contentsOf: [token])
    }

    /// Runs `tokens` after the positions held and returns the logits after the last one
    /// (`[vocabularySize]`): the forced tokens of a constrained decoder, for example. A few tokens
    /// join other contexts' decode steps; more run as a prefill chunk of their own.
    ///
    /// Throws (before changing anything) `GenerationFailure.contextFull` when no position is
    /// left, `.exceedsContext` when they do not fit, `.tokenOutOfRange` for an id outside the
    /// vocabulary.
    public func append(contentsOf tokens: [Int]) throws(GenerationFailure) -> [Float] {
        guard !tokens.isEmpty else { return [] }
        guard tokens.count <= DecodeBatcher.maximumRows else {
            return try state.withLock { (s: inout State) throws(GenerationFailure) -> [Float] in
                let logits = try model.forward(tokens: tokens, cache: &s.cache)
                s.tokens += tokens
                return logits
            }
        }
        return try model.batcher.run(DecodeBatcher.Step(context: self, tokens: tokens), on: model)
    }

    /// Calls `body` with the states of `contexts` locked (in that order) and reachable through
    /// the pointers, which stay valid for the duration of the call.
    static func withStates(_ contexts: [ModelContext], _ body: ([UnsafeMutablePointer<State>]) -> Void) {
        func nest(_ i: Int, _ held: [UnsafeMutablePointer<State>]) {
            guard i < contexts.count else { return body(held) }
            contexts[i].state.withLock { s in
                withUnsafeMutablePointer(to: &s) { nest(i + 1, held + [$0]) }
            }
        }
        nest(0, [])
    }

    /// Forgets every position from `count` on (O(1)).
    public func rewind(to count: Int) {
        state.withLock { $0.rewind(to: count) }
    }

    /// Forgets everything.
    public func reset() { rewind(to: 0) }
}
