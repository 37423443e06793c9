import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionTranscriptTests {
    /// A session after a turn with instructions, a tool round trip and a structured answer.
    static func sessionAfterARealTurn() async throws -> LanguageModelSession {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "call-7", name: "getWeather", arguments: #"{"city": "Oslo"}"#)]),
            .text([#"{"age": 2, "name": "Frost"}"#]),
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()]) {
            "You name cats after the weather."
        }
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 50)
        try await session.respond(to: "A cat for Oslo", generating: CatProfile.self, options: options)
        return session
    }

    @Test func transcriptRoundTripsThroughCodableAfterATurn() async throws {
        let session = try await Self.sessionAfterARealTurn()
        let transcript = session.transcript
        #expect(kinds(transcript) == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])

        let data = try JSONEncoder().encode(transcript)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded == transcript)
        #expect(try sortedJSON(decoded) == sortedJSON(transcript))

        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""toolCallID":"call-7""#))
        #expect(json.contains(#""role":"instructions""#))
    }

    @Test func aSessionContinuesFromATranscript() async throws {
        let earlier = try await Self.sessionAfterARealTurn()
        let saved = try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(earlier.transcript))

        let model = ScriptedLanguageModel([.text(["Frost is 2."])])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()], transcript: saved)
        #expect(session.transcript == saved)
        let response = try await session.respond(to: "How old is the cat?")

        #expect(response.transcriptEntries.startIndex == saved.count)
        #expect(Array(session.transcript.prefix(saved.count)) == Array(saved))
        let request = try #require(model.requests.first)
        #expect(Array(request.transcript.prefix(saved.count)) == Array(saved))
        #expect(request.enabledToolDefinitions.map(\.name) == ["getWeather"])
    }

    @Test func instructionsBuilderAndToolsMakeTheFirstEntry() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel([]), tools: [WeatherTool(), BreadSearchTool()]) {
            "Line one."
            Instructions("Line two.")
        }
        guard case .instructions(let instructions) = session.transcript.first else {
            Issue.record("no instructions entry")
            return
        }
        #expect(text(of: instructions.segments) == "Line one.\nLine two.")
        #expect(instructions.toolDefinitions.map(\.name) == ["getWeather", "searchBreadDatabase"])
        #expect(session.transcript.count == 1)
    }

    @Test func prewarmHandsTheTranscriptAndPromptPrefixToTheExecutor() async throws {
        let model = ScriptedLanguageModel([])
        let session = LanguageModelSession(model: model, instructions: "Be quick.")
        session.prewarm(promptPrefix: Prompt("Write a haiku about"))
        var prewarms = model.prewarms.makeAsyncIterator()
        let transcript = try #require(await prewarms.next())
        #expect(kinds(transcript) == ["instructions", "prompt"])
        guard case .prompt(let prefix) = transcript.last else { return }
        #expect(text(of: prefix.segments) == "Write a haiku about")
        #expect(session.transcript.count == 1)

        session.prewarm()
        let plain = try #require(await prewarms.next())
        #expect(kinds(plain) == ["instructions"])
    }

    @Test func feedbackAttachmentHoldsTheTranscriptAndTheWish() async throws {
        let session = try await Self.sessionAfterARealTurn()
        let data = session.logFeedbackAttachment(
            sentiment: .negative,
            issues: [.init(category: .tooVerbose, explanation: "Too long")],
            desiredResponseText: "Frost, 2"
        )
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["sentiment"] as? String == "negative")
        let issues = try #require(object["issues"] as? [[String: Any]])
        #expect(issues.first?["category"] as? String == "tooVerbose")
        #expect(issues.first?["explanation"] as? String == "Too long")
        let wish = try #require(object["desiredOutput"] as? [String: Any])
        #expect(wish["role"] as? String == "response")
        let transcriptJSON = try JSONSerialization.data(withJSONObject: try #require(object["transcript"]))
        #expect(try JSONDecoder().decode(Transcript.self, from: transcriptJSON) == session.transcript)

        let plain = try #require(try JSONSerialization.jsonObject(with: session.logFeedbackAttachment(sentiment: nil)) as? [String: Any])
        #expect(plain["sentiment"] is NSNull)
        #expect(plain["desiredOutput"] is NSNull)
        let structured = session.logFeedbackAttachment(sentiment: .positive, desiredResponseContent: CatProfile(name: "A", age: 1))
        #expect(String(decoding: structured, as: UTF8.self).contains("CatProfile"))
    }

    @Test func executorsAreCreatedOncePerConfigurationAndShared() async throws {
        let cache = ExecutorCache()
        let first = ScriptedLanguageModel([.text(["a"])])
        let second = ScriptedLanguageModel([.text(["b"])])
        let sessionA = LanguageModelSession(connecting: ModelConnection(first, cache: cache), tools: [], instructions: nil)
        let sessionB = LanguageModelSession(connecting: ModelConnection(second, cache: cache), tools: [], instructions: nil)
        #expect(try await sessionA.respond(to: "1").content == "a")
        #expect(try await sessionB.respond(to: "2").content == "b")
        #expect(cache.count == 1)
    }
}
