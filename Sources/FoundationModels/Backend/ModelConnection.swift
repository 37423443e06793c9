/// A session's link to its model: any `LanguageModel`, with its executor type erased.
///
/// The session only needs three things from a model: run one step of a request, prewarm, and
/// name the assets that produced a response.
struct ModelConnection: Sendable {
    /// Runs one step of a request, streaming events into the channel.
    let respond: @Sendable (LanguageModelExecutorGenerationRequest, LanguageModelExecutorGenerationChannel) async throws -> Void

    /// Asks the executor to get ready for a request starting with the transcript.
    let prewarm: @Sendable (Transcript) throws -> Void

    /// The identifiers of the model assets, recorded in response entries.
    let assetIDs: @Sendable () -> [String]

    /// Connects to `model` through its executor, taken from `cache`.
    init<Model: LanguageModel>(_ model: Model, cache: ExecutorCache = .shared) {
        respond = { request, channel in
            let executor = try cache.executor(for: model)
            try await executor.respond(to: request, model: model, streamingInto: channel)
        }
        prewarm = { transcript in
            try cache.executor(for: model).prewarm(model: model, transcript: transcript)
        }
        let system = model as? SystemLanguageModel
        assetIDs = { system?.assetIDs ?? [] }
    }
}
