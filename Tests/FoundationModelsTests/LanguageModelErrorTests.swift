import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct LanguageModelErrorTests {
    @Test func anExecutorsLanguageModelErrorReachesTheCallerWithItsSizes() async throws {
        let exceeded = LanguageModelError.ContextSizeExceeded(contextSize: 4096, tokenCount: 5000, debugDescription: "too long")
        let model = ScriptedLanguageModel([.failure(LanguageModelError.contextSizeExceeded(exceeded))])
        let session = LanguageModelSession(model: model)
        let error = await thrownError(LanguageModelError.self) { try await session.respond(to: "Hi") }
        guard case .contextSizeExceeded(let details)? = error else {
            Issue.record("expected contextSizeExceeded, got \(String(describing: error))")
            return
        }
        #expect(details.contextSize == 4096)
        #expect(details.tokenCount == 5000)
        #expect(error?.errorDescription?.contains("5000") == true)
        #expect(session.transcript.isEmpty)
    }

    @Test func aRefusalWithAnExplanationExplainsItself() async throws {
        let refusal = LanguageModelError.Refusal(explanation: "It asks for private data.", debugDescription: "refused")
        #expect(try await refusal.explanation.content == "It asks for private data.")
        var last: String?
        for try await snapshot in refusal.explanationStream { last = snapshot.content }
        #expect(last == "It asks for private data.")
    }

    @Test func parsingErrorsNameTheContent() {
        let error = GeneratedContent.ParsingError(rawContent: "{\"a\": 1}", debugDescription: "no property b")
        #expect(error.errorDescription?.contains("no property b") == true)
        #expect(error.rawContent == "{\"a\": 1}")
    }

    @Test func privateCloudComputeIsUnavailableOnLinuxAndItsRequestsFail() async throws {
        let model = PrivateCloudComputeLanguageModel()
        #expect(model.availability == .unavailable(.deviceNotEligible))
        #expect(!model.isAvailable)
        let session = LanguageModelSession(model: model)
        let error = await thrownError(PrivateCloudComputeLanguageModel.Error.self) { try await session.respond(to: "Hi") }
        guard case .serviceUnavailable? = error else {
            Issue.record("expected serviceUnavailable, got \(String(describing: error))")
            return
        }
    }

    @Test func transcriptIsARangeReplaceableCollectionWithAHistory() {
        var transcript = Transcript()
        transcript.append(.instructions(Transcript.Instructions(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [])))
        transcript.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: "Hi"))])))
        transcript.append(.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: "Hello"))])))
        #expect(kinds(transcript) == ["instructions", "prompt", "response"])
        #expect(kinds(transcript.history) == ["prompt", "response"])
        transcript.history = transcript.history.suffix(1)
        #expect(kinds(transcript) == ["instructions", "response"])
        transcript.removeLast()
        #expect(kinds(transcript) == ["instructions"])
    }
}
