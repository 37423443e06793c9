/// The token loop: prefill a prompt, then sample, check the stop condition, hand the token out
/// and decode it, until the model ends, the budget is spent, the context is full or the task
/// is cancelled.
///
/// ```swift
/// let context = ModelContext(model: model, capacity: 2048)
/// var sampler = Sampler(.greedy, processors: [grammar])     // constraints plug in here
/// let stop = StopCondition(endOfSequenceTokens: [eos], maximumTokens: 256)
/// let result = try TokenGenerator.run(context: context, prompt: ids, sampler: &sampler, stop: stop) { token in
///     print(detokenizer.append(token), terminator: "")
/// }
/// ```
///
/// Cancellation is checked between tokens (`Task.checkCancellation`, so the caller sees
/// `CancellationError`); whatever happens, the context stays consistent and reusable: it holds
/// the prompt and every token handed out except the last one (whose logits were never needed).
public enum TokenGenerator {
    /// What a finished generation produced.
    public struct Result: Sendable, Equatable {
        /// The generated tokens, the end-of-sequence token excluded.
        public var tokens: [Int]
        /// Why the loop stopped.
        public var stopReason: StopCondition.Reason
        /// Prompt positions taken over from the context instead of being computed.
        public var reusedPromptTokens: Int
        /// Prompt positions computed.
        public var prefilledTokens: Int
        /// Time spent computing the prompt.
        public var prefillDuration: Duration
        /// Decode steps (forward passes of one generated token) run after the prompt.
        public var decodeSteps: Int
        /// Time spent sampling and in decode steps, after the prompt.
        public var decodeDuration: Duration
    }

    /// Runs the loop; `onToken` receives each generated token (never the end-of-sequence one)
    /// and may throw to stop it.
    ///
    /// Throws `GenerationFailure` (`.exceedsContext` for a prompt that does not fit,
    /// `.contextFull` when generation reaches the capacity, `.noAllowedToken` when the
    /// sampler's processors forbid every token), `CancellationError`, or what `onToken` throws.
    public static func run(
        context: ModelContext, prompt: [Int], sampler: inout Sampler, stop: StopCondition,
        onToken: (Int) throws -> Void
    ) throws -> Result {
        let clock = ContinuousClock()
        try Task.checkCancellation()
        let reused = context.reusablePrefixLength(of: prompt)
        let prefillStart = clock.now
        var logits = try context.prefill(prompt)
        let prefillDuration = clock.now - prefillStart
        var result = Result(
            tokens: [], stopReason: .maximumTokens, reusedPromptTokens: reused,
            prefilledTokens: prompt.count - reused, prefillDuration: prefillDuration, decodeSteps: 0, decodeDuration: .zero)
        if let maximum = stop.maximumTokens, maximum <= 0 { return result }
        let decodeStart = clock.now
        while true {
            try Task.checkCancellation()
            guard let token = sampler.sample(&logits) else { throw GenerationFailure.noAllowedToken(position: context.count) }
            let reason = stop.check(token, count: result.tokens.count + 1)
            if case .endOfSequence = reason {
                result.stopReason = reason!
                break
            }
            result.tokens.append(token)
            try onToken(token)
            if let reason {
                result.stopReason = reason
                break
            }
            try Task.checkCancellation()
            logits = try context.append(token)
            result.decodeSteps += 1
        }
        result.decodeDuration = clock.now - decodeStart
        return result
    }
}
