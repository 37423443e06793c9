@_spi(LocalEngine) import FoundationModels
package import LocalInference

/// Any GGUF file of a supported architecture as a `LanguageModel` — our addition, shaped like
/// Apple 27.0's provider protocols (`LanguageModel`, `LanguageModelExecutor`), in a module of its
/// own so that `FoundationModels` holds only Apple's names.
///
/// ```swift
/// import FoundationModels
/// import LocalModels
///
/// let model = GGUFLanguageModel(path: "/models/gemma-3-270m-Q4_K_M.gguf")
/// let session = LanguageModelSession(model: model, instructions: "Answer briefly.")
/// let answer = try await session.respond(to: "Name a coffee drink.", generating: Drink.self)
/// ```
///
/// Sessions on one file share its weights (mapped once per process) and each keeps its own KV
/// context; everything `SystemLanguageModel.default` does — chat template from the file,
/// constrained decoding, tool calls, streaming, cancellation — works the same.
public struct GGUFLanguageModel: LanguageModel {
    /// The model file.
    public let path: String
    /// Positions of each session's context, prompt and response together.
    public let contextSize: Int

    /// The engine's other settings (KV cache type, prompt cache); `path` and `contextSize`
    /// override its location and context size.
    let engineSettings: LocalModelSettings

    /// The model in the GGUF file at `path`, with contexts of `contextSize` positions (4096 by
    /// default). Nothing is read until the first request.
    public init(path: String, contextSize: Int = 4096) {
        self.init(settings: LocalModelSettings(location: ModelLocation(path: path), contextSize: contextSize))
    }

    /// The model `settings` describe — the file, the context size (4096 when `nil`), how keys
    /// and values are cached, where prompts are kept — as an executable builds them from its
    /// command line (`fm serve --kv-cache q8_0`). Nothing is read until the first request.
    package init(settings: LocalModelSettings) {
        path = settings.location.path
        contextSize = settings.contextSize ?? LocalModel.defaultContextSize
        engineSettings = settings
    }

    /// What the engine loads the model with: `path` and `contextSize` with the other settings.
    package var settings: LocalModelSettings { executorConfiguration.settings }

    /// Guided generation and tool calling (tool calls need a model whose vocabulary has
    /// `<tool_call>` tokens, such as Qwen2.5).
    public var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling]) }

    /// The executor's configuration: the file and the context size.
    public var executorConfiguration: Executor.Configuration {
        Executor.Configuration(path: path, contextSize: contextSize, engineSettings: engineSettings)
    }

    /// Why the file cannot be run here, or `nil` when it can (reads the file's header only).
    public var unavailabilityMessage: String? {
        LocalModelBackend(settings: settings, unsetSampling: .standard).unavailabilityMessage
    }

    /// Runs a GGUF model's requests on the local engine.
    public struct Executor: LanguageModelExecutor {
        /// The model the executor runs.
        public typealias Model = GGUFLanguageModel

        /// Which file, and how large a context.
        public struct Configuration: Hashable, Sendable {
            /// The model file.
            public var path: String
            /// Positions per context.
            public var contextSize: Int
            /// The engine's other settings (KV cache type, prompt cache).
            var engineSettings: LocalModelSettings

            /// What the engine loads: `path` and `contextSize` with the other settings (a
            /// catalog name the location carries is kept while it names the same file).
            var settings: LocalModelSettings {
                var settings = engineSettings
                if settings.location.path != path { settings.location = ModelLocation(path: path) }
                settings.contextSize = contextSize
                return settings
            }
        }

        /// The local engine, the one `SystemLanguageModel.default` runs on (for another file).
        let engine: LocalModelBackend

        /// Creates the executor (cheap: the model loads on the first request).
        public init(configuration: Configuration) {
            engine = LocalModelBackend(settings: configuration.settings, unsetSampling: .standard)
        }

        /// Prefills the transcript's instructions in the background.
        public func prewarm(model: GGUFLanguageModel, transcript: Transcript) {
            engine.prewarm(transcript: transcript)
        }

        /// Generates one step of a response.
        ///
        /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` when the file is missing or cannot be
        ///   run (the message names why), or what the engine throws.
        public nonisolated(nonsending) func respond(
            to request: LanguageModelExecutorGenerationRequest, model: GGUFLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            try await engine.respond(to: request, streamingInto: channel)
        }
    }
}
