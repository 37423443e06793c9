import Foundation
import LLMEngine
import LocalInference
import TestSupport
import Testing

@testable import FoundationModels

/// Resolving the local model: environment, missing and unsupported files, the message that says
/// what to do, and sessions failing cleanly (typed error, transcript untouched).
@Suite struct LocalAvailabilityTests {
    static func model(at path: String) -> SystemLanguageModel {
        let backend = LocalModelBackend(location: ModelLocation(path: path))
        return SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
    }

    @Test func theEnvironmentNamesTheModel() {
        let byName = ModelLocation.resolve(environment: ["FM_MODEL": "gemma3-270m"])
        #expect(byName.catalogName == ModelCatalog.gemma.name)
        #expect(byName.path == ModelCatalog.path(of: ModelCatalog.gemma).path)
        let byPath = ModelLocation.resolve(environment: ["FM_MODEL": "/models/any.gguf"])
        #expect(byPath.path == "/models/any.gguf" && byPath.catalogName == nil)
        #expect(ModelLocation.resolve(environment: [:]).catalogName == ModelCatalog.defaultModel.name)
    }

    @Test func aMissingModelIsNotReadyAndSaysHowToInstallOne() async throws {
        let model = Self.model(at: "/nonexistent/model.gguf")
        #expect(model.availability == .unavailable(.modelNotReady))
        let session = LanguageModelSession(model: model, instructions: "Hi")
        do {
            _ = try await session.respond(to: "Hello")
            Issue.record("answered without a model")
        } catch LanguageModelSession.GenerationError.assetsUnavailable(let context) {
            #expect(context.debugDescription.contains("fm model install"))
        }
        #expect(kinds(session.transcript) == ["instructions"])
        #expect(!session.isResponding)
    }

    @Test func aFileThatIsNotGGUFIsNotReady() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-model-\(UUID().uuidString).gguf").path
        try Data("definitely not GGUF".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .unsupported(let message) = ModelLocation(path: path).check() else {
            Issue.record("a non-GGUF file was accepted")
            return
        }
        #expect(message.contains(path))
        #expect(Self.model(at: path).availability == .unavailable(.modelNotReady))
    }

    @Test func theInstalledModelsAreReady() throws {
        #expect(ModelLocation(path: try TestModels.qwenPath()).check() == .ready)
        #expect(ModelLocation(path: try TestModels.gemmaPath()).check() == .ready)
    }
}
