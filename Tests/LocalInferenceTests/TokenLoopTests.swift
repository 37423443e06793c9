import Foundation
import LLMEngine
import TestSupport
import Testing

@testable import LocalInference

/// The project's one token loop (`GenerationDriver`) on a tiny synthetic model over a real
/// `ModelContext`: greedy and seeded runs repeat, a second request reuses the context, and
/// cancellation, a full context or an oversized prompt stop it with a typed error while leaving
/// the context consistent and reusable. (Constraints, forced tokens and tool calls through the
/// same loop: `GuidedGenerationPropertyTests` and the real-model suites.)
@Suite("token loop", .serialized)
struct TokenLoopTests {
    /// The synthetic model, loaded once (its file is removed when the process ends).
    static let model: LocalModel = {
        // force-try: the synthetic model and its ChatML template are valid by construction.
        let path = try! TemplateErrorTests.model(template: "{% for m in messages %}{{ m.content }}{% endfor %}")
        let model = try! LocalModel(location: ModelLocation(path: path), contextSize: 64, threads: 2)
        TemplateErrorTests.remove(model: path)
        return model
    }()

    static let prompt = [5, 17, 42, 99, 3, 250, 7, 11, 64, 128, 2]

    /// Runs the loop on `context`, raw plan (every token allowed).
    static func run(
        _ context: ModelContext, prompt: [Int] = prompt, sampling: SamplingParameters = .greedy, maximumTokens: Int = 12,
        isCancelled: () -> Bool = { false }, onToken: (Int) -> Void = { _ in }
    ) throws -> GenerationOutcome {
        let request = GenerationRequest(prompt: prompt, plan: .raw, sampling: sampling, maximumTokens: maximumTokens)
        return try GenerationDriver.run(model: model, context: context, request: request, isCancelled: isCancelled) { event in
            if case .text(_, let count) = event { for _ in 0..<count { onToken(0) } }
        }
    }

    static func context(capacity: Int = 64) -> ModelContext { ModelContext(model: model.transformer, capacity: capacity) }

    /// What the context holds after `outcome`: the prompt and every token but a last one cut by
    /// the token limit (an end-of-turn token is never fed).
    static func held(after outcome: GenerationOutcome, prompt: [Int] = prompt) -> [Int] {
        prompt + (outcome.stopReason == .maximumTokens ? Array(outcome.tokens.dropLast()) : outcome.tokens)
    }

    @Test func greedyRepeatsAndASecondRequestReusesTheContext() throws {
        let context = Self.context()
        let first = try Self.run(context)
        #expect(!first.tokens.isEmpty)
        #expect(first.stopReason == .maximumTokens ? first.tokens.count == 12 : first.tokens.count < 12)
        #expect(first.reusedPromptTokens == 0 && first.prefilledTokens == Self.prompt.count)
        #expect(context.tokens == Self.held(after: first))

        let second = try Self.run(context)
        #expect(second.tokens == first.tokens)
        #expect(second.reusedPromptTokens == Self.prompt.count - 1)
        #expect(try Self.run(Self.context()).tokens == first.tokens)
    }

    @Test func seededSamplingRepeatsWithTheSameSeed() throws {
        func sample(seed: UInt64) throws -> [Int] {
            try Self.run(Self.context(), sampling: SamplingParameters(temperature: 1.5, topK: 50, seed: seed)).tokens
        }
        let runs = try (0..<3).map { _ in try sample(seed: 7) }
        #expect(runs.allSatisfy { $0 == runs[0] })
        let others = try (8..<12).map { try sample(seed: UInt64($0)) }
        #expect(others.contains { $0 != runs[0] }, "four other seeds all gave seed 7's tokens")
    }

    @Test func cancellationStopsBetweenTokensAndLeavesTheContextReusable() throws {
        let reference = try Self.run(Self.context())
        try #require(reference.tokens.count >= 4, "the reference run ended too soon to cancel in it")
        let context = Self.context()
        var steps = 0
        #expect(throws: CancellationError.self) {
            // Polled before every forward pass: the fourth poll (after the prefill and two
            // decode steps) cancels.
            _ = try Self.run(
                context,
                isCancelled: {
                    steps += 1
                    return steps > 3
                })
        }
        #expect(context.tokens.starts(with: Self.prompt))
        #expect(Array(context.tokens.dropFirst(Self.prompt.count)) == Array(reference.tokens.prefix(context.count - Self.prompt.count)))
        // The same context serves the next request, which matches a fresh run.
        #expect(try Self.run(context).tokens == reference.tokens)
    }

    @Test func aFullContextAndAnOversizedPromptAreTypedErrors() throws {
        let reference = try Self.run(Self.context(), maximumTokens: 20)
        try #require(reference.tokens.count == 20, "the reference run ended before filling the small context")
        let capacity = Self.prompt.count + 3
        let context = Self.context(capacity: capacity)
        #expect(throws: TokenLoopError.contextFull(tokens: capacity + 1, capacity: capacity)) {
            _ = try Self.run(context, maximumTokens: 20)
        }
        #expect(context.count == capacity)
        #expect(context.tokens == Self.prompt + reference.tokens.prefix(3))

        let small = Self.context(capacity: 4)
        #expect(throws: TokenLoopError.promptTooLong(tokens: Self.prompt.count, capacity: 4)) {
            _ = try Self.run(small)
        }
        #expect(small.count == 0)
        #expect(try Self.run(small, prompt: [1, 2], maximumTokens: 2).tokens.count <= 2)
    }
}
