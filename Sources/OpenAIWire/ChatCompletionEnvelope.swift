import StructuredDecoding

/// The members a whole response (`ChatCompletion`) and a streamed chunk (`ChatCompletionChunk`)
/// share — `id`, `object`, `created`, `model`, `choices`, `usage` — read and written once for
/// both; `Choice` is each one's kind of choice. Every member may be missing, as servers differ in
/// what they send.
///
/// ```swift
/// let body = WireField(try WireField.parse(#"{"id": "chatcmpl-1", "created": 1.5}"#))
/// let envelope = try ChatCompletionEnvelope<ChatCompletionChunk.Choice>(wire: body)
/// envelope.created   // 1
/// envelope.choices   // nil
/// ```
struct ChatCompletionEnvelope<Choice: WireCodable> {
    /// `chatcmpl-…`.
    var id: String?
    /// `chat.completion` or `chat.completion.chunk`.
    var object: String?
    /// Seconds since 1970.
    var created: Int?
    /// The model that answers.
    var model: String?
    /// The choices, `nil` when the member is missing.
    var choices: [Choice]?
    /// Token counts.
    var usage: ChatCompletionUsage?
}

// The reader sits in an extension so the struct keeps its memberwise initializer.
extension ChatCompletionEnvelope {
    /// Reads the envelope's members of an object, in the protocol's order.
    ///
    /// - Throws: `WireDecodingError` naming the field at fault (`` `choices[0].index` must be an
    ///   integer ``), or the body itself when it is not an object.
    init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        id = try field.member("id")?.string()
        object = try field.member("object")?.string()
        created = try field.member("created").map(Self.seconds)
        model = try field.member("model")?.string()
        choices = try field.member("choices")?.decodeArray()
        usage = try field.member("usage")?.decode()
    }

    /// `id`, `object`, `created`, `model`, `choices`, `usage` in the protocol's order, the unset
    /// ones `nil` (left out by `JSONValue.members`).
    var members: [(String, JSONValue?)] {
        [
            ("id", id.map(JSONValue.string)), ("object", object.map(JSONValue.string)), ("created", created.map { .integer($0) }),
            ("model", model.map(JSONValue.string)), ("choices", choices.map { .array($0.map(\.wireValue)) }), ("usage", usage?.wireValue),
        ]
    }

    /// `created`: whole seconds (a server writing a fraction is read, truncated).
    static func seconds(_ field: WireField) throws(WireDecodingError) -> Int {
        let value = try field.number()
        guard let seconds = Int(exactly: value.rounded(.towardZero)) else { throw field.mismatch("a time in seconds") }
        return seconds
    }
}
