/// Generates the responses of a `LanguageModel` (Apple 27.0's provider API).
///
/// For each step of a turn the session calls `respond(to:model:streamingInto:)` with the
/// transcript so far (the last prompt included), the tools the model may call, the schema the
/// response must follow, and the options. The executor streams what it generates into the
/// channel — response text, or tool calls — and returns when it is done; the session turns the
/// events into snapshots and transcript entries, runs any tools, and asks again.
///
/// ```swift
/// struct EchoExecutor: LanguageModelExecutor {
///     struct Configuration: Hashable, Sendable {}
///     typealias Model = EchoModel
///     init(configuration: Configuration) {}
///
///     func respond(to request: LanguageModelExecutorGenerationRequest, model: EchoModel,
///                  streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
///         await channel.send(.response(action: .appendText("Hello", tokenCount: 1)))
///     }
/// }
/// ```
///
/// Throw `LanguageModelError` for failures a caller can act on (`contextSizeExceeded`,
/// `rateLimited`, `timeout`, ...), `SystemLanguageModel.Error.assetsUnavailable` for a model
/// that cannot be loaded or reached, `GeneratedContent.ParsingError` for output that cannot be
/// read; honour task cancellation.
/// Executors are created once per configuration and shared, so creating one should be cheap
/// (load weights lazily) and `respond` must be safe to call from several sessions at once.
public protocol LanguageModelExecutor: Sendable {
    /// What distinguishes one executor of this type from another.
    associatedtype Configuration: Hashable, Sendable
    /// The model this executor runs.
    associatedtype Model: LanguageModel

    /// Gets ready for a request that will start with `transcript` (load weights, prefill the
    /// instructions). Returns at once; does the work in the background.
    func prewarm(model: Self.Model, transcript: Transcript)

    /// Creates an executor.
    init(configuration: Self.Configuration) throws

    /// Generates one step of a response to `request` and streams it into `channel`.
    nonisolated(nonsending) func respond(
        to request: LanguageModelExecutorGenerationRequest,
        model: Self.Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws
}

extension LanguageModelExecutor {
    /// Does nothing: executors with nothing to warm up need not implement prewarming.
    public func prewarm(model: Self.Model, transcript: Transcript) {}
}
