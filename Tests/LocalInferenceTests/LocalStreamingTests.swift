import Foundation
import LocalInference
import TestSupport
import Testing

@_spi(LocalEngine) @testable import FoundationModels

/// Streaming, cancellation and the context window on the real default model.
@Suite(.serialized) struct LocalStreamingTests {
    @Generable struct Drink {
        @Guide(description: "The drink's name") var name: String
        @Guide(description: "Ingredients", .count(3)) var ingredients: [String]
        @Guide(.range(1...10)) var strength: Int
    }

    @Test func snapshotsGrowUntilTheWholeValue() async throws {
        let session = LanguageModelSession()
        var snapshots: [String] = []
        let stream = session.streamResponse(to: "Invent a coffee drink.", generating: Drink.self, options: GenerationOptions(samplingMode: .greedy))
        for try await snapshot in stream {
            snapshots.append(snapshot.rawContent.jsonString)
        }
        let final = try await stream.collect()
        // Readers get the newest snapshot and skip the ones they fell behind on (a loaded machine
        // may show only the last); how many arrive is timing, what they show is not.
        #expect(!snapshots.isEmpty)
        #expect(final.content.ingredients.count == 3)
        #expect((1...10).contains(final.content.strength))
        // Each snapshot shows at least what the previous one showed (cumulative, not deltas).
        var previous = try GeneratedContent(json: snapshots[0])
        for text in snapshots.dropFirst() {
            let next = try GeneratedContent(json: text)
            #expect(Self.extends(next, previous), "\(text) does not extend \(previous.jsonString)")
            previous = next
        }
    }

    /// Whether `later` holds everything `earlier` holds (strings may have grown).
    static func extends(_ later: GeneratedContent, _ earlier: GeneratedContent) -> Bool {
        switch (earlier.kind, later.kind) {
        case (.structure(let a, let keys), .structure(let b, _)):
            return keys.allSatisfy { key in b[key].map { extends($0, a[key]!) } ?? false }
        case (.array(let a), .array(let b)):
            return b.count >= a.count && zip(a, b).allSatisfy { extends($1, $0) }
        case (.string(let a), .string(let b)):
            return b.hasPrefix(a)
        case (.number(let a), .number(let b)):
            return String(b).hasPrefix(String(Int(a))) || a == b
        default:
            return earlier.kind == later.kind
        }
    }

    @Test func cancellingStopsPromptlyAndTheSessionAnswersAgain() async throws {
        let session = LanguageModelSession()
        let clock = ContinuousClock()
        let task = Task {
            try await session.respond(
                to: "Write a very long story about a coffee shop, at least two thousand words.",
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 3000))
        }
        try await Task.sleep(for: .seconds(3))
        let cancelled = clock.now
        task.cancel()
        let outcome = await task.result
        let stopped = clock.now - cancelled
        guard case .failure(let error) = outcome else {
            Issue.record("the cancelled request finished")
            return
        }
        #expect(error is CancellationError)
        // Not a performance bound: a generation that ignored cancellation would run on to its
        // 3000-token limit (minutes); one forward pass or prefill chunk is well under a second.
        #expect(stopped < .seconds(20), "stopping took \(stopped)")
        #expect(!session.isResponding)
        #expect(session.transcript.isEmpty)
        let answer = try await session.respond(to: "Say hello.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 20))
        #expect(!answer.content.isEmpty)
    }

    @Test func aPromptBeyondTheContextIsRefusedBeforeAnyWork() async throws {
        let backend = LocalModelBackend(location: ModelLocation(path: try TestModels.qwenPath()), contextSize: 64)
        let model = SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
        #expect(model.contextSize == 64)
        let session = LanguageModelSession(model: model)
        let long = String(repeating: "espresso latte ", count: 100)
        do {
            _ = try await session.respond(to: long)
            Issue.record("a prompt of over 200 tokens fit a context of 64")
        } catch LanguageModelError.contextSizeExceeded(let exceeded) {
            // The real figures: the context's size, and the tokens of the request — the prompt
            // as `tokenCount(for:)` counts it, plus the header that opens the model's answer.
            #expect(exceeded.contextSize == 64)
            let counted = try await model.tokenCount(for: Prompt(long))
            let renderer = try backend.model().renderer
            let message = [ChatMessage(role: .user, content: long)]
            let header =
                try renderer.tokens(for: ChatPrompt(messages: message, tools: [], addGenerationPrompt: true)).count
                - renderer.tokens(for: ChatPrompt(messages: message, tools: [], addGenerationPrompt: false)).count
            #expect(header > 0)
            #expect(exceeded.tokenCount == counted + header, "error \(exceeded.tokenCount), tokenCount(for:) \(counted) + \(header)")
            #expect(exceeded.debugDescription.contains("64"))
        }
        #expect(session.transcript.isEmpty)
    }

    @Test func tokenCountsUseTheTemplateAndTokenizer() async throws {
        let model = SystemLanguageModel.default
        let short = try await model.tokenCount(for: "Hi")
        let long = try await model.tokenCount(for: "Hi, how are you today? I would like a cappuccino.")
        #expect(short > 0 && long > short)
        let session = LanguageModelSession(instructions: "Be brief.")
        _ = try await session.respond(to: "Say hi.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 10))
        let used = try await model.tokenCount(for: session.transcript)
        #expect(used > long / 2 && used < model.contextSize)
    }
}
