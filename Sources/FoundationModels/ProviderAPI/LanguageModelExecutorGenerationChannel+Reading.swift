extension LanguageModelExecutorGenerationChannel.Event {
    /// What an event says, for a reader outside the session: the `Server` module relays
    /// executors' events as HTTP deltas. Apple's API keeps events opaque (only the session reads
    /// them), so this is SPI, visible only to `@_spi(Serving) import FoundationModels`.
    ///
    /// ```swift
    /// for try await event in channel {
    ///     if case .text(let text, _, _) = event.content { print(text, terminator: "") }
    /// }
    /// ```
    @_spi(Serving)
    public enum Content: Sendable {
        /// Response text appended to a segment (`segmentID` `nil`: the last one).
        case text(String, segmentID: String?, tokenCount: Int)
        /// The whole text of a segment replaced.
        case replacedText(String, segmentID: String?, tokenCount: Int)
        /// A fragment of tool call `id`'s arguments (the call starts with its first fragment).
        case toolCallArguments(id: String, name: String, fragment: String, tokenCount: Int)
        /// Tool call `id` withdrawn.
        case removedToolCall(id: String)
        /// The step's token counts so far.
        case usage(LanguageModelExecutorGenerationChannel.Usage)
        /// Reasoning text appended (a reasoning model's thinking, not part of the answer).
        case reasoningText(String, tokenCount: Int)
        /// A change that has no streamed form (metadata, attachments, app-defined segments,
        /// signatures).
        case other
    }

    /// What the event says (SPI, see `Content`).
    @_spi(Serving)
    public var content: Content {
        switch kind {
        case .response(let response):
            switch response.action.kind {
            case .append(let fragment): .text(fragment.content, segmentID: fragment.segmentID, tokenCount: fragment.tokenCount)
            case .replace(let replacement):
                .replacedText(replacement.content, segmentID: replacement.segmentID, tokenCount: replacement.tokenCount)
            case .usage(let usage): .usage(usage)
            case .custom, .addAttachment, .removeAttachment, .metadata: .other
            }
        case .reasoning(let reasoning):
            switch reasoning.action.kind {
            case .append(let fragment): .reasoningText(fragment.content, tokenCount: fragment.tokenCount)
            case .replace(let replacement): .reasoningText(replacement.content, tokenCount: replacement.tokenCount)
            case .usage(let usage): .usage(usage)
            case .signature, .metadata: .other
            }
        case .toolCalls(let calls):
            switch calls.action.kind {
            case .call(let call) where call.action.fragment.content.isEmpty && !call.action.metadata.isEmpty: .other
            case .call(let call):
                .toolCallArguments(
                    id: call.id, name: call.name, fragment: call.action.fragment.content,
                    tokenCount: call.action.fragment.tokenCount)
            case .remove(let id): .removedToolCall(id: id)
            case .usage(let usage): .usage(usage)
            case .metadata: .other
            }
        }
    }
}

extension LanguageModelExecutorGenerationChannel {
    /// Ends the channel for a caller that feeds and reads a channel itself (SPI, see
    /// `Event.Content`): the reader sees the end after the events sent so far, or `error`.
    @_spi(Serving)
    public func close(throwing error: (any Swift.Error)? = nil) {
        finish(throwing: error)
    }
}
