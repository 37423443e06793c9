import GGUF
import LLMEngine
import TestSupport
import Testing

/// The token loop and the context under it: prefix reuse computes what a fresh context would,
/// greedy and seeded runs repeat, and cancellation, a full context or a dead end stop the loop
/// with a typed error while leaving the context consistent and reusable.
@Suite("token loop")
struct TokenGeneratorTests {
    static let model: Transformer = {
        // force-try: the synthetic writer's output is a valid model by construction (tested elsewhere)
        let file = try! GGUFFile(bytes: SyntheticModel(architecture: "llama").writer().encoded())
        return try! Transformer(file: file, threads: 2, batchCapacity: 8)
    }()

    static let prompt = [5, 17, 42, 99, 3, 250, 7, 11, 64, 128, 2]
    static let noEOS = StopCondition(endOfSequenceTokens: [], maximumTokens: 12)

    static func greedy(_ context: ModelContext, _ prompt: [Int] = prompt, stop: StopCondition = noEOS) throws -> TokenGenerator.Result {
        var sampler = Sampler(.greedy)
        return try TokenGenerator.run(context: context, prompt: prompt, sampler: &sampler, stop: stop) { _ in }
    }

    @Test func prefillReusesTheCommonPrefixAndComputesTheSameLogits() throws {
        let model = Self.model
        let a = Self.prompt, b = a + [77, 78, 79]
        let context = ModelContext(model: model, capacity: 64)
        _ = try context.prefill(a)
        #expect(context.reusablePrefixLength(of: b) == a.count)
        let extended = try context.prefill(b)
        #expect(extended == (try ModelContext(model: model, capacity: 64).prefill(b)))
        #expect(context.tokens == b)

        // Back to the shorter prompt: all but its last position are kept, and that one is recomputed.
        #expect(context.reusablePrefixLength(of: a) == a.count - 1)
        let again = try context.prefill(a)
        #expect(again == (try ModelContext(model: model, capacity: 64).prefill(a)))
        #expect(context.tokens == a)

        // A diverging prompt keeps only the shared head.
        let c = Array(a[..<4]) + [1, 2, 3]
        #expect(context.reusablePrefixLength(of: c) == 4)
        #expect(try context.prefill(c) == (try ModelContext(model: model, capacity: 64).prefill(c)))
    }

    @Test func greedyRepeatsAndASecondRequestReusesTheContext() throws {
        let context = ModelContext(model: Self.model, capacity: 64)
        let first = try Self.greedy(context)
        #expect(first.tokens.count == 12)
        #expect(first.stopReason == .maximumTokens)
        #expect(first.reusedPromptTokens == 0 && first.prefilledTokens == Self.prompt.count)
        #expect(first.decodeSteps == 11)
        // The context holds the prompt and every generated token but the last.
        #expect(context.tokens == Self.prompt + first.tokens.dropLast())

        let second = try Self.greedy(context)
        #expect(second.tokens == first.tokens)
        #expect(second.reusedPromptTokens == Self.prompt.count - 1)
        #expect(try Self.greedy(ModelContext(model: Self.model, capacity: 64)).tokens == first.tokens)
    }

    @Test func seededSamplingRepeatsWithTheSameSeed() throws {
        func sample(seed: UInt64) throws -> [Int] {
            var sampler = Sampler(SamplingParameters(temperature: 1.5, topK: 50, seed: seed))
            return try TokenGenerator.run(
                context: ModelContext(model: Self.model, capacity: 64), prompt: Self.prompt,
                sampler: &sampler, stop: Self.noEOS
            ) { _ in }.tokens
        }
        let runs = try (0..<3).map { _ in try sample(seed: 7) }
        #expect(runs.allSatisfy { $0 == runs[0] })
        let others = try (8..<12).map { try sample(seed: UInt64($0)) }
        #expect(others.contains { $0 != runs[0] }, "four other seeds all gave seed 7's tokens")
    }

    @Test func endOfSequenceStopsWithoutBeingHandedOut() throws {
        let reference = try Self.greedy(ModelContext(model: Self.model, capacity: 64))
        let eos = reference.tokens[4]
        let firstIndex = reference.tokens.firstIndex(of: eos)!
        var seen: [Int] = []
        var sampler = Sampler(.greedy)
        let result = try TokenGenerator.run(
            context: ModelContext(model: Self.model, capacity: 64), prompt: Self.prompt,
            sampler: &sampler, stop: StopCondition(endOfSequenceTokens: [eos], maximumTokens: 12)
        ) {
            seen.append($0)
        }
        #expect(result.stopReason == .endOfSequence(eos))
        #expect(result.tokens == Array(reference.tokens[..<firstIndex]))
        #expect(seen == result.tokens)
    }

    @Test func cancellationStopsBetweenTokensAndLeavesTheContextReusable() async throws {
        let context = ModelContext(model: Self.model, capacity: 64)
        let reference = try Self.greedy(ModelContext(model: Self.model, capacity: 64))
        let task = Task { () -> (Result<TokenGenerator.Result, any Error>, [Int]) in
            var seen: [Int] = []
            var sampler = Sampler(.greedy)
            let outcome = Result {
                try TokenGenerator.run(context: context, prompt: Self.prompt, sampler: &sampler, stop: Self.noEOS) { token in
                    seen.append(token)
                    if seen.count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            }
            return (outcome, seen)
        }
        let (outcome, seen) = await task.value
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(seen == Array(reference.tokens[..<3]))
        #expect(context.tokens == Self.prompt + seen.dropLast())
        // The same context serves the next request, which matches a fresh run.
        #expect(try Self.greedy(context).tokens == reference.tokens)
    }

    @Test func aFullContextAndAnOversizedPromptAreTypedErrors() throws {
        let context = ModelContext(model: Self.model, capacity: Self.prompt.count + 3)
        var seen: [Int] = []
        var sampler = Sampler(.greedy)
        #expect(throws: GenerationFailure.contextFull(capacity: Self.prompt.count + 3)) {
            try TokenGenerator.run(
                context: context, prompt: Self.prompt, sampler: &sampler,
                stop: StopCondition(endOfSequenceTokens: [])
            ) { seen.append($0) }
        }
        // Three positions were left: three tokens decoded, a fourth sampled and handed out.
        #expect(seen.count == 4)
        #expect(context.count == context.capacity)

        let small = ModelContext(model: Self.model, capacity: 4)
        #expect(throws: GenerationFailure.exceedsContext(tokens: Self.prompt.count, used: 0, capacity: 4)) {
            try Self.greedy(small)
        }
        #expect(small.count == 0)
        #expect(try Self.greedy(small, [1, 2], stop: StopCondition(endOfSequenceTokens: [], maximumTokens: 2)).tokens.count == 2)
    }

    @Test func aProcessorThatForbidsEverythingIsADeadEnd() throws {
        final class ForbidAll: LogitProcessor, @unchecked Sendable {
            func apply(to logits: inout [Float]) { logits.mask { _ in false } }
            func accept(_ token: Int) {}
            func reset() {}
        }
        let context = ModelContext(model: Self.model, capacity: 64)
        var sampler = Sampler(.greedy, processors: [ForbidAll()])
        #expect(throws: GenerationFailure.noAllowedToken(position: Self.prompt.count)) {
            try TokenGenerator.run(context: context, prompt: Self.prompt, sampler: &sampler, stop: Self.noEOS) { _ in }
        }
        #expect(context.tokens == Self.prompt)
    }
}
