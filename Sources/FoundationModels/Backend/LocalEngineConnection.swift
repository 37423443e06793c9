internal import LocalInference

/// The local engine for models other than `SystemLanguageModel`: the seam through which the
/// `LocalModels` module's `GGUFLanguageModel` (our addition, shaped like Apple 27.0's
/// `LanguageModel`) reaches the same backend as the system model — transcript rendering, schema
/// lowering, constrained decoding, tool calls — without adding a name to Apple's API: it is SPI,
/// visible only to `@_spi(LocalEngine) import FoundationModels`.
@_spi(LocalEngine)
public struct LocalEngineConnection: Sendable {
    /// The backend doing the work.
    let backend: LocalModelBackend

    /// The engine for the GGUF file at `path`, with contexts of `contextSize` positions. Nothing
    /// is read until the first request.
    public init(path: String, contextSize: Int) {
        backend = LocalModelBackend(location: ModelLocation(path: path), contextSize: contextSize)
    }

    /// Whether the file can be run here, and if not, why (the file's header only is read).
    public var unavailabilityMessage: String? { backend.unavailabilityMessage }

    /// Generates one step of a response, as a `LanguageModelExecutor` does.
    public func respond(
        to request: LanguageModelExecutorGenerationRequest,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        if let message = backend.unavailabilityMessage {
            throw LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: message))
        }
        try await backend.respond(to: request, streamingInto: channel)
    }

    /// Prefills the transcript's instructions in the background.
    public func prewarm(transcript: Transcript) {
        guard backend.unavailabilityMessage == nil else { return }
        backend.prewarm(transcript: transcript)
    }
}
