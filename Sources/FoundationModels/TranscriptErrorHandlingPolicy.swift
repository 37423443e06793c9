/// What a session does with its transcript when a request fails (Apple 27.0).
///
/// ```swift
/// session.transcriptErrorHandlingPolicy = .preserveTranscript
/// ```
public struct TranscriptErrorHandlingPolicy: Sendable {
    /// The policies.
    enum Kind: Sendable, Equatable {
        case revert, preserve
    }

    /// The policy.
    let kind: Kind

    /// The transcript goes back to what it was before the failed request (the default).
    public static let revertTranscript = TranscriptErrorHandlingPolicy(kind: .revert)
    /// The failed request's prompt (and any tool calls made) stay in the transcript.
    public static let preserveTranscript = TranscriptErrorHandlingPolicy(kind: .preserve)
}

extension LanguageModelSession {
    /// What happens to the transcript when a request fails; `nil` is `.revertTranscript`.
    public final var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy? {
        get { state.withLock { $0.transcriptErrorHandlingPolicy } }
        set { state.withLock { $0.transcriptErrorHandlingPolicy = newValue } }
    }
}
