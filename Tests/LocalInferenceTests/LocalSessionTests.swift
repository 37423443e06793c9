import Foundation
import FoundationModels
import TestSupport
import Testing

/// Sessions on the real default model (greedy), through `SystemLanguageModel.default`: what
/// Apple's API promises, answered by the local engine under constraint.
@Suite(.serialized) struct LocalSessionTests {
    @Generable struct Cat {
        @Guide(description: "The cat's name") var name: String
        @Guide(description: "Age in years", .range(0...20)) var age: Int
        @Guide(description: "Favourite toys", .count(2)) var toys: [String]
        @Guide(.anyOf(["calm", "playful", "grumpy"])) var mood: String
    }

    @Test func theDefaultModelIsAvailable() {
        #expect(SystemLanguageModel.default.availability == .available)
        #expect(SystemLanguageModel.default.contextSize == 4096)
    }

    @Test func plainTextAnswers() async throws {
        let session = LanguageModelSession(instructions: "Answer in one short sentence.")
        let response = try await session.respond(to: "What is the capital of France?", options: GenerationOptions(samplingMode: .greedy))
        #expect(response.content.contains("Paris"))
        #expect(session.transcript.count == 3)
    }

    @Test func guidedGenerationDecodesIntoTheType() async throws {
        let session = LanguageModelSession()
        let cat = try await session.respond(to: "Invent a cat.", generating: Cat.self, options: GenerationOptions(samplingMode: .greedy)).content
        #expect((0...20).contains(cat.age))
        #expect(cat.toys.count == 2)
        #expect(["calm", "playful", "grumpy"].contains(cat.mood))
        #expect(!cat.name.isEmpty)
    }
}
