import StructuredDecoding

/// A whole response (`chat.completion`), as a server answers a request without `stream`.
///
/// ```swift
/// let completion = ChatCompletion(
///     id: "chatcmpl-1", created: 0, model: "qwen",
///     choices: [.init(index: 0, message: .init(role: "assistant", content: "Hi"), finishReason: "stop")])
/// completion.jsonText
/// // {"id":"chatcmpl-1","object":"chat.completion","created":0,"model":"qwen","choices":[{"index":0,"message":{"role":"assistant","content":"Hi","refusal":null},"finish_reason":"stop","logprobs":null}]}
/// ```
package struct ChatCompletion: WireCodable, Equatable {
    /// `chatcmpl-…`.
    package var id: String?
    /// `chat.completion`.
    package var object: String?
    /// Seconds since 1970.
    package var created: Int?
    /// The model that answered.
    package var model: String?
    /// The answers (one unless the request asked for `n`).
    package var choices: [Choice]
    /// Token counts.
    package var usage: ChatCompletionUsage?

    /// A response.
    package init(
        id: String?, object: String? = "chat.completion", created: Int?, model: String?, choices: [Choice], usage: ChatCompletionUsage? = nil
    ) {
        self.id = id
        self.object = object
        self.created = created
        self.model = model
        self.choices = choices
        self.usage = usage
    }

    /// Reads a response (`ChatCompletionEnvelope`); `choices` may be missing (read as none).
    package init(wire field: WireField) throws(WireDecodingError) {
        let envelope = try ChatCompletionEnvelope<Choice>(wire: field)
        self.init(
            id: envelope.id, object: envelope.object, created: envelope.created, model: envelope.model, choices: envelope.choices ?? [],
            usage: envelope.usage)
    }

    /// `id`, `object`, `created`, `model`, `choices`, `usage`, as set.
    package var wireValue: JSONValue {
        .members(ChatCompletionEnvelope(id: id, object: object, created: created, model: model, choices: choices, usage: usage).members)
    }

    /// One answer: a `ChatCompletionChoice` with its `message` (and no `delta`).
    package typealias Choice = ChatCompletionChoice
}
