import FoundationModels
import Testing

/// Two sessions answering at once on the one shared model: each gets exactly what it gets alone
/// (greedy), so neither corrupted the other's context, and a session refuses a second request
/// while one is in flight.
@Suite(.serialized) struct ConcurrentSessionsTests {
    static let prompts = ["Name a coffee drink made with milk.", "Name a tea from Japan."]

    static func answer(_ prompt: String) async throws -> String {
        let session = LanguageModelSession(instructions: "Answer in a few words. (concurrency test)")
        return try await session.respond(to: prompt, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)).content
    }

    @Test func twoSessionsAtOnceAnswerAsTheyDoAlone() async throws {
        var alone: [String] = []
        for prompt in Self.prompts { alone.append(try await Self.answer(prompt)) }
        async let first = Self.answer(Self.prompts[0])
        async let second = Self.answer(Self.prompts[1])
        let together = try await [first, second]
        #expect(together == alone)
    }

    @Test func aSecondRequestOnTheSameSessionIsRefused() async throws {
        let session = LanguageModelSession()
        let long = Task {
            try await session.respond(
                to: "Count from one to fifty in words.",
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200))
        }
        let clock = ContinuousClock(), start = clock.now
        while !session.isResponding, clock.now - start < .seconds(30) { await Task.yield() }
        #expect(session.isResponding)
        do {
            _ = try await session.respond(to: "Hi")
            Issue.record("a concurrent request was accepted")
        } catch LanguageModelSession.Error.concurrentRequests {
        }
        long.cancel()
        _ = await long.result
    }
}
