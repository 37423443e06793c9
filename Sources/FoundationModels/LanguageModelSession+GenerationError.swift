import Foundation

extension LanguageModelSession {
    /// The errors of 26.x, in Apple's order: deprecated, as 27.0 deprecates them, each case for
    /// the type 27.0 throws instead (`LanguageModelError`, `LanguageModelSession.Error`,
    /// `SystemLanguageModel.Error`, `GeneratedContent.ParsingError`). Nothing in this package
    /// throws it any more; a third-party executor written for 26.x still may, and the session and
    /// `fm serve` still read it (a refusal's explanation, an HTTP status).
    ///
    /// ```swift
    /// do {
    ///     let answer = try await session.respond(to: question)
    /// } catch SystemLanguageModel.Error.assetsUnavailable(let details) {
    ///     print(details.debugDescription)   // install the model: `fm model install`
    /// } catch LanguageModelError.contextSizeExceeded(let details) {
    ///     print(details.debugDescription)   // start a new session with a condensed transcript
    /// }
    /// ```
    @available(
        *, deprecated,
        message: "27.0 throws LanguageModelError, LanguageModelSession.Error, SystemLanguageModel.Error and GeneratedContent.ParsingError instead."
    )
    public enum GenerationError: Swift.Error, LocalizedError, ConversationAttachingError, LegacyGenerationFailureReading, FrameworkError {
        /// What happened, for developers.
        public struct Context: Sendable {
            /// A description of the failure for debugging: what was asked, what went wrong.
            public let debugDescription: String

            /// Creates a context.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// The model's refusal to answer, with the transcript entries that led to it.
        ///
        /// ```swift
        /// } catch LanguageModelSession.GenerationError.refusal(let refusal, _) {
        ///     let why = try await refusal.explanation.content
        /// }
        /// ```
        public struct Refusal: Sendable {
            /// The entries that led to the refusal, ending with the refused prompt.
            let transcriptEntries: [Transcript.Entry]
            /// The model that refused (set by the session); the system model when `nil`.
            var connection: ModelConnection?

            /// Creates a refusal for the entries of a turn.
            public init(transcriptEntries: [Transcript.Entry]) {
                self.transcriptEntries = transcriptEntries
                self.connection = nil
            }

            /// The model's explanation of why it refused, asked of the model that refused in a
            /// new session that continues the refused conversation.
            nonisolated(nonsending) public var explanation: LanguageModelSession.Response<String> {
                get async throws {
                    try await explainingSession().respond(to: LanguageModelSession.refusalExplanationPrompt)
                }
            }

            /// The model's explanation of why it refused, streamed.
            public var explanationStream: LanguageModelSession.ResponseStream<String> {
                explainingSession().streamResponse(to: LanguageModelSession.refusalExplanationPrompt)
            }

            /// A session continuing the refused conversation.
            private func explainingSession() -> LanguageModelSession {
                LanguageModelSession(
                    connecting: connection ?? ModelConnection(SystemLanguageModel.default),
                    tools: [],
                    transcript: Transcript(entries: transcriptEntries)
                )
            }
        }

        /// The instructions, prompt, tools and response together exceed the model's context.
        @available(*, deprecated, message: "Use ``LanguageModelError/contextSizeExceeded(_:)`` instead.")
        case exceededContextWindowSize(Context)
        /// The model's files are missing or could not be loaded.
        @available(*, deprecated, message: "Use ``SystemLanguageModel/Error/assetsUnavailable(_:)`` instead.")
        case assetsUnavailable(Context)
        /// A safety guardrail rejected the prompt or the response.
        @available(*, deprecated, message: "Use ``LanguageModelError/guardrailViolation(_:)`` instead.")
        case guardrailViolation(Context)
        /// A generation guide cannot be enforced (a guide that does not fit its type, a regex
        /// whose pattern cannot be recovered or compiled).
        @available(*, deprecated, message: "Use ``LanguageModelError/unsupportedGenerationGuide(_:)`` instead.")
        case unsupportedGuide(Context)
        /// The model does not support the language or locale of the prompt.
        @available(*, deprecated, message: "Use ``LanguageModelError/unsupportedLanguageOrLocale(_:)`` instead.")
        case unsupportedLanguageOrLocale(Context)
        /// The model's output could not be turned into the requested type.
        @available(*, deprecated, message: "Use ``GeneratedContent/ParsingError`` instead.")
        case decodingFailure(Context)
        /// The system limited the rate of requests.
        @available(*, deprecated, message: "Use ``LanguageModelError/rateLimited(_:)`` instead.")
        case rateLimited(Context)
        /// A request was made while another request of the same session was running.
        @available(*, deprecated, message: "Use ``LanguageModelSession/Error/concurrentRequests`` instead.")
        case concurrentRequests(Context)
        /// The model refused to answer.
        @available(*, deprecated, message: "Use ``LanguageModelError/refusal(_:)`` instead.")
        case refusal(Refusal, Context)

