import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionToolTests {
    @Test func toolCallsAreRunAndRecordedBeforeTheModelIsAskedAgain() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "call-1", name: "getWeather", arguments: #"{"city": "Paris"}"#)]),
            .text(["It is 21°C in Paris."]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()], instructions: "Help with the weather.")
        let response = try await session.respond(to: "Weather in Paris?")

        #expect(response.content == "It is 21°C in Paris.")
        #expect(kinds(session.transcript) == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        #expect(kinds(response.transcriptEntries) == ["prompt", "toolCalls", "toolOutput", "response"])

        guard case .instructions(let instructions) = session.transcript[0],
            case .toolCalls(let calls) = session.transcript[2],
            case .toolOutput(let output) = session.transcript[3]
        else {
            Issue.record("unexpected entries: \(session.transcript)")
            return
        }
        #expect(instructions.toolDefinitions == [Transcript.ToolDefinition(tool: WeatherTool())])
        #expect(calls.count == 1)
        #expect(calls[0].id == "call-1")
        #expect(calls[0].toolName == "getWeather")
        #expect(calls[0].arguments.jsonString == #"{"city": "Paris"}"#)
        #expect(output.id == "call-1")
        #expect(output.toolName == "getWeather")
        #expect(text(of: output.segments) == "21°C")

        // The second step sees the calls and their outputs; both steps share the request's id.
        #expect(model.requests.count == 2)
        #expect(kinds(model.requests[0].transcript) == ["instructions", "prompt"])
        #expect(kinds(model.requests[1].transcript) == ["instructions", "prompt", "toolCalls", "toolOutput"])
        #expect(model.requests[0].id == model.requests[1].id)
        #expect(model.requests[0].enabledToolDefinitions.map(\.name) == ["getWeather"])
    }

    @Test func parallelCallsRunAtTheSameTimeAndOutputsKeepTheCallOrder() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([
                ScriptedToolCall(id: "a", name: "meet", arguments: #"{"city": "Paris"}"#),
                ScriptedToolCall(id: "b", name: "meet", arguments: #"{"city": "Oslo"}"#),
                ScriptedToolCall(id: "c", name: "meet", arguments: #"{"city": "Rome"}"#),
            ]),
            .text(["done"]),
        ])
        let session = LanguageModelSession(model: model, tools: [RendezvousTool(expected: 3)])
        try await session.respond(to: "Meet up")

        let outputs = session.transcript.compactMap { entry -> Transcript.ToolOutput? in
            if case .toolOutput(let output) = entry { return output }
            return nil
        }
        #expect(outputs.map(\.id) == ["a", "b", "c"])
        for (output, city) in zip(outputs, ["Paris", "Oslo", "Rome"]) {
            guard case .structure(let segment) = output.segments.first else {
                Issue.record("output \(output.id) is not structured")
                continue
            }
            #expect(try segment.content.value(String.self, forProperty: "city") == city)
            #expect(try segment.content.value(Bool.self, forProperty: "met") == true)
        }
    }

    @Test func severalRoundsOfToolCallsInOneTurn() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "1", name: "getWeather", arguments: #"{"city": "Paris"}"#)]),
            .toolCalls([ScriptedToolCall(id: "2", name: "getWeather", arguments: #"{"city": "Oslo"}"#)]),
            .text(["Paris is warmer."]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        let response = try await session.respond(to: "Paris or Oslo?")
        #expect(kinds(response.transcriptEntries) == ["prompt", "toolCalls", "toolOutput", "toolCalls", "toolOutput", "response"])
        #expect(model.requests.count == 3)
    }

    @Test func aThrowingToolSurfacesAsToolCallError() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "x", name: "getWeather", arguments: #"{"city": "Atlantis"}"#)]),
            .text(["never"]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()], instructions: "Weather")
        let error = await thrownError(LanguageModelSession.ToolCallError.self) { try await session.respond(to: "Atlantis?") }
        let toolError = try #require(error)
        #expect(toolError.tool.name == "getWeather")
        #expect(toolError.underlyingError as? WeatherTool.UnknownCity == WeatherTool.UnknownCity(city: "Atlantis"))
        #expect(toolError.errorDescription?.contains("getWeather") == true)
        #expect(kinds(session.transcript) == ["instructions"])
        #expect(model.remainingSteps == 1)
        #expect(!session.isResponding)
    }

    @Test func unknownToolsAreDecodingFailuresNamingTheTool() async throws {
        let model = ScriptedLanguageModel([.toolCalls([ScriptedToolCall(id: "q", name: "launchRocket", arguments: "{}")])])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        let error = await thrownError(GeneratedContent.ParsingError.self) { try await session.respond(to: "Go") }
        #expect(error != nil)
        #expect(error?.debugDescription.contains("launchRocket") == true)
        #expect(error?.debugDescription.contains("getWeather") == true)
        #expect(session.transcript.count == 1)
    }

    @Test func argumentsThatAreNotJSONOrDoNotFitAreDecodingFailures() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "1", name: "getWeather", arguments: #"{"city": "Par"#)]),
            .toolCalls([ScriptedToolCall(id: "2", name: "getWeather", arguments: "city=Paris")]),
            .toolCalls([ScriptedToolCall(id: "3", name: "getWeather", arguments: #"{"town": "Paris"}"#)]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        var reasons: [String] = []
        for _ in 0..<3 {
            let error = await thrownError(GeneratedContent.ParsingError.self) { try await session.respond(to: "Weather") }
            #expect(error != nil)
            reasons.append(error?.debugDescription ?? "")
        }
        #expect(reasons[0].contains("call 1") && reasons[0].contains("complete"))
        #expect(reasons[1].contains("call 2") && reasons[1].contains("not JSON"))
        #expect(reasons[2].contains("call 3") && reasons[2].contains("CityArguments"))
        #expect(session.transcript.count == 1)
    }

    @Test func toolCallEventsAccumulateArgumentsAndMayBeWithdrawn() async throws {
        typealias Event = LanguageModelExecutorGenerationChannel.Event
        let model = ScriptedLanguageModel([
            .events([
                Event.toolCalls(
                    entryID: "calls-1", action: .toolCall(id: "a", name: "getWeather", action: .appendArguments(#"{"city": "#, tokenCount: 3))),
                Event.toolCalls(action: .toolCall(id: "b", name: "getWeather", action: .appendArguments(#"{"city": "Oslo"}"#, tokenCount: 5))),
                Event.toolCalls(action: .toolCall(id: "a", name: "getWeather", action: .appendArguments(#""Paris"}"#, tokenCount: 2))),
                Event.toolCalls(action: .removeToolCall(id: "b")),
            ]),
            .text(["ok"]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        try await session.respond(to: "Weather")
        guard case .toolCalls(let calls) = session.transcript[2], case .toolOutput(let output) = session.transcript[3] else {
            Issue.record("unexpected entries: \(session.transcript)")
            return
        }
        #expect(calls.id == "calls-1")
        #expect(calls.map(\.id) == ["a"])
        #expect(calls.first?.arguments.jsonString == #"{"city": "Paris"}"#)
        #expect(text(of: output.segments) == "21°C")
        #expect(kinds(session.transcript) == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
    }

    @Test func toolParametersAreReadOnceWhenTheSessionIsCreated() async throws {
        let tool = CountingTool()
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "1", name: "count", arguments: #"{"city": "Oslo"}"#)]),
            .text(["one"]),
            .text(["two"]),
        ])
        let session = LanguageModelSession(model: model, tools: [tool])
        #expect(tool.parameterReads == 1)
        try await session.respond(to: "1")
        try await session.respond(to: "2")
        #expect(tool.parameterReads == 1)
        #expect(model.requests.allSatisfy { $0.enabledToolDefinitions.first?.parameters.isSame(as: CityArguments.generationSchema) == true })
    }

    @Test func toolCallsWhileStreamingOnlyShowTheFinalAnswer() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "1", name: "getWeather", arguments: #"{"city": "Oslo"}"#)]),
            .text(["9°C", " in Oslo"]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        let stream = session.streamResponse(to: "Oslo?")
        var seen: [String] = []
        for try await snapshot in stream { seen.append(snapshot.content) }
        #expect(seen.last == "9°C in Oslo")
        #expect(seen.allSatisfy { "9°C in Oslo".hasPrefix($0) })
        #expect(kinds(try await stream.collect().transcriptEntries) == ["prompt", "toolCalls", "toolOutput", "response"])
    }
}
