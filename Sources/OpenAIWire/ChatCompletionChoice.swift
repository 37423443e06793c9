import StructuredDecoding

/// An entry of `choices`, in a whole response (`ChatCompletion`: the `message`) or in a streamed
/// chunk (`ChatCompletionChunk`: the `delta`, or the whole `message` when a server answers a
/// non-streamed request with this shape). Every field may be missing.
///
/// ```swift
/// ChatCompletionChoice(message: .init(role: "assistant", content: "Hi"), finishReason: "stop").jsonText
/// // {"index":0,"message":{"role":"assistant","content":"Hi","refusal":null},"finish_reason":"stop","logprobs":null}
/// ```
package struct ChatCompletionChoice: WireCodable, Equatable {
    /// The choice's position among the choices (in a chunk: which choice changes).
    package var index: Int?
    /// What a chunk adds to the message.
    package var delta: ChatCompletionMessage?
    /// The assistant's whole message.
    package var message: ChatCompletionMessage?
    /// Why generation stopped: `stop`, `length`, `tool_calls`, `content_filter` (in a chunk,
    /// the last of the choice).
    package var finishReason: String?

    /// A choice.
    package init(index: Int? = 0, delta: ChatCompletionMessage? = nil, message: ChatCompletionMessage? = nil, finishReason: String? = nil) {
        self.index = index
        self.delta = delta
        self.message = message
        self.finishReason = finishReason
    }

    /// Reads a choice.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        index = try field.member("index")?.integer()
        delta = try field.member("delta")?.decode()
        message = try field.member("message")?.decode()
        finishReason = try field.member("finish_reason")?.string()
    }

    /// `index`, `delta` and `message` as set (the message with `content` and `refusal`, `null`
    /// when unset), `finish_reason` (`null` until the last), and `logprobs: null`.
    package var wireValue: JSONValue {
        .members([
            ("index", index.map { .integer($0) }), ("delta", delta?.wireValue), ("message", message?.json(nullContent: true)),
            ("finish_reason", finishReason.map(JSONValue.string) ?? .null), ("logprobs", .null),
        ])
    }
}
