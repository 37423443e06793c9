import Foundation
internal import LocalInference

/// The process environment `SystemLanguageModel.default` reads: the one place in the libraries
/// that reads it (the executables read theirs and pass values down).
///
/// | variable | meaning |
/// |---|---|
/// | `FM_MODEL` | the model: a catalog name (`gemma3-270m`), an installed Hub model (`hf:owner/repo:QUANT`) or a GGUF file's path; default: the default catalog model |
/// | `FM_MODELS_DIR` | where catalog models are installed; default `~/.cache/fm/models` |
/// | `FM_CONTEXT_SIZE` | positions per session's context; default 4096 (or the model's trained length, when shorter) |
/// | `FM_KV_CACHE` | the KV cache's type, `f16` (default) or `q8_0` |
/// | `FM_PROMPT_CACHE` | a directory where prompts' keys and values are kept, so a later process does not prefill them again (instructions and a schema's text); default: not kept (`fm respond` and `fm chat` keep them in `~/.cache/fm/prompt-cache`) |
/// | `FM_SAMPLING` | how requests that leave the sampling mode out are sampled: `greedy`, or `seed:N` (the default random sampling, seeded) |
/// | `FM_ISA` | the kernels' instruction-set level: `ref`, `generic`, or this architecture's (`avx2`, `avx512`; `neon`, `dotprod`, `i8mm`); default: the CPU's best |
///
/// The model's variables are read once, when the system model is first used; `FM_SAMPLING` at
/// every request. An executable does not write them to reach the engine: it builds a
/// `LocalModelSettings` from its own flags and environment and passes it as a value
/// (`SystemLanguageModel(settings:)`). A value that
/// names nothing valid makes the model unavailable with a message naming the variable.
package enum SystemModelEnvironment {
    /// The backend the current environment describes.
    static func backend() -> LocalModelBackend {
        let environment = ProcessInfo.processInfo.environment
        let sampling: @Sendable () -> UnsetSampling = { unsetSampling(ProcessInfo.processInfo.environment) }
        do {
            return LocalModelBackend(settings: try LocalModelSettings(environment: environment), unsetSampling: sampling)
        } catch {
            return LocalModelBackend(
                settings: LocalModelSettings(location: ModelLocation.resolve(environment: environment)), misconfiguration: error,
                unsetSampling: sampling)
        }
    }

    /// `FM_SAMPLING` of `environment`: `greedy`, `seed:N`, else the standard random sampling
    /// (`fm` passes its own environment, as a value).
    package static func unsetSampling(_ environment: [String: String]) -> UnsetSampling {
        guard let value = environment["FM_SAMPLING"] else { return .standard }
        if value == "greedy" { return .greedy }
        if value.hasPrefix("seed:"), let seed = UInt64(value.dropFirst(5)) { return .random(seed: seed) }
        return .standard
    }
}

/// How a request that leaves the sampling mode out (`GenerationOptions.sampling` nil) is sampled.
package enum UnsetSampling: Sendable, Equatable {
    /// Random sampling at the request's temperature (0.7 when none) with a 0.9 nucleus, seeded
    /// when `seed` is given (reproducible for one build and model).
    case random(seed: UInt64?)
    /// Greedy decoding (a whole process deterministic: tests running code that passes no
    /// options, such as Apple's samples; reproducible demos).
    case greedy

    /// Unseeded random sampling.
    package static let standard = UnsetSampling.random(seed: nil)
}

extension SystemLanguageModel {
    /// Why the model cannot answer and what to do about it (no model file, a file this engine
    /// cannot run, an environment variable naming nothing valid), or `nil` when it can.
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels` (the `fm` tool says it);
    /// Apple's API has only `availability`.
    @_spi(Serving)
    public var unavailabilityExplanation: String? {
        guard let backend = connector.backend else { return "No inference engine is connected; install a model with `fm model install`." }
        guard backend.availability != .available else { return nil }
        return backend.unavailabilityMessage ?? "The model is not ready (\(backend.availability)); run `fm model install`."
    }
}
