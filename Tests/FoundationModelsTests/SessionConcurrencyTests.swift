import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionConcurrencyTests {
    @Test func aSecondRequestWhileRespondingThrowsConcurrentRequests() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["first"], at: gate), .text(["third"])])
        let session = LanguageModelSession(model: model)
        let first = Task { try await session.respond(to: "1") }
        await gate.reached()
        #expect(session.isResponding)

        let error = await thrownError(LanguageModelSession.Error.self) { try await session.respond(to: "2") }
        #expect(error == .concurrentRequests)
        #expect(model.requests.count == 1)

        gate.open()
        #expect(try await first.value.content == "first")
        #expect(try await session.respond(to: "3").content == "third")
        #expect(kinds(session.transcript) == ["prompt", "response", "prompt", "response"])
    }

    @Test func cancellingARequestThrowsCancellationErrorAndKeepsTheTranscript() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.text(["earlier"]), .pause(after: ["half an ans"], at: gate), .text(["again"])])
        let session = LanguageModelSession(model: model, instructions: "x")
        try await session.respond(to: "0")
        let before = session.transcript

        let task = Task { try await session.respond(to: "1") }
        await gate.reached()
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(session.transcript == before)
        #expect(!session.isResponding)

        #expect(try await session.respond(to: "2").content == "again")
        #expect(session.transcript.count == before.count + 2)
    }

    @Test func cancellingWhileAToolRunsCancelsTheTurn() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "1", name: "meet", arguments: #"{"city": "Oslo"}"#)]),
            .text(["unreached"]),
        ])
        // The tool waits for a second call that never comes, until cancelled.
        let session = LanguageModelSession(model: model, tools: [RendezvousTool(expected: 2)])
        let task = Task { try await session.respond(to: "Meet") }
        while model.requests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(kinds(session.transcript) == ["instructions"])
        #expect(model.remainingSteps == 1)
    }

    @Test func cancellingTheReaderOfAStreamCancelsTheGeneration() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["par"], at: gate), .text(["next"])])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Long story")
        let reader = Task {
            var count = 0
            for try await _ in stream { count += 1 }
            return count
        }
        await gate.reached()
        reader.cancel()
        let result = await reader.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(session.transcript.isEmpty)
        #expect(!session.isResponding)
        #expect(try await session.respond(to: "Short").content == "next")
    }

    @Test func isRespondingChangesAreObservable() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: [], at: gate)])
        let session = LanguageModelSession(model: model)
        #expect(!session.isResponding)

        let started = ChangeCounter()
        observeNextChange(of: { _ = session.isResponding }, counter: started)
        let task = Task { try await session.respond(to: "Hi") }
        await gate.reached()
        #expect(started.value == 1)
        #expect(session.isResponding)

        let ended = ChangeCounter()
        observeNextChange(of: { _ = session.isResponding }, counter: ended)
        gate.open()
        _ = try await task.value
        #expect(ended.value == 1)
        #expect(!session.isResponding)
    }

    @Test func transcriptChangesAreObservedOncePerTurn() async throws {
        struct Refused: Error {}
        let model = ScriptedLanguageModel([.text(["a"]), .failure(Refused())])
        let session = LanguageModelSession(model: model)

        let afterSuccess = ChangeCounter()
        observeNextChange(of: { _ = session.transcript }, counter: afterSuccess)
        try await session.respond(to: "1")
        #expect(afterSuccess.value == 1)

        let afterFailure = ChangeCounter()
        observeNextChange(of: { _ = session.transcript }, counter: afterFailure)
        _ = await anyError { try await session.respond(to: "2") }
        #expect(afterFailure.value == 0)
        #expect(session.transcript.count == 2)
    }
}
