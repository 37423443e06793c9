import Foundation
import ModelStore

/// What `fm` reads from its environment and hands to the libraries as values (they never read
/// the process environment; `SystemLanguageModel.default` reads its own variables:
/// `FM_MODEL`, `FM_MODELS_DIR`, `FM_CONTEXT_SIZE`, `FM_KV_CACHE`, `FM_SAMPLING`).
enum ProcessEnvironment {
    /// The process's variables.
    static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// Where catalog models are installed: `FM_MODELS_DIR`, else `~/.cache/fm/models`.
    static var modelsDirectory: URL { ModelCatalog.directory(environment: variables) }

    /// Where `model` is (or would be) installed.
    static func path(of model: CatalogModel) -> URL { ModelCatalog.path(of: model, in: modelsDirectory) }

    /// The installer into `modelsDirectory`, with `FM_PYTHON`'s pip (else `python3`'s).
    static func installer() -> ModelInstaller {
        ModelInstaller(directory: modelsDirectory, python: ModelInstaller.pythonInterpreter(environment: variables))
    }
}
