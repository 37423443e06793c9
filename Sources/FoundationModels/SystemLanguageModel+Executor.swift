extension SystemLanguageModel: LanguageModel {
    /// Guided generation and tool calling.
    public final var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    }

    /// The configuration of the model's executor (one executor serves every system model).
    public final var executorConfiguration: Executor.Configuration {
        Executor.Configuration()
    }

    /// Runs the system model's requests on the connected engine.
    public struct Executor: LanguageModelExecutor {
        /// The model the executor runs.
        public typealias Model = SystemLanguageModel

        /// The executor's configuration: there is nothing to configure.
        public struct Configuration: Hashable, Sendable {}

        /// Creates the executor.
        public init(configuration: Configuration) {}

        /// Asks the connected engine to get ready for `transcript`; does nothing without one.
        public func prewarm(model: SystemLanguageModel, transcript: Transcript) {
            guard let backend = try? model.readyBackend() else { return }
            backend.prewarm(model: model, transcript: transcript)
        }

        /// Generates one step of a response on the connected engine.
        ///
        /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` while no engine is connected, or
        ///   whatever the engine throws.
        public nonisolated(nonsending) func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: SystemLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            try await model.readyBackend().respond(to: request, model: model, streamingInto: channel)
        }
    }
}
