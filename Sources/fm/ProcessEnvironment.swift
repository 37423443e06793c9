import Foundation
import Kernels
import LocalInference
import ModelStore

/// What `fm` reads from its environment and hands to the libraries as values: they never read
/// the process environment (but for `SystemLanguageModel.default`, which `fm` does not use), and
/// `fm` never writes it. The model's variables (`FM_MODEL`, `FM_MODELS_DIR`, `FM_CONTEXT_SIZE`,
/// `FM_KV_CACHE`, `FM_PROMPT_CACHE`, `FM_SAMPLING`, `FM_ISA`) become a `LocalModelSettings`, with
/// the command's flags over them (`SessionModelOptions.settings`, `ModelOptions.settings`); the
/// commands that build the engine themselves take `FM_ISA` from `kernels()`.
enum ProcessEnvironment {
    /// The process's variables.
    static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// Where catalog models are installed: `FM_MODELS_DIR`, else `~/.cache/fm/models`.
    static var modelsDirectory: URL { ModelCatalog.directory(environment: variables) }

    /// Where `model` is (or would be) installed.
    static func path(of model: CatalogModel) -> URL { ModelCatalog.path(of: model, in: modelsDirectory) }

    /// Where `respond` and `chat` keep prompts' keys and values when `FM_PROMPT_CACHE` does not
    /// say: `$XDG_CACHE_HOME/fm/prompt-cache`, else `~/.cache/fm/prompt-cache`.
    static func defaultPromptCacheDirectory(environment: [String: String] = variables) -> URL {
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        return cache.appendingPathComponent("fm/prompt-cache", isDirectory: true)
    }

    /// The Hugging Face Hub: `HF_ENDPOINT` (else https://huggingface.co) and `HF_TOKEN`.
    static var hub: HubConfiguration { HubConfiguration(environment: variables) }

    /// The Hub installer into `modelsDirectory` (its `hf/` folder).
    static func hubInstaller() -> HubInstaller { HubInstaller(directory: modelsDirectory, configuration: hub) }

    /// The kernels at the level `FM_ISA` names (unset or empty: the CPU's best), for the commands
    /// that build the engine themselves (`fm bench`, `fm generate`, `fm logits`,
    /// `fm bench guided`).
    ///
    /// - Throws: `CLIError` naming a value that is no level of this CPU architecture.
    static func kernels(environment: [String: String] = variables) throws -> KernelSet {
        do throws(LocalModelError) {
            return try LocalModelSettings.instructionSet(environment: environment).map(KernelSet.init(isa:)) ?? .default
        } catch {
            throw CLIError(error.description)
        }
    }

    /// The installer into `modelsDirectory`, with `FM_PYTHON`'s pip (else `python3`'s).
    static func installer() -> ModelInstaller {
        ModelInstaller(directory: modelsDirectory, python: ModelInstaller.pythonInterpreter(environment: variables))
    }
}
