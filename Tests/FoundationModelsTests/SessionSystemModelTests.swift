import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FoundationModels

/// A system-model backend that plays a scripted model, standing in for the GGUF engine.
struct ScriptedSystemBackend: SystemLanguageModelBackend {
    let scripted: ScriptedLanguageModel
    var availability: SystemLanguageModel.Availability = .available

    var assetIDs: [String] { ["scripted.gguf"] }
    var contextSize: Int { 2048 }
    var supportedLanguages: Set<Locale.Language> { [Locale.Language(identifier: "en"), Locale.Language(identifier: "fr")] }

    /// One token per word of the prompt's text; other inputs are not needed by the tests.
    func tokenCount(for input: TokenCountInput) async throws -> Int {
        guard case .prompt(let prompt) = input else { return -1 }
        return prompt.text.split(separator: " ").count
    }

    func prewarm(model: SystemLanguageModel, transcript: Transcript) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: SystemLanguageModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        try await ScriptedLanguageModel.Executor(configuration: scripted.executorConfiguration).respond(
            to: request, model: scripted, streamingInto: channel)
    }
}

@Suite struct SessionSystemModelTests {
    static func model(backend: (any SystemLanguageModelBackend)?) -> SystemLanguageModel {
        SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
    }

    @Test func withoutAnEngineTheModelIsHonestlyUnavailable() async throws {
        let model = Self.model(backend: nil)
        #expect(model.availability == .unavailable(.modelNotReady))
        #expect(!model.isAvailable)
        #expect(model.supportedLanguages.isEmpty)
        #expect(!model.supportsLocale(Locale(identifier: "en_US")))
        #expect(model.contextSize == 4096)

        let countError = await thrownError(SystemLanguageModel.Error.self) { try await model.tokenCount(for: "Hello") }
        #expect(countError != nil)
    }

    @Test func sessionsOnAnUnavailableModelThrowAssetsUnavailableAndStayUsable() async throws {
        let session = LanguageModelSession(model: Self.model(backend: nil), instructions: "Hi")
        for _ in 0..<2 {
            let error = await thrownError(SystemLanguageModel.Error.self) { try await session.respond(to: "Hello") }
            #expect(error != nil)
            #expect(error?.debugDescription.contains("modelNotReady") == true)
            #expect(!session.isResponding)
        }
        let streamError = await thrownError(SystemLanguageModel.Error.self) {
            try await session.streamResponse(to: "Hello", generating: CatProfile.self).collect()
        }
        #expect(streamError != nil)
        #expect(kinds(session.transcript) == ["instructions"])
        session.prewarm()
    }

    @Test func assetsUnavailableIsCaughtAsInApplesSamples() async throws {
        let session = LanguageModelSession(model: Self.model(backend: nil))
        var caught: String?
        do {
            let response = try await session.respond(to: "How many tablespoons are in a cup?", generating: Float.self)
            Issue.record("answered without a model: \(response.content)")
        } catch SystemLanguageModel.Error.assetsUnavailable(let context) {
            caught = context.debugDescription
        }
        #expect(caught?.contains("No inference engine is connected") == true)
    }

    @Test func aConnectedBackendAnswersForTheSystemModel() async throws {
        let scripted = ScriptedLanguageModel([.text(["Bonjour"])])
        let model = Self.model(backend: ScriptedSystemBackend(scripted: scripted))
        #expect(model.availability == .available)
        #expect(model.isAvailable)
        #expect(model.contextSize == 2048)
        #expect(model.supportsLocale(Locale(identifier: "fr_CA")))
        #expect(!model.supportsLocale(Locale(identifier: "de_DE")))
        #expect(try await model.tokenCount(for: "three short words") == 3)
        #expect(try await model.tokenCount(for: Prompt("two words")) == 2)

        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "Greet me in French.")
        #expect(response.content == "Bonjour")
        guard case .response(let entry) = session.transcript.last else {
            Issue.record("no response entry")
            return
        }
        #expect(entry.assetIDs == ["scripted.gguf"])
        #expect(scripted.requests.count == 1)
    }

    @Test func aBackendThatIsNotReadyIsReportedWithItsReason() async throws {
        let backend = ScriptedSystemBackend(scripted: ScriptedLanguageModel([]), availability: .unavailable(.deviceNotEligible))
        let model = Self.model(backend: backend)
        #expect(model.availability == .unavailable(.deviceNotEligible))
        let error = await thrownError(SystemLanguageModel.Error.self) {
            try await LanguageModelSession(model: model).respond(to: "Hi")
        }
        #expect(error != nil)
        #expect(error?.debugDescription.contains("deviceNotEligible") == true)
    }

    @Test func theConnectorLooksAgainUntilItFindsABackend() async throws {
        let installed = Mutex(false)
        let asked = Mutex(0)
        let backend = ScriptedSystemBackend(scripted: ScriptedLanguageModel([]))
        let connector = SystemModelConnector {
            asked.withLock { $0 += 1 }
            return installed.withLock { $0 } ? backend : nil
        }
        let model = SystemLanguageModel(useCase: .general, guardrails: .default, connector: connector)
        #expect(model.availability == .unavailable(.modelNotReady))
        installed.withLock { $0 = true }
        #expect(model.availability == .available)
        _ = model.availability
        #expect(asked.withLock { $0 } == 2)
    }

    @Test func useCasesGuardrailsAndCapabilities() {
        #expect(SystemLanguageModel.UseCase.general == .general)
        #expect(SystemLanguageModel.UseCase.general != .contentTagging)
        let tagger = SystemLanguageModel(useCase: .contentTagging, guardrails: .permissiveContentTransformations)
        #expect(tagger.useCase == .contentTagging)
        #expect(tagger.guardrails.name == "permissiveContentTransformations")
        #expect(SystemLanguageModel.default === SystemLanguageModel.default)
        #expect(SystemLanguageModel.default.useCase == .general)
        let capabilities = SystemLanguageModel.default.capabilities
        #expect(capabilities.contains(.guidedGeneration) && capabilities.contains(.toolCalling))
        #expect(!capabilities.contains(.vision))
    }
}
