import FoundationModels
import LocalModels
import TestSupport
import Testing

/// Any GGUF file as a `LanguageModel`: here Gemma 3 270M, a base model without a chat template
/// (the family default renders its turns), answering under a schema.
@Suite(.serialized) struct GGUFLanguageModelTests {
    @Generable struct Order {
        @Guide(.anyOf(["espresso", "latte", "mocha"])) var drink: String
        @Guide(.range(1...3)) var shots: Int
        var forHere: Bool
    }

    @Test func gemmaAnswersUnderASchema() async throws {
        let model = GGUFLanguageModel(path: try TestModels.gemmaPath())
        #expect(model.unavailabilityMessage == nil)
        let session = LanguageModelSession(model: model, instructions: "You take coffee orders.")
        let order = try await session.respond(
            to: "A double latte to stay, please.", generating: Order.self,
            options: GenerationOptions(samplingMode: .greedy)
        ).content
        #expect(["espresso", "latte", "mocha"].contains(order.drink))
        #expect((1...3).contains(order.shots))
        let text = try await session.respond(to: "Thanks!", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 16))
        #expect(kinds(session.transcript) == ["instructions", "prompt", "response", "prompt", "response"])
        _ = text
    }

    @Test func aMissingFileIsReportedNotCrashed() async throws {
        let model = GGUFLanguageModel(path: "/nonexistent/model.gguf")
        #expect(model.unavailabilityMessage?.contains("/nonexistent/model.gguf") == true)
        do {
            _ = try await LanguageModelSession(model: model).respond(to: "Hi")
            Issue.record("answered without a file")
        } catch SystemLanguageModel.Error.assetsUnavailable(let context) {
            #expect(context.debugDescription.contains("fm model install") || context.debugDescription.contains("No model"))
        }
    }
}
