import Foundation
import Kernels

/// How the local model is to be loaded: which file, how many positions per context, how keys and
/// values are cached, which kernels run it. A value the caller builds, or reads from an environment it passes
/// (`init(environment:)`): the library never reads the process environment itself.
///
/// ```swift
/// let settings = try LocalModelSettings(environment: ProcessInfo.processInfo.environment)
/// let model = try LocalModel.shared(
///     at: settings.location, contextSize: settings.contextSize, kvFormat: settings.kvFormat,
///     promptCacheDirectory: settings.promptCacheDirectory, instructionSet: settings.instructionSet)
/// ```
package struct LocalModelSettings: Sendable, Hashable {
    /// The GGUF file.
    package var location: ModelLocation
    /// Positions per context (`nil`: `LocalModel.defaultContextSize`, or the trained length
    /// when that is shorter).
    package var contextSize: Int?
    /// The KV cache's type (`nil`: f16).
    package var kvFormat: KVFormat?
    /// Where prompts' keys and values are kept for later processes (`PromptCache`; `nil`: not
    /// kept).
    package var promptCacheDirectory: URL?
    /// The kernels' instruction-set level (`nil`: the best this CPU has; a higher one is clamped
    /// to it).
    package var instructionSet: InstructionSet?

    /// Settings with these values.
    package init(
        location: ModelLocation, contextSize: Int? = nil, kvFormat: KVFormat? = nil, promptCacheDirectory: URL? = nil,
        instructionSet: InstructionSet? = nil
    ) {
        self.location = location
        self.contextSize = contextSize
        self.kvFormat = kvFormat
        self.promptCacheDirectory = promptCacheDirectory
        self.instructionSet = instructionSet
    }

    /// The settings an environment names:
    ///
    /// | variable | meaning |
    /// |---|---|
    /// | `FM_MODEL` | a catalog name (`gemma3-270m`), an installed Hub model (`hf:owner/repo:QUANT`) or a GGUF file's path; default: the default catalog model |
    /// | `FM_MODELS_DIR` | where catalog models are installed; default `~/.cache/fm/models` |
    /// | `FM_CONTEXT_SIZE` | positions per context (a positive number) |
    /// | `FM_KV_CACHE` | `f16` or `q8_0` |
    /// | `FM_PROMPT_CACHE` | a directory where prompts' keys and values are kept for later processes; unset, empty or `off`: none |
    /// | `FM_ISA` | the kernels' level: `ref`, `generic`, or this architecture's (`avx2`, `avx512`; `neon`, `dotprod`, `i8mm`), clamped to the CPU's best |
    ///
    /// - Throws: `LocalModelError.unsupported` naming a variable whose value is not one of these.
    package init(environment: [String: String]) throws(LocalModelError) {
        location = ModelLocation.resolve(environment: environment)
        if let text = environment["FM_CONTEXT_SIZE"], !text.isEmpty {
            guard let size = Int(text), size > 0 else {
                throw .unsupported("FM_CONTEXT_SIZE=\(text) is not a positive number of positions")
            }
            contextSize = size
        }
        if let text = environment["FM_KV_CACHE"], !text.isEmpty {
            guard let format = KVFormat(rawValue: text) else {
                throw .unsupported(
                    "FM_KV_CACHE=\(text) is not a KV cache type (\(KVFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            kvFormat = format
        }
        if let path = environment["FM_PROMPT_CACHE"], !path.isEmpty, path != "off" {
            promptCacheDirectory = URL(fileURLWithPath: path, isDirectory: true)
        }
        instructionSet = try Self.instructionSet(environment: environment)
    }

    /// The level `FM_ISA` names in `environment`, or nil when it is unset or empty (for a caller
    /// that builds the engine itself).
    ///
    /// - Throws: `LocalModelError.unsupported` naming a value that is no level of this CPU
    ///   architecture (another architecture's level included).
    package static func instructionSet(environment: [String: String]) throws(LocalModelError) -> InstructionSet? {
        guard let text = environment["FM_ISA"], !text.isEmpty else { return nil }
        guard let level = InstructionSet(name: text) else {
            throw .unsupported(
                "FM_ISA=\(text) is not an instruction-set level of this CPU architecture (\(InstructionSet.allCases.map(\.name).joined(separator: ", ")))"
            )
        }
        return level
    }
}
