import Foundation
import LLMEngine
import Synchronization

extension LocalModel {
    /// Generates a response on a thread of its own (never on Swift's cooperative pool, which a
    /// long forward pass would starve), in the idle context holding the longest prefix of the
    /// prompt. `onEvent` receives text as it is generated, on that thread.
    ///
    /// Cancelling the calling task stops generation before the next forward pass (prefill chunks
    /// included) and throws `CancellationError`; the context stays consistent and is reused.
    ///
    /// ```swift
    /// let outcome = try await model.generate(request) { event in
    ///     if case .text(let text, _) = event { print(text, terminator: "") }
    /// }
    /// ```
    package func generate(
        _ request: GenerationRequest, onEvent: @escaping @Sendable (GenerationEvent) -> Void = { _ in }
    ) async throws -> GenerationOutcome {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<GenerationOutcome, any Error>) in
                let thread = Thread { [self] in
                    continuation.resume(
                        with: Result {
                            try generateSynchronously(request, isCancelled: { flag.isSet }, onEvent: onEvent)
                        })
                }
                thread.name = "fm-generate"
                thread.stackSize = 8 << 20
                thread.start()
            }
        } onCancel: {
            flag.set()
        }
    }

    /// Generates synchronously on the calling thread (command-line tools, benchmarks).
    package func generateSynchronously(
        _ request: GenerationRequest, isCancelled: () -> Bool = { false }, onEvent: (GenerationEvent) -> Void = { _ in }
    ) throws -> GenerationOutcome {
        if let script = scriptedLogits.withLock({ $0 }) {
            let outcome = try GenerationDriver.run(model: self, context: script(), request: request, isCancelled: isCancelled, onEvent: onEvent)
            renderer.remember(response: outcome.text, tokens: outcome.responseTokens)
            return outcome
        }
        let context = contexts.acquire(for: request.prompt)
        var computed = 0 // stays 0 when the request fails: nothing is saved then
        defer { contexts.release(context, prompt: request.prompt, computed: computed) }
        let outcome = try GenerationDriver.run(model: self, context: context, request: request, isCancelled: isCancelled, onEvent: onEvent)
        computed = outcome.prefilledTokens
        renderer.remember(response: outcome.text, tokens: outcome.responseTokens)
        return outcome
    }

    /// Drops the idle contexts and the prefixes they hold, releasing their memory: the next
    /// request prefills its whole prompt.
    package func discardIdleContexts() {
        contexts.removeIdle()
    }

    /// Fills an idle context with `prompt` (instructions a session will start with), so the first
    /// request only computes what follows them.
    package func prefill(_ prompt: [Int]) throws {
        guard !prompt.isEmpty, prompt.count < contextSize else { return }
        let context = contexts.acquire(for: prompt)
        var computed = 0
        defer { contexts.release(context, prompt: prompt, computed: computed) }
        let reused = context.reusablePrefixLength(of: prompt)
        _ = try context.prefill(prompt)
        computed = prompt.count - reused
    }
}

/// A flag the cancelling task sets and the generating thread polls.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the flag is set.
    var isSet: Bool { value.load(ordering: .relaxed) }

    /// Sets the flag.
    func set() { value.store(true, ordering: .relaxed) }
}
