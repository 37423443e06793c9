import StructuredDecoding

/// One event of a streamed response (`chat.completion.chunk`), read leniently: every field may
/// be missing, so servers that omit what they do not use (`index`, `id` after the first delta,
/// `choices` in the usage chunk) read the same. An error a server reports after the response
/// has started comes in the same events, as `error`.
///
/// ```swift
/// let chunk = try ChatCompletionChunk(json: #"{"choices":[{"index":0,"delta":{"content":"Hi"}}]}"#)
/// chunk.choices?.first?.delta?.content   // "Hi"
/// ```
package struct ChatCompletionChunk: WireCodable, Equatable {
    /// `chatcmpl-…`, the same in every chunk of a response.
    package var id: String?
    /// `chat.completion.chunk`.
    package var object: String?
    /// Seconds since 1970.
    package var created: Int?
    /// The model that answers.
    package var model: String?
    /// The choices' changes (none in the usage chunk).
    package var choices: [Choice]?
    /// Token counts: in the last chunk, with `stream_options.include_usage`.
    package var usage: ChatCompletionUsage?
    /// An error the server reported after the response had started.
    package var error: APIError?

    /// A chunk.
    package init(
        id: String? = nil, object: String? = "chat.completion.chunk", created: Int? = nil, model: String? = nil, choices: [Choice]? = nil,
        usage: ChatCompletionUsage? = nil, error: APIError? = nil
    ) {
        self.id = id
        self.object = object
        self.created = created
        self.model = model
        self.choices = choices
        self.usage = usage
        self.error = error
    }

    /// Reads a chunk: the envelope (`ChatCompletionEnvelope`), then `error`.
    package init(wire field: WireField) throws(WireDecodingError) {
        let envelope = try ChatCompletionEnvelope<Choice>(wire: field)
        self.init(
            id: envelope.id, object: envelope.object, created: envelope.created, model: envelope.model, choices: envelope.choices,
            usage: envelope.usage, error: try field.member("error")?.decode())
    }

    /// `id`, `object`, `created`, `model`, `choices`, `usage`, `error`, as set.
    package var wireValue: JSONValue {
        let envelope = ChatCompletionEnvelope(id: id, object: object, created: created, model: model, choices: choices, usage: usage)
        return .members(envelope.members + [("error", error?.wireValue)])
    }

    /// A choice's change: a `ChatCompletionChoice` with its `delta`.
    package typealias Choice = ChatCompletionChoice
}
