import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionTranscriptPolicyTests {
    private struct Boom: Error {}

    @Test func aFailedRequestRevertsTheTranscriptByDefault() async throws {
        let model = ScriptedLanguageModel([.failure(Boom())])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        _ = await anyError { try await session.respond(to: "Hi") }
        #expect(kinds(session.transcript) == ["instructions"])
    }

    @Test func preserveTranscriptKeepsTheFailedPrompt() async throws {
        let model = ScriptedLanguageModel([.failure(Boom())])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        session.transcriptErrorHandlingPolicy = .preserveTranscript
        _ = await anyError { try await session.respond(to: "Hi") }
        #expect(kinds(session.transcript) == ["instructions", "prompt"])
    }

    @Test func settingTheTranscriptWhileRespondingFailsTheRequest() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["Hel"], at: gate)])
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Hi")
        await gate.reached()
        session.transcript = Transcript()
        gate.open()
        let error = await thrownError(LanguageModelSession.Error.self) { try await stream.collect() }
        #expect(error == .transcriptMutationWhileResponding)
        #expect(session.transcript.isEmpty)
    }

    @Test func snapshotsCarryTheTurnsEntriesSoFar() async throws {
        let model = ScriptedLanguageModel([.text(["Hel", "lo"])])
        let session = LanguageModelSession(model: model)
        var kindsSeen: [[String]] = []
        for try await snapshot in session.streamResponse(to: "Hi") {
            kindsSeen.append(kinds(snapshot.transcriptEntries))
        }
        #expect(!kindsSeen.isEmpty)
        #expect(kindsSeen.allSatisfy { $0 == ["prompt"] })
    }
}