        /// The context of any case.
        var context: Context {
            switch self {
            case .exceededContextWindowSize(let context), .assetsUnavailable(let context),
                .guardrailViolation(let context), .unsupportedGuide(let context),
                .unsupportedLanguageOrLocale(let context), .decodingFailure(let context),
                .rateLimited(let context), .concurrentRequests(let context), .refusal(_, let context):
                context
            }
        }

        /// This error as `fm serve` reads it (through `LegacyGenerationFailureReading`).
        var legacyFailure: LegacyGenerationFailure {
            let kind: LegacyGenerationFailure.Kind =
                switch self {
                case .exceededContextWindowSize: .exceededContextWindowSize
                case .assetsUnavailable: .assetsUnavailable
                case .unsupportedGuide: .unsupportedGuide
                default: .other
                }
            return LegacyGenerationFailure(
                kind: kind, debugDescription: context.debugDescription, summary: errorDescription ?? "\(self)")
        }

        /// A one-line summary of the failure.
        public var errorDescription: String? {
            switch self {
            case .exceededContextWindowSize: "The conversation exceeded the model's context window size."
            case .assetsUnavailable: "The language model's assets are unavailable."
            case .guardrailViolation: "The request was blocked by a safety guardrail."
            case .unsupportedGuide: "A generation guide in the schema is not supported."
            case .unsupportedLanguageOrLocale: "The language or locale of the request is not supported by the model."
            case .decodingFailure: "The model's output could not be decoded into the requested type."
            case .rateLimited: "The request was rate limited."
            case .concurrentRequests: "The session is already responding to another request."
            case .refusal: "The model refused to respond to the request."
            }
        }

        /// What went wrong in this instance: the context's debug description.
        public var failureReason: String? {
            context.debugDescription
        }

        /// How to recover.
        public var recoverySuggestion: String? {
            switch self {
            case .exceededContextWindowSize:
                "Start a new session, carrying over only the instructions and the most relevant entries of the transcript, or shorten the prompt."
            case .assetsUnavailable:
                "Install the model (see `fm model install`) or check the model file's path, then try again."
            case .guardrailViolation:
                "Rephrase the prompt."
            case .unsupportedGuide:
                "Use guides that fit the property's type, and regex literals or Regex(\"…\") for patterns."
            case .unsupportedLanguageOrLocale:
                "Check `SystemLanguageModel.supportedLanguages` before prompting in this language."
            case .decodingFailure:
                "Check that the type's schema matches the values it decodes, and that the response was not cut off by `maximumResponseTokens`."
            case .rateLimited:
                "Wait a moment and try again."
            case .concurrentRequests:
                "Wait until `isResponding` is false before making another request, or use another session."
            case .refusal:
                "Rephrase the prompt; the refusal's explanation says why the model declined."
            }
        }

        /// A refusal with the conversation's entries (when the executor gave none) and the model
        /// that refused; any other case unchanged. (Reached through `ConversationAttachingError`,
        /// so that the session names no declaration 27.0 deprecates.)
        func attaching(entries: [Transcript.Entry], connection: ModelConnection) -> any Swift.Error {
            guard case .refusal(var refusal, let context) = self else { return self }
            if refusal.transcriptEntries.isEmpty { refusal = Refusal(transcriptEntries: entries) }
            refusal.connection = connection
            return Self.refusal(refusal, context)
        }
    }
}

extension LanguageModelSession {
    /// What a refusal's explanation asks the model that refused.
    static let refusalExplanationPrompt = "Briefly explain why you declined to respond to my last request."
}

/// A request's error that takes the conversation it ended: 26.x's `GenerationError.refusal`
/// (a third-party executor's), so that its explanation asks the model that refused, in that
/// conversation. The session reaches the deprecated case through this requirement, so that its
/// own code names no declaration 27.0 deprecates.
protocol ConversationAttachingError: Swift.Error {
    /// The error with `entries` and the model behind `connection` attached, when it keeps them.
    func attaching(entries: [Transcript.Entry], connection: ModelConnection) -> any Swift.Error
}
