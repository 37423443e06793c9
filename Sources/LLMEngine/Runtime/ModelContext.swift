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
/// Every forward pass on a context holds its lock; a context's calls are meant to come from one
/// task at a time (a prefill is several passes, one per chunk, so two callers at once would
/// interleave theirs). A failed or cancelled step leaves the context consistent: `tokens` always
/// describes exactly the positions the cache holds. The model's `StepScheduler` orders the
/// passes of all its contexts: decode steps (`append`) that run at the same time, from
/// different threads, are computed together in one forward pass, with the same logits each
/// would get alone, and prefill chunks take turns with them, so a long prompt does not stop
/// the generations already running.
public final class ModelContext: Sendable {
    /// The model.
    public let model: Transformer
    /// Positions the context can hold.
    public let capacity: Int
    let state: Mutex<State>

    /// The cache and the tokens it holds (reached by `StepScheduler` under the lock).
    struct State {
        var cache: KVCache // keys and values of `tokens`
        var tokens: [Int] = []

        /// Forgets the positions from `count` on (from the latest position before it that a
        /// model's recurrent states can return to: `KVCache.truncate(to:)`).
        mutating func rewind(to count: Int) {
            cache.truncate(to: min(tokens.count, max(0, count)))
            tokens.removeLast(tokens.count - cache.count)
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
    /// only the rest is computed, in chunks of `Transformer.batchCapacity` positions that take
    /// turns with other contexts' decode steps (`StepScheduler`). When `prompt` is entirely held
    /// already, its last position is computed again (the logits after it were not kept).
    ///
    /// `isCancelled` is asked before every chunk; when it answers `true` the prefill stops with
    /// `GenerationFailure.cancelled`, the context holding the chunks done so far.
    ///
    /// Throws `GenerationFailure.exceedsContext` (before changing anything) when `prompt` is
    /// longer than the capacity, `.tokenOutOfRange` for an id outside the vocabulary.
    @discardableResult
    public func prefill(_ prompt: [Int], isCancelled: () -> Bool = { false }) throws(GenerationFailure) -> [Float] {
        guard !prompt.isEmpty else { return [] }
        guard prompt.count <= capacity else {
            throw .exceedsContext(tokens: prompt.count, used: 0, capacity: capacity)
        }
        try checkVocabulary(prompt)
        let keep = state.withLock { (s: inout State) -> Int in
            s.rewind(to: Self.reusablePrefixLength(s.tokens, prompt))
            // Recurrent states are kept after the prompt and after all but its last token: the
            // next turn continues from the one, the same prompt asked again from the other.
            s.cache.keepStates(at: [prompt.count - 1, prompt.count])
            return s.tokens.count
        }
        return try run(prompt[keep...], isCancelled: isCancelled)
    }

    /// Throws `GenerationFailure.tokenOutOfRange` for the first id of `tokens` outside the
    /// vocabulary: a prompt that runs in chunks is checked whole, before its first chunk commits.
    private func checkVocabulary(_ tokens: [Int]) throws(GenerationFailure) {
        let vocabulary = model.hyperparameters.vocabularySize
        if let bad = tokens.first(where: { !(0..<vocabulary).contains($0) }) {
            throw .tokenOutOfRange(bad, vocabularySize: vocabulary)
        }
    }

    /// Runs `tokens` after the positions held as prefill chunks through the model's scheduler,
    /// and returns the logits after the last one.
    private func run(_ tokens: ArraySlice<Int>, isCancelled: () -> Bool, candidates: [Int]? = nil) throws(GenerationFailure) -> [Float] {
        let scheduler = model.scheduler, arrival = ContinuousClock.now, chunk = model.batchCapacity
        var start = tokens.startIndex
        while true {
            if isCancelled() { throw .cancelled }
            let end = min(tokens.endIndex, start + chunk)
            let step = StepScheduler.Step(
                context: self, tokens: Array(tokens[start..<end]),
                kind: .chunk(remaining: tokens.endIndex - start, arrival: arrival), wantsLogits: end == tokens.endIndex,
                candidates: end == tokens.endIndex ? candidates : nil)
            let logits = try scheduler.run(step, on: model)
            if end == tokens.endIndex { return logits }
            start = end
        }
    }

    /// How many leading positions of `prompt` `prefill(prompt)` would keep instead of
    /// computing: the common prefix with `tokens`, short of `prompt`'s last position (with
    /// recurrent layers, the latest position within it their states can return to).
    public func reusablePrefixLength(of prompt: [Int]) -> Int {
        state.withLock { $0.cache.restorable(atMost: Self.reusablePrefixLength($0.tokens, prompt)) }
    }

    /// The latest position at or before `limit` (and at most `count`) the context can be
    /// rewound to exactly: `limit` itself for a model of attention layers only.
    public func restorablePrefixLength(atMost limit: Int) -> Int {
        state.withLock { $0.cache.restorable(atMost: limit) }
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
    /// With `candidates`, only those entries of the logits are computed when they are few
    /// (`Transformer.candidateLimit`), every other one `-infinity`: a constrained decoder that
    /// allows no other token next passes them.
    ///
    /// Throws (before changing anything) `GenerationFailure.contextFull` when no position is
    /// left, `.exceedsContext` when they do not fit, `.tokenOutOfRange` for an id outside the
    /// vocabulary.
    public func append(contentsOf tokens: [Int], candidates: [Int]? = nil) throws(GenerationFailure) -> [Float] {
        guard !tokens.isEmpty else { return [] }
        guard tokens.count <= StepScheduler.maximumRows else {
            // A prefill of its own, checked whole first: its chunks commit one by one.
            try checkVocabulary(tokens)
            let count = state.withLock { $0.cache.count }
            guard count + tokens.count <= capacity else {
                throw count >= capacity
                    ? .contextFull(capacity: capacity) : .exceedsContext(tokens: tokens.count, used: count, capacity: capacity)
            }
            return try run(tokens[...], isCancelled: { false }, candidates: candidates)
        }
        return try model.scheduler.run(StepScheduler.Step(context: self, tokens: tokens, candidates: candidates), on: model)
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

    /// Forgets every position from `count` on (O(1)). A model with recurrent layers goes back
    /// to the latest position at or before `count` its states can return to (`self.count`
    /// says which): where a prompt ended, or one short of it, or the start.
    public func rewind(to count: Int) {
        state.withLock { $0.rewind(to: count) }
    }

    /// Forgets everything.
    public func reset() { rewind(to: 0) }
}
