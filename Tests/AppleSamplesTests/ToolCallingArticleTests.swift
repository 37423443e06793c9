import Foundation
import FoundationModels
import TestSupport
import Testing

/// The tools of "Expanding generation with tool calling" describe themselves as written, and a
/// (scripted) model calling them gets the outputs the article describes.
@Suite struct ToolCallingArticleTests {
    typealias Article = ToolCallingArticle

    @Test func breadToolDescribesItsArguments() throws {
        let tool = Article.BreadDatabaseTool()
        #expect(tool.name == "searchBreadDatabase")
        #expect(tool.description == "Searches a local database for bread recipes.")
        let json = try schemaJSON(tool.parameters)
        #expect(strings(json, "x-order") == ["searchTerm", "limit"])
        #expect(string(json, "properties", "searchTerm", "description") == "The type of bread to search for")
        #expect(string(json, "properties", "limit", "description") == "The number of recipes to get")
        #expect(number(json, "properties", "limit", "minimum") == 1)
        #expect(number(json, "properties", "limit", "maximum") == 6)
    }

    @Test func breadToolIsCalledAndItsEmptyListRecorded() async throws {
        let model = modelCalling(
            "searchBreadDatabase", with: [#"{"searchTerm": "sourdough", "limit": 3}"#],
            thenAnswering: "I found no sourdough recipes.")
        let session = LanguageModelSession(model: model, tools: [Article.BreadDatabaseTool()])
        let response = try await session.respond(to: "Find three sourdough bread recipes")

        #expect(response.content == "I found no sourdough recipes.")
        #expect(kinds(session.transcript) == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        let output = try #require(toolOutputs(session.transcript).first)
        #expect(output.toolName == "searchBreadDatabase")
        #expect(text(of: output.segments) == "")
    }

    @Test func weatherToolRunsOncePerCityInOneRequest() async throws {
        let cities = ["Boston", "Wichita", "Pittsburgh"]
        let model = modelCalling(
            "getWeather", with: cities.map { #"{"city": "\#($0)"}"# },
            thenAnswering: "Wichita is hottest.")
        let session = LanguageModelSession(
            model: model,
            tools: [Article.WeatherTool()],
            instructions: "Help the person with getting weather information"
        )
        try await session.respond(to: "Is it hotter in Boston, Wichita, or Pittsburgh?")

        let outputs = toolOutputs(session.transcript)
        #expect(outputs.map(\.id) == ["call-1", "call-2", "call-3"])
        for (output, city) in zip(outputs, cities) {
            let forecast = text(of: output.segments)
            let match = try #require(forecast.wholeMatch(of: /The forecast for '(\w+)' is '(\d+)' degrees Fahrenheit\./))
            #expect(match.1 == city)
            #expect((30...100).contains(Int(match.2) ?? 0))
        }
        #expect(model.requests.first?.enabledToolDefinitions.map(\.name) == ["getWeather"])
    }

    /// The bread tool, with an empty database.
    struct EmptyBreadDatabaseTool: Tool {
        let name = "searchBreadDatabase"
        let description = "Searches a local database for bread recipes."

        func call(arguments: Article.BreadDatabaseTool.Arguments) async throws -> [String] {
            throw Article.SearchBreadDatabaseToolError.databaseIsEmpty
        }
    }

    @Test func toolErrorsReachTheCallerAsToolCallError() async throws {
        let model = modelCalling(
            "searchBreadDatabase", with: [#"{"searchTerm": "tomato soup", "limit": 1}"#],
            thenAnswering: "unreachable")
        let session = LanguageModelSession(model: model, tools: [EmptyBreadDatabaseTool()])
        #expect(await Article.tomatoSoup(session: session) == "searchBreadDatabase")
        #expect(kinds(session.transcript) == ["instructions"]) // the failed turn left nothing
    }

    @Test func historyViewListsTheTranscript() {
        let view = Article.MyHistoryView()
        #expect(kinds(view.session.transcript) == ["instructions"])
        _ = view.body
    }
}
