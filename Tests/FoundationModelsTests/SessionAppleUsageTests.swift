import Foundation
import FoundationModels
import TestSupport
import Testing

/// Apple-shaped code from the walkthroughs compiles against the session API as written (plain
/// `import FoundationModels`, no `@testable`).
@Suite struct SessionAppleUsageTests {
    @Test func initializersResolveAsInApplesSamples() async throws {
        let character = "Naomy"
        let sessions: [LanguageModelSession] = [
            LanguageModelSession(),
            LanguageModelSession(model: .default),
            LanguageModelSession(instructions: "You are a friendly barista in a world full of pixels."),
            LanguageModelSession(tools: [WeatherTool()], instructions: "Help the person with getting weather information"),
            LanguageModelSession(tools: [WeatherTool()]),
            LanguageModelSession {
                "A conversation between the Player and a helpful assistant."
                "You are \(character)."
            },
            LanguageModelSession(model: SystemLanguageModel(useCase: .contentTagging), instructions: Instructions("Tag it.")),
            LanguageModelSession(transcript: Transcript()),
        ]
        #expect(sessions.map(\.transcript.count) == [0, 0, 1, 1, 1, 1, 1, 0])
    }

    @Test func toolErrorsAreCaughtAsInTheToolCallingArticle() async throws {
        let model = ScriptedLanguageModel([.toolCalls([ScriptedToolCall(id: "1", name: "getWeather", arguments: #"{"city": "Nowhere"}"#)])])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        var caughtToolName: String?
        do {
            _ = try await session.respond(to: "Is it hotter in Boston, Wichita, or Pittsburgh?")
        } catch let error as LanguageModelSession.ToolCallError {
            caughtToolName = error.tool.name
            #expect(error.underlyingError is WeatherTool.UnknownCity)
        }
        #expect(caughtToolName == "getWeather")
    }
}
