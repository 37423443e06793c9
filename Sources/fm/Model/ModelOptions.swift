import ArgumentParser
import Foundation
@_spi(Serving) import FoundationModels
import GGUF
import LLMEngine
import ModelStore
import Tokenizers

/// `--model NAME | --model-file PATH`, shared by the commands that load a model.
struct ModelOptions: ParsableArguments {
    @Option(name: .long, help: "An installed catalog model (default: \(ModelCatalog.defaultModel.name)), or hf:owner/repo[:QUANT].")
    var model: String?

    @Option(name: .long, help: "A GGUF file to use instead of a catalog model.")
    var modelFile: String?

    func validate() throws {
        if model != nil, modelFile != nil {
            throw ValidationError("give either --model or --model-file, not both")
        }
    }

    /// The path of the GGUF file to open.
    func path() throws -> String {
        if let modelFile { return modelFile }
        return try Self.catalogPath(model ?? ModelCatalog.defaultModel.name)
    }

    /// The path of an installed catalog model (`system`, Apple's name for the on-device model:
    /// the default model; `pcc` does not exist on Linux).
    static func catalogPath(_ name: String) throws -> String {
        if name == AppleTier.pcc { throw CLIError(AppleTier.pccUnavailable) }
        if HubReference.isHubName(name) { return try hubPath(name) }
        let catalogModel = try ModelCommand.resolve(name == AppleTier.system ? ModelCatalog.defaultModel.name : name)
        let path = ProcessEnvironment.path(of: catalogModel).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError("model '\(catalogModel.name)' is not installed; run `fm model install \(catalogModel.name)`")
        }
        return path
    }

    /// The installed file of a Hub model (`hf:owner/repo[:QUANT]`), found without the network.
    static func hubPath(_ name: String) throws -> String {
        let reference = try HubReference.parse(name)
        guard let file = reference.installedFile(in: ProcessEnvironment.modelsDirectory) else {
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
    /// Makes `--model` / `--model-file` the model behind `SystemLanguageModel.default` (through
    /// `FM_MODEL`, read when the model is first used), for the commands that run sessions.
    func selectForSessions() throws {
        if model != nil || modelFile != nil { setenv("FM_MODEL", try path(), 1) }
    }
}

extension SystemLanguageModel {
    /// Throws a message that says what to do when the model cannot answer.
    func requireAvailable() throws {
        guard !isAvailable else { return }
        throw CLIError("the model is not available (\(availability)): \(unavailabilityExplanation ?? "run `fm model install`")")
    }
}
