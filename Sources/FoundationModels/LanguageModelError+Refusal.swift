import Foundation

extension LanguageModelError {
    /// A model's refusal, which can explain itself.
    ///
    /// ```swift
    /// } catch LanguageModelError.refusal(let refusal) {
    ///     print(try await refusal.explanation.content)
    /// }
    /// ```
    public struct Refusal: Sendable {
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]
        /// The explanation the provider gave, if it gave one.
        let givenExplanation: String?
        /// The refused conversation, for asking the model why (when no explanation was given).
        var transcriptEntries: [Transcript.Entry] = []
        /// The model that refused; the system model when `nil`.
        var connection: ModelConnection?
    }
}

extension LanguageModelError.Refusal {
    /// Creates a refusal with the model's explanation.
    public init(explanation: String, debugDescription: String, metadata: [String: any Sendable] = [:]) {
        self.debugDescription = debugDescription
        self.metadata = metadata
        self.givenExplanation = explanation
    }

    /// The model's explanation of why it refused: the provider's, or asked of the model that
    /// refused in a new session continuing the refused conversation.
    nonisolated(nonsending) public var explanation: LanguageModelSession.Response<String> {
        get async throws {
            if let givenExplanation {
                return LanguageModelSession.Response(
                    content: givenExplanation, rawContent: GeneratedContent(givenExplanation), transcriptEntries: [], usage: .zero)
            }
            return try await explainingSession().respond(to: LanguageModelSession.refusalExplanationPrompt)
        }
    }

    /// The model's explanation of why it refused, streamed.
    public var explanationStream: LanguageModelSession.ResponseStream<String> {
        if let givenExplanation {
            let state = ResponseStreamState()
            let content = GeneratedContent(givenExplanation)
            state.publish(content)
            state.finish(.success(LanguageModelSession.TurnResult(rawContent: content, entries: [])))
            return LanguageModelSession.ResponseStream(state: state)
        }
        return explainingSession().streamResponse(to: LanguageModelSession.refusalExplanationPrompt)
    }

    /// A session continuing the refused conversation.
    private func explainingSession() -> LanguageModelSession {
        LanguageModelSession(
            connecting: connection ?? ModelConnection(SystemLanguageModel.default), tools: [],
            transcript: Transcript(entries: transcriptEntries))
    }
}
