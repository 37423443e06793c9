import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionUsageTests {
    /// A step that streams `text` and reports its usage.
    private static func step(_ text: String, input: Int, cached: Int, output: Int) -> ScriptedLanguageModel.Step {
        .events([
            .response(action: .appendText(text, tokenCount: output)),
            .response(
                action: .updateUsage(
                    input: .init(totalTokenCount: input, cachedTokenCount: cached), output: .init(totalTokenCount: output, reasoningTokenCount: 0))),
        ])
    }

    @Test func eachResponseCarriesItsUsageAndTheSessionAddsThemUp() async throws {
        let model = ScriptedLanguageModel([Self.step("Hi", input: 10, cached: 0, output: 2), Self.step("Again", input: 16, cached: 12, output: 3)])
        let session = LanguageModelSession(model: model)
        let first = try await session.respond(to: "Hello")
        #expect(first.usage.input.totalTokenCount == 10)
        #expect(first.usage.output.totalTokenCount == 2)
        let second = try await session.respond(to: "Once more")
        #expect(second.usage.input.cachedTokenCount == 12)
        #expect(session.usage.input.totalTokenCount == 26)
        #expect(session.usage.input.cachedTokenCount == 12)
        #expect(session.usage.output.totalTokenCount == 5)
        #expect(session.usage.totalTokenCount == 31)
    }

    @Test func textWithoutAReportIsCountedFromItsFragments() async throws {
        let model = ScriptedLanguageModel([.text(["a", "b", "c"])])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "Letters")
        #expect(response.usage.output.totalTokenCount == 3)
        #expect(response.usage.input.totalTokenCount == 0)
    }

    @Test func aTurnWithToolCallsAddsTheUsageOfEveryStep() async throws {
        let model = ScriptedLanguageModel([
            .events([
                .toolCalls(action: .toolCall(id: "c1", name: "getWeather", action: .appendArguments(#"{"city": "Paris"}"#, tokenCount: 5))),
                .toolCalls(
                    action: .updateUsage(
                        input: .init(totalTokenCount: 40, cachedTokenCount: 0), output: .init(totalTokenCount: 5, reasoningTokenCount: 0))),
            ]),
            Self.step("Sunny.", input: 60, cached: 40, output: 2),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        let response = try await session.respond(to: "Weather?")
        #expect(response.usage.input.totalTokenCount == 100)
        #expect(response.usage.input.cachedTokenCount == 40)
        #expect(response.usage.output.totalTokenCount == 7)
    }

    @Test func aFailedRequestAddsNothingToTheSession() async throws {
        let model = ScriptedLanguageModel([.failure(CancellationError())])
        let session = LanguageModelSession(model: model)
        _ = await anyError { try await session.respond(to: "Hi") }
        #expect(session.usage.totalTokenCount == 0)
    }
}
