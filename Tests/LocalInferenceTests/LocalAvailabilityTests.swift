import Foundation
import LLMEngine
import LocalInference
import ModelStore
import TestSupport
import Testing

@_spi(LocalEngine) @testable import FoundationModels

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
        #expect(byName.path == ModelCatalog.path(of: ModelCatalog.gemma, in: ModelCatalog.defaultDirectory).path)
        let byPath = ModelLocation.resolve(environment: ["FM_MODEL": "/models/any.gguf"])
        #expect(byPath.path == "/models/any.gguf" && byPath.catalogName == nil)
        #expect(ModelLocation.resolve(environment: [:]).catalogName == ModelCatalog.defaultModel.name)
        let elsewhere = ModelLocation.resolve(environment: ["FM_MODEL": "gemma", "FM_MODELS_DIR": "/srv/models"])
        #expect(elsewhere.path == "/srv/models/" + ModelCatalog.gemma.fileName)
        #expect(ModelLocation.resolve(environment: ["FM_MODELS_DIR": "/srv/models"]).path.hasPrefix("/srv/models/"))
    }

    /// The settings an environment gives, and a value naming nothing valid refused by name.
    @Test func theEnvironmentGivesTheSettings() throws {
        let settings = try LocalModelSettings(
            environment: ["FM_MODEL": "/m.gguf", "FM_CONTEXT_SIZE": "1024", "FM_KV_CACHE": "q8_0", "FM_ISA": "Generic"])
        #expect(
            settings == LocalModelSettings(location: ModelLocation(path: "/m.gguf"), contextSize: 1024, kvFormat: .q8_0, instructionSet: .generic))
        #expect(try LocalModelSettings(environment: [:]) == LocalModelSettings(location: ModelLocation.resolve(environment: [:])))
        #expect(try LocalModelSettings(environment: ["FM_ISA": ""]).instructionSet == nil)
        #if arch(arm64)
        let foreign = "avx2"
        #else
        let foreign = "neon"
        #endif
        let invalid = [("FM_CONTEXT_SIZE", "-5"), ("FM_CONTEXT_SIZE", "big"), ("FM_KV_CACHE", "q4_0"), ("FM_ISA", "sse9"), ("FM_ISA", foreign)]
        for (variable, value) in invalid {
            #expect {
                _ = try LocalModelSettings(environment: [variable: value])
            } throws: { error in
                "\(error)".contains("\(variable)=\(value)")
            }
        }
    }

    /// A misconfigured system model is unavailable, and a request says which variable is wrong.
    @Test func aMisconfiguredModelSaysWhichVariable() async throws {
        let error = LocalModelError.unsupported("FM_KV_CACHE=q4_0 is not a KV cache type (f16, q8_0)")
        let backend = LocalModelBackend(
            settings: LocalModelSettings(location: ModelLocation(path: try TestModels.qwenPath())), misconfiguration: error)
        let model = SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
        #expect(model.availability == .unavailable(.modelNotReady))
        do {
            _ = try await LanguageModelSession(model: model).respond(to: "Hello")
            Issue.record("answered with a misconfigured model")
        } catch SystemLanguageModel.Error.assetsUnavailable(let context) {
            #expect(context.debugDescription.contains("FM_KV_CACHE=q4_0"), "\(context.debugDescription)")
        }
    }

    /// `FM_SAMPLING`: greedy, a seed, else the standard random sampling.
    @Test func theSamplingVariable() {
        #expect(SystemModelEnvironment.unsetSampling(["FM_SAMPLING": "greedy"]) == .greedy)
        #expect(SystemModelEnvironment.unsetSampling(["FM_SAMPLING": "seed:7"]) == .random(seed: 7))
        #expect(SystemModelEnvironment.unsetSampling([:]) == .standard)
        #expect(SystemModelEnvironment.unsetSampling(["FM_SAMPLING": "seed:x"]) == .standard)
        #expect(LocalRequestBuilder.selection(GenerationOptions(), unset: .greedy) == .greedy)
        #expect(LocalRequestBuilder.selection(GenerationOptions(), unset: .random(seed: 7)) == .nucleus(0.9, temperature: 0.7, seed: 7))
        #expect(TokenSelection.nucleus(0.9, temperature: 0.7, seed: 7).parameters.seed == 7)
        #expect(TokenSelection.topK(0, temperature: 0.5, seed: nil).parameters.topK == 1)
        #expect(TokenSelection.nucleus(0.9, temperature: 0, seed: 1).parameters == .greedy)
    }

    @Test func aMissingModelIsNotReadyAndSaysHowToInstallOne() async throws {
        let model = Self.model(at: "/nonexistent/model.gguf")
        #expect(model.availability == .unavailable(.modelNotReady))
        let session = LanguageModelSession(model: model, instructions: "Hi")
        do {
            _ = try await session.respond(to: "Hello")
            Issue.record("answered without a model")
        } catch SystemLanguageModel.Error.assetsUnavailable(let context) {
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
