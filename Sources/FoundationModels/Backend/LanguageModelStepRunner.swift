/// Runs single steps of a response on any `LanguageModel`, for callers that keep their own
/// transcript and tool loop: the `Server` module answers each HTTP request with one step, and
/// its client runs the tools. The executor comes from the same cache sessions use, so a server
/// and sessions in one process share one loaded model.
///
/// SPI: visible only to `@_spi(Serving) import FoundationModels`; Apple's API has no such type.
///
/// ```swift
/// let runner = LanguageModelStepRunner(model: SystemLanguageModel.default)
/// let channel = LanguageModelExecutorGenerationChannel()
/// async let done: Void = runner.respond(to: request, streamingInto: channel)
/// for try await event in channel { ... }
/// try await done
/// ```
@_spi(Serving)
public struct LanguageModelStepRunner: Sendable {
    /// The model, its executor type erased.
    let connection: ModelConnection

    /// A runner for `model`.
    public init<Model: LanguageModel>(model: Model) {
        connection = ModelConnection(model)
    }

    /// Generates one step of a response to `request` into `channel`, then closes the channel
    /// (with the executor's error, if it failed). Cancelling the calling task cancels the
    /// generation.
    public func respond(
        to request: LanguageModelExecutorGenerationRequest,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        do {
            try await connection.respond(request, channel)
            channel.finish()
        } catch {
            channel.finish(throwing: error)
            throw error
        }
    }

    /// Asks the executor to get ready for requests starting with `transcript` (load the
    /// weights, prefill the instructions) in the background.
    public func prewarm(transcript: Transcript) throws {
        try connection.prewarm(transcript)
    }
}
