import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionStreamTests {
    @Test func textSnapshotsAreCumulative() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["Once ", "upon ", "a time."], at: gate)])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Tell a story.")
        await gate.reached()
        gate.open()

        var seen: [String] = []
        for try await snapshot in stream {
            seen.append(snapshot.content)
            #expect(snapshot.rawContent == GeneratedContent(snapshot.content))
        }
        // A reader may skip snapshots it was too slow for, never see a piece on its own.
        #expect(seen.last == "Once upon a time.")
        #expect(!seen.isEmpty)
        for (earlier, later) in zip(seen, seen.dropFirst()) {
            #expect(later.hasPrefix(earlier) && later.count > earlier.count)
        }
        #expect(kinds(session.transcript) == ["prompt", "response"])
    }

    @Test func aReaderSeesTheResponseSoFarWhileTheModelIsStillGenerating() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["Hel", "lo"], at: gate)])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Greet")
        var iterator = stream.makeAsyncIterator()
        await gate.reached()
        // The model is paused after "Hello": the reader gets there (perhaps via "Hel") and waits.
        var soFar = ""
        while soFar != "Hello" {
            let snapshot = try #require(try await iterator.next())
            #expect("Hello".hasPrefix(snapshot.content))
            soFar = snapshot.content
        }
        #expect(session.transcript.isEmpty)
        #expect(session.isResponding)
        gate.open()
        #expect(try await iterator.next() == nil)
        #expect(kinds(session.transcript) == ["prompt", "response"])
    }

    @Test func structuredSnapshotsArePartiallyGeneratedValues() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: [#"{"name": "Mo"#], at: gate)])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "A cat", generating: CatProfile.self)
        var iterator = stream.makeAsyncIterator()
        await gate.reached()

        let partial = try #require(try await iterator.next())
        let typed: CatProfile.PartiallyGenerated = partial.content
        #expect(typed == CatProfile.PartiallyGenerated(name: "Mo", age: nil))
        #expect(partial.rawContent.jsonString == #"{"name": "Mo"}"#)
        #expect(!partial.rawContent.isComplete)
        gate.open()
        // The script ends the JSON there: the turn fails as cut off, and nothing is recorded.
        let error = await thrownError(GeneratedContent.ParsingError.self) { try await iterator.next() }
        #expect(error != nil)
        #expect(session.transcript.isEmpty)
    }

    @Test func collectReturnsTheFinalTypedResponse() async throws {
        let model = ScriptedLanguageModel([.text([#"{"name": "#, #""Mochi", "#, #""age": 4}"#])])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "A cat", generating: CatProfile.self)
        let snapshots = try await stream.reduce(into: [CatProfile.PartiallyGenerated]()) { $0.append($1.content) }
        #expect(snapshots.last == CatProfile.PartiallyGenerated(name: "Mochi", age: 4))

        let response = try await stream.collect()
        #expect(response.content == CatProfile(name: "Mochi", age: 4))
        #expect(kinds(response.transcriptEntries) == ["prompt", "response"])
        #expect(Array(response.transcriptEntries) == Array(session.transcript))
    }

    @Test func schemaStreamsYieldGeneratedContent() async throws {
        let model = ScriptedLanguageModel([.text([#"{"origin": "Ken"#, #"ya", "roast": "light"}"#])])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "A bean", schema: Bean.generationSchema)
        var last: GeneratedContent?
        for try await snapshot in stream {
            #expect(snapshot.content == snapshot.rawContent)
            last = snapshot.content
        }
        #expect(last?.jsonString == #"{"origin": "Kenya", "roast": "light"}"#)
        #expect(try await stream.collect().content == last)
    }

    @Test func aStreamMayEndWithoutAnySnapshot() async throws {
        let model = ScriptedLanguageModel([.text([])])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Say nothing.")
        var count = 0
        for try await _ in stream { count += 1 }
        #expect(count == 0)
        let response = try await stream.collect()
        #expect(response.content == "")
        #expect(kinds(session.transcript) == ["prompt", "response"])
    }

    @Test func streamingStartsAtOnceAndErrorsArriveWhenRead() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: [], at: gate), .text(["second"])])
        let session = LanguageModelSession(model: model)
        let first = session.streamResponse(to: "One")
        #expect(session.isResponding)

        let second = session.streamResponse(to: "Two")
        let error = await thrownError(LanguageModelSession.Error.self) { try await second.collect() }
        #expect(error == .concurrentRequests)

        gate.open()
        #expect(try await first.collect().content == "")
        #expect(!session.isResponding)
        #expect(try await session.streamResponse(to: "Three").collect().content == "second")
        #expect(model.requests.count == 2)
    }

    @Test func builderAndPromptOverloadsStream() async throws {
        let model = ScriptedLanguageModel([
            .text(["a"]), .text(["{}"]), .text([#"{"name": "N", "age": 2}"#]),
            .text(["b"]), .text(["{}"]), .text([#"{"name": "M", "age": 1}"#]),
        ])
        let session = LanguageModelSession(model: model)
        #expect(try await session.streamResponse { "1" }.collect().content == "a")
        #expect(try await session.streamResponse(schema: GenerationSchema(root: .any, definitions: [])) { "2" }.collect().content.jsonString == "{}")
        #expect(try await session.streamResponse(generating: CatProfile.self) { "3" }.collect().content.name == "N")
        #expect(try await session.streamResponse(to: Prompt("4")).collect().content == "b")
        #expect(
            try await session.streamResponse(to: Prompt("5"), schema: GenerationSchema(root: .any, definitions: [])).collect().content.jsonString
                == "{}")
        #expect(try await session.streamResponse(to: Prompt("6"), generating: CatProfile.self).collect().content.age == 1)
        #expect(session.transcript.count == 12)
    }
}
