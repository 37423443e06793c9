import StructuredDecoding

/// One entry of a request's `messages`: `system`, `developer`, `user`, `assistant` (with the
/// tools it called) or `tool` (a call's output). The role is kept as written: which roles a
/// server accepts is its own rule.
///
/// ```swift
/// ChatCompletionMessageParam(role: "user", content: .text("Name a tea.")).jsonText
/// // {"role":"user","content":"Name a tea."}
/// ```
package struct ChatCompletionMessageParam: WireCodable, Equatable {
    /// `system`, `developer`, `user`, `assistant` or `tool`.
    package var role: String
    /// The text, or its parts; `nil` for an assistant message with only tool calls.
    package var content: ChatCompletionContent?
    /// A participant's name.
    package var name: String?
    /// The calls an assistant message made.
    package var toolCalls: [ChatCompletionMessageToolCall]?
    /// The call a `tool` message answers.
    package var toolCallID: String?
    /// What the model thought before an assistant message, as a client sends it back
    /// (`reasoning_content`, the field llama.cpp's server and vLLM return).
    package var reasoningContent: String?

    /// A message.
    package init(
        role: String, content: ChatCompletionContent?, name: String? = nil, toolCalls: [ChatCompletionMessageToolCall]? = nil,
        toolCallID: String? = nil, reasoningContent: String? = nil
    ) {
        self.role = role
        self.content = content
        self.name = name
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.reasoningContent = reasoningContent
    }

    /// Reads a message object; `role` is required.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        role = try field.required("role").string()
        content = try field.member("content")?.decode()
        name = try field.member("name")?.string()
        toolCalls = try field.member("tool_calls")?.decodeArray()
        toolCallID = try field.member("tool_call_id")?.string()
        reasoningContent = try field.member("reasoning_content")?.string()
    }

    /// `role`, `tool_call_id` when set, `content` (`null` when there is none), then what else
    /// is set.
    package var wireValue: JSONValue {
        .members([
            ("role", .string(role)),
            ("tool_call_id", toolCallID.map(JSONValue.string)),
            ("content", content?.wireValue ?? .null),
            ("name", name.map(JSONValue.string)),
            ("tool_calls", toolCalls.map { .array($0.map(\.wireValue)) }),
            ("reasoning_content", reasoningContent.map(JSONValue.string)),
        ])
    }
}

/// A message's content: a string, or an array of parts.
package enum ChatCompletionContent: WireCodable, Equatable {
    /// Plain text.
    case text(String)
    /// Parts (`{"type": "text", "text": …}`, images, …).
    case parts([ChatCompletionContentPart])

    /// Reads a string or an array of part objects.
    package init(wire field: WireField) throws(WireDecodingError) {
        if case .string(let text) = field.value {
            self = .text(text)
        } else if case .array = field.value {
            self = .parts(try field.decodeArray())
        } else {
            throw field.mismatch("a string or an array of content parts")
        }
    }

    /// The string, or the array of parts.
    package var wireValue: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .parts(let parts): .array(parts.map(\.wireValue))
        }
    }
}

/// One part of a message's content: its `type`, the text of a `text` part, and the other
/// members as they were (an image's `image_url`, …), so nothing is lost in a round trip.
package struct ChatCompletionContentPart: WireCodable, Equatable {
    /// `text`, `image_url`, `input_audio`, `file`, … (`nil` when absent).
    package var type: String?
    /// The text of a `text` part.
    package var text: String?
    /// The part's other members, in order.
    package var otherMembers: [JSONMember]

    /// A text part.
    package init(text: String) {
        type = "text"
        self.text = text
        otherMembers = []
    }

    /// Reads a part object.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        type = try field.member("type")?.string()
        text = try field.member("text")?.string()
        guard case .object(let members) = field.value else { throw field.mismatch("an object") }
        otherMembers = members.filter { $0.key != "type" && $0.key != "text" }
    }

    /// `type`, `text`, then the other members.
    package var wireValue: JSONValue {
        .object(JSONValue.members([("type", type.map(JSONValue.string)), ("text", text.map(JSONValue.string))]).members + otherMembers)
    }

    /// Equal types, texts and other members.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.text == rhs.text && JSONValue.object(lhs.otherMembers) == JSONValue.object(rhs.otherMembers)
    }
}

/// A tool call an assistant message made: its id and the function with its arguments, a JSON
/// object written as a string.
package struct ChatCompletionMessageToolCall: WireCodable, Equatable {
    /// The call's identity, which the `tool` message answering it repeats.
    package var id: String
    /// `function` (the only type of call).
    package var type: String?
    /// The function called.
    package var function: FunctionCall

    /// A call of a function.
    package init(id: String, name: String, arguments: String) {
        self.id = id
        type = "function"
        function = FunctionCall(name: name, arguments: arguments)
    }

    /// Reads a call; `id` and `function` (with `name` and `arguments`) are required.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        id = try field.required("id").string()
        type = try field.member("type")?.string()
        function = try field.required("function").decode()
    }

    /// `id`, `type`, `function`.
    package var wireValue: JSONValue {
        .members([("id", .string(id)), ("type", type.map(JSONValue.string)), ("function", function.wireValue)])
    }
}

/// A function called, with its arguments' JSON text.
package struct FunctionCall: WireCodable, Equatable {
    /// The tool's name.
    package var name: String
    /// The arguments: a JSON object, as text.
    package var arguments: String

    /// A call of `name`.
    package init(name: String, arguments: String) {
        self.name = name
        self.arguments = arguments
    }

    /// Reads `{"name": …, "arguments": …}`; both are required.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        name = try field.required("name").string()
        arguments = try field.required("arguments").string()
    }

    /// `name`, `arguments`.
    package var wireValue: JSONValue {
        .object([JSONMember("name", .string(name)), JSONMember("arguments", .string(arguments))])
    }
}
