import ArgumentParser
import Foundation
import FoundationModels
import Kernels

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
        if model != nil, modelFile != nil {
            throw ValidationError("give either --model or --model-file, not both")
        }
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

    /// Makes the chosen model, with the chosen context size, the one behind
    /// `SystemLanguageModel.default` (through `FM_MODEL`, `FM_CONTEXT_SIZE` and `FM_KV_CACHE`, read when the
    /// model is first used: a size past the model's trained length is refused then, naming
    /// both); throws Apple's message for `pcc`.
    ///
    /// Prompts' keys and values are kept in `ProcessEnvironment.defaultPromptCacheDirectory`
    /// unless `FM_PROMPT_CACHE` names another directory or `off`: each `fm respond` is a process of
    /// its own, and without them every structured answer would prefill its schema's text again.
    func selectForSessions(useSavedDefault: Bool = false) throws {
        if ProcessEnvironment.variables["FM_PROMPT_CACHE"] == nil {
            setenv("FM_PROMPT_CACHE", ProcessEnvironment.defaultPromptCacheDirectory.path, 1)
        }
        if let contextSize { setenv("FM_CONTEXT_SIZE", String(contextSize), 1) }
        if let kvCache { setenv("FM_KV_CACHE", kvCache.rawValue, 1) }
        if let modelFile {
            setenv("FM_MODEL", modelFile, 1)
            return
        }
        try Self.select(requested(useSavedDefault: useSavedDefault))
    }

    /// Selects a model by name (`nil` or `system`: the local default).
    static func select(_ name: String?) throws {
        guard let name, name != AppleTier.system else { return }
        setenv("FM_MODEL", try ModelOptions.catalogPath(name), 1)
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
