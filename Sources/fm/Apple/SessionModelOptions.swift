import ArgumentParser
import Foundation
import FoundationModels
import Kernels
import LocalInference
import ModelStore

/// `-m/--model NAME | --model-file PATH` for the commands that run sessions (`respond`, `chat`,
/// `token-count`, `available`): Apple's tier names beside our catalog.
///
/// `system` (Apple's default tier) is the local default model; `pcc` (Private Cloud Compute)
/// does not exist on Linux and is reported unavailable in Apple's words; any other name is a
/// catalog model (`fm model list`).
struct SessionModelOptions: ParsableArguments {
    @Option(name: [.customShort("m"), .long], help: "system (the local default model), pcc (unavailable on Linux), or an installed catalog model.")
    var model: String?

    @Option(name: .long, help: "A GGUF file to use instead of a catalog model.")
    var modelFile: String?

    @Option(
        name: .long,
        help: "Positions of the model's context (default 4096, Apple's; at most the length the model was trained for: 32768 for the catalog models).")
    var contextSize: Int?

    @Option(name: .long, help: "How the context stores keys and values: f16 (default), or q8_0 (about half the memory).")
    var kvCache: KVFormat?

    func validate() throws {
        try ModelOptions.validateOneModel(model, modelFile)
        if let contextSize, contextSize <= 0 {
            throw ValidationError("--context-size must be a positive number of tokens, not \(contextSize)")
        }
    }

    /// The model named, with the saved default (`fm chat --set-default-model`) in its place
    /// when no name is given and `useSavedDefault` is set.
    func requested(useSavedDefault: Bool = false) -> String? {
        if let model { return model }
        return useSavedDefault ? ChatDefaults.savedModel() : nil
    }

    /// The engine settings these options name over `environment`'s (`FM_MODEL`,
    /// `FM_MODELS_DIR`, `FM_CONTEXT_SIZE`, `FM_KV_CACHE`, `FM_PROMPT_CACHE`): a flag wins over
    /// its variable. Throws Apple's message for `pcc`, and a message naming a variable whose
    /// value is not valid or a model that is not installed.
    ///
    /// Prompts' keys and values are kept in `ProcessEnvironment.defaultPromptCacheDirectory`
    /// unless `FM_PROMPT_CACHE` names another directory or `off`: each `fm respond` is a process of
    /// its own, and without them every structured answer would prefill its schema's text again.
    func settings(useSavedDefault: Bool = false, environment: [String: String] = ProcessEnvironment.variables) throws -> LocalModelSettings {
        var settings: LocalModelSettings
        do throws(LocalModelError) {
            settings = try LocalModelSettings(environment: environment)
        } catch {
            throw CLIError(error.description)
        }
        if environment["FM_PROMPT_CACHE"] == nil {
            settings.promptCacheDirectory = ProcessEnvironment.defaultPromptCacheDirectory(environment: environment)
        }
        if let contextSize { settings.contextSize = contextSize }
        if let kvCache { settings.kvFormat = kvCache }
        if let modelFile {
            settings.location = ModelLocation(path: modelFile)
        } else if let location = try Self.location(
            of: requested(useSavedDefault: useSavedDefault), in: ModelCatalog.directory(environment: environment))
        {
            settings.location = location
        }
        return settings
    }

    /// The system model on the engine with these options' `settings`: the model `respond`,
    /// `chat` and `token-count` run (requests without a sampling mode sample as `FM_SAMPLING`
    /// says, as for `SystemLanguageModel.default`).
    func systemModel(
        useCase: SystemLanguageModel.UseCase = .general, guardrails: SystemLanguageModel.Guardrails = .default,
        useSavedDefault: Bool = false, environment: [String: String] = ProcessEnvironment.variables
    ) throws -> SystemLanguageModel {
        SystemLanguageModel(
            useCase: useCase, guardrails: guardrails, settings: try settings(useSavedDefault: useSavedDefault, environment: environment),
            unsetSampling: SystemModelEnvironment.unsetSampling(environment))
    }

    /// The location of a model named on the command line (`nil` or `system`: none, the
    /// environment's or the default model stays).
    static func location(of name: String?, in directory: URL) throws -> ModelLocation? {
        guard let name, name != AppleTier.system else { return nil }
        return ModelLocation(path: try ModelOptions.catalogPath(name, in: directory))
    }

    /// The name shown for the selected model.
    var displayName: String {
        if let modelFile { return URL(fileURLWithPath: modelFile).lastPathComponent }
        return model ?? AppleTier.system
    }
}

/// Apple's execution tiers, as `fm` on macOS 27 names them.
enum AppleTier {
    /// The on-device model: here, the local default model.
    static let system = "system"
    /// Private Cloud Compute, which does not exist on Linux.
    static let pcc = "pcc"
    /// What Apple's tool says when PCC cannot be used.
    static let pccUnavailable = "PCC inference is not available in this context."
}
