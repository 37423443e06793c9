import Foundation
import GGUF
import LLMEngine
import ModelStore

/// Where the local model is and whether this engine can run it, found without reading weights.
///
/// An environment names it with `FM_MODEL` (a catalog name such as `gemma3-270m`, a Hub model
/// installed with `fm model install hf:owner/repo[:QUANT]`, or a path to any GGUF file), else
/// it is the default catalog model in `FM_MODELS_DIR` (`~/.cache/fm/models`). Checking a
/// location maps the file and reads its header and metadata only; a Hub model is found on disk,
/// without the network.
///
/// ```swift
/// let location = ModelLocation.resolve(environment: ProcessInfo.processInfo.environment)
/// switch location.check() {
/// case .ready: ...
/// case .missing(let message), .unsupported(let message): print(message)
/// }
/// ```
package struct ModelLocation: Sendable, Hashable, CustomStringConvertible {
    /// The GGUF file.
    package var path: String
    /// The catalog model it is, when it was named by the catalog.
    package var catalogName: String?
    /// The Hub model it is (`hf:owner/repo:QUANT`), when it was named by one.
    package var hubName: String?

    /// A location by path.
    package init(path: String, catalogName: String? = nil, hubName: String? = nil) {
        self.path = path
        self.catalogName = catalogName
        self.hubName = hubName
    }

    /// The location `environment` names with `FM_MODEL` (in `FM_MODELS_DIR` for a catalog
    /// name), or the default catalog model. The library never reads the process environment:
    /// callers pass theirs.
    package static func resolve(environment: [String: String]) -> ModelLocation {
        let directory = ModelCatalog.directory(environment: environment)
        if let named = environment["FM_MODEL"], !named.isEmpty {
            if HubReference.isHubName(named) { return hub(named, in: directory) }
            if let model = ModelCatalog.model(named: named) {
                return ModelLocation(path: ModelCatalog.path(of: model, in: directory).path, catalogName: model.name)
            }
            return ModelLocation(path: (named as NSString).expandingTildeInPath)
        }
        let model = ModelCatalog.defaultModel
        return ModelLocation(path: ModelCatalog.path(of: model, in: directory).path, catalogName: model.name)
    }

    /// The installed file a Hub name points to in `directory`; when none is, a path that
    /// names what is missing (`hf/<owner>/<repo>/*<QUANT>.gguf`), so that `check()` says how
    /// to install it.
    static func hub(_ named: String, in directory: URL) -> ModelLocation {
        guard let reference = try? HubReference.parse(named) else { return ModelLocation(path: named, hubName: named) }
        if let file = reference.installedFile(in: directory) {
            return ModelLocation(path: file.path, hubName: reference.description)
        }
        let expected = reference.directory(in: directory).appendingPathComponent("*\(reference.quantization ?? HubQuantization.defaultTag).gguf")
        return ModelLocation(path: expected.path, hubName: reference.description)
    }

    /// What a check found.
    package enum Status: Sendable, Equatable {
        /// The file is there and its architecture and tokenizer are supported.
        case ready
        /// There is no file; the message says how to install one.
        case missing(String)
        /// The file cannot be run here; the message names why (architecture, tokenizer, format).
        case unsupported(String)
    }

    /// Checks the file: present, a GGUF file, a supported architecture and tokenizer.
    package func check() -> Status {
        guard FileManager.default.fileExists(atPath: path) else {
            let install = (catalogName ?? hubName).map { "fm model install \($0)" } ?? "fm model install"
            return .missing(
                "No model at \(path). Install one with `\(install)`, or set FM_MODEL to a catalog name, an installed hf:owner/repo[:QUANT] or a GGUF file."
            )
        }
        do {
            return Self.status(of: try GGUFFile(path: path), path: path)
        } catch {
            return .unsupported("\(path) is not a readable GGUF file: \(error)")
        }
    }

    /// Whether an opened file is one this engine runs.
    static func status(of file: GGUFFile, path: String) -> Status {
        guard let name = file.architecture else {
            return .unsupported("\(path) has no general.architecture key")
        }
        guard ModelArchitecture(rawValue: name) != nil else {
            let supported = ModelArchitecture.allCases.map(\.rawValue).joined(separator: ", ")
            return .unsupported("\(path): the architecture \(name) is not supported (supported: \(supported))")
        }
        guard let tokenizer = file.metadata.string("tokenizer.ggml.model") else {
            return .unsupported("\(path) has no tokenizer.ggml.model key")
        }
        guard TokenizerLoader.supportedModels.contains(tokenizer) else {
            let supported = TokenizerLoader.supportedModels.joined(separator: ", ")
            return .unsupported("\(path): the tokenizer \(tokenizer) is not supported (supported: \(supported))")
        }
        return .ready
    }

    /// The file's path.
    package var description: String { path }
}
