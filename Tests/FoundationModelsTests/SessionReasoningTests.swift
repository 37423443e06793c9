import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionReasoningTests {
    @Test func reasoningEventsBecomeAReasoningEntryBeforeTheResponse() async throws {
        let model = ScriptedLanguageModel([
            .events([
                .reasoning(entryID: "r1", action: .appendText("The user greets; ", tokenCount: 4)),
                .reasoning(entryID: "r1", action: .appendText("answer kindly.", tokenCount: 3)),
                .reasoning(entryID: "r1", action: .updateSignature(Data([1, 2, 3]), tokenCount: 0)),
                .response(action: .appendText("Hello!", tokenCount: 2)),
            ])
        ])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "Hello!")
        #expect(kinds(session.transcript) == ["prompt", "reasoning", "response"])
        guard case .reasoning(let reasoning) = session.transcript[1] else {
            Issue.record("no reasoning entry: \(session.transcript)")
            return
        }
        #expect(reasoning.id == "r1")
        #expect(text(of: reasoning.segments) == "The user greets; answer kindly.")
        #expect(reasoning.signature == Data([1, 2, 3]))
        #expect(response.usage.output.reasoningTokenCount == 7)
        #expect(response.usage.output.totalTokenCount == 9)
    }

    @Test func contextOptionsAndMetadataReachTheExecutorAndThePromptEntry() async throws {
        let model = ScriptedLanguageModel([.text(["ok"])])
        let session = LanguageModelSession(model: model)
        try await session.respond(to: "Think hard", contextOptions: ContextOptions(reasoningLevel: .deep), metadata: ["user": "42"])
        #expect(model.requests.first?.contextOptions.reasoningLevel == .deep)
        #expect(model.requests.first?.metadata["user"] as? String == "42")
        guard case .prompt(let prompt) = session.transcript[0] else {
            Issue.record("no prompt entry")
            return
        }
        #expect(prompt.contextOptions.reasoningLevel == .deep)
        #expect(prompt.metadata["user"] as? String == "42")
    }

    @Test func toolCallingModeIsPassedToTheExecutor() async throws {
        let model = ScriptedLanguageModel([.text(["ok"])])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        try await session.respond(to: "Weather?", options: GenerationOptions(toolCallingMode: .required))
        #expect(model.requests.first?.generationOptions.toolCallingMode == .required)
        #expect(model.requests.first?.generationOptions.toolCallingMode?.kind == .required)
    }

    @Test func samplingModeKindNamesTheStrategy() {
        #expect(GenerationOptions.SamplingMode.greedy.kind == .greedy)
        #expect(GenerationOptions.SamplingMode.random(top: 40, seed: 7).kind == .randomTopK(40, seed: 7))
        #expect(GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9)).samplingMode?.kind == .randomProbabilityThreshold(0.9, seed: nil))
    }
}
