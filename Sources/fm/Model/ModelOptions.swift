import ArgumentParser
import Foundation
@_spi(Serving) import FoundationModels
import GGUF
import Kernels
import LLMEngine
import LocalInference
import ModelStore
import Tokenizers

/// `--model NAME | --model-file PATH`, shared by the commands that load a model.
struct ModelOptions: ParsableArguments {
    @Option(name: .long, help: "An installed catalog model (default: \(ModelCatalog.defaultModel.name)), or hf:owner/repo[:QUANT].")
    var model: String?

    @Option(name: .long, help: "A GGUF file to use instead of a catalog model.")
    var modelFile: String?

    func validate() throws {
        try Self.validateOneModel(model, modelFile)
    }

    /// Refuses both a model name and a model file (`--model` and `--model-file`).
    static func validateOneModel(_ model: String?, _ modelFile: String?) throws {
        if model != nil, modelFile != nil {
            throw ValidationError("give either --model or --model-file, not both")
        }
    }

    /// The path of the GGUF file to open (a catalog or Hub model in `directory`).
    func path(in directory: URL = ProcessEnvironment.modelsDirectory) throws -> String {
        if let modelFile { return modelFile }
        return try Self.catalogPath(model ?? ModelCatalog.defaultModel.name, in: directory)
    }

    /// The path of an installed catalog model in `directory` (`system`, Apple's name for the
    /// on-device model: the default model; `pcc` does not exist on Linux).
    static func catalogPath(_ name: String, in directory: URL = ProcessEnvironment.modelsDirectory) throws -> String {
        if name == AppleTier.pcc { throw CLIError(AppleTier.pccUnavailable) }
        if HubReference.isHubName(name) { return try hubPath(name, in: directory) }
        let catalogModel = try ModelCommand.resolve(name == AppleTier.system ? ModelCatalog.defaultModel.name : name)
        let path = ModelCatalog.path(of: catalogModel, in: directory).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError("model '\(catalogModel.name)' is not installed; run `fm model install \(catalogModel.name)`")
        }
        return path
    }

    /// The installed file of a Hub model (`hf:owner/repo[:QUANT]`) in `directory`, found without
    /// the network.
    static func hubPath(_ name: String, in directory: URL = ProcessEnvironment.modelsDirectory) throws -> String {
        let reference = try HubReference.parse(name)
        guard let file = reference.installedFile(in: directory) else {
            throw CLIError("\(reference) is not installed; run `fm model install \(reference)`")
        }
        return file.path
    }

    /// Opens the file and builds its tokenizer.
    func loadTokenizer() throws -> Tokenizer {
        let file = try GGUFFile(path: path())
        return try TokenizerLoader.load(from: file)
    }
}

extension ModelOptions {
    /// The engine settings of the model these options name (`--model`, `--model-file`, else the
    /// default catalog model; `FM_MODEL` is not read), over `environment`'s `FM_CONTEXT_SIZE`,
    /// `FM_KV_CACHE` and `FM_PROMPT_CACHE`, with a command's own flags for the context size and
    /// the KV cache over those: what `fm serve` and `fm bench guided` run.
    func settings(
        contextSize: Int? = nil, kvFormat: KVFormat? = nil, environment: [String: String] = ProcessEnvironment.variables
    ) throws -> LocalModelSettings {
        var settings: LocalModelSettings
        do throws(LocalModelError) {
            settings = try LocalModelSettings(environment: environment)
        } catch {
            throw CLIError(error.description)
        }
        settings.location = ModelLocation(path: try path(in: ModelCatalog.directory(environment: environment)))
        if let contextSize { settings.contextSize = contextSize }
        if let kvFormat { settings.kvFormat = kvFormat }
        return settings
    }
}

extension SystemLanguageModel {
    /// Throws a message that says what to do when the model cannot answer.
    func requireAvailable() throws {
        guard !isAvailable else { return }
        throw CLIError("the model is not available (\(availability)): \(unavailabilityExplanation ?? "run `fm model install`")")
    }
}
