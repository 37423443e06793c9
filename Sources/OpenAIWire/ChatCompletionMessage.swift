import StructuredDecoding

/// The assistant's message in a response (`choices[i].message`), or what a chunk adds to it
/// (`choices[i].delta`). Read leniently — every field may be missing — so servers that leave out
/// what they do not use read the same.
///
/// ```swift
/// let delta = try ChatCompletionMessage(json: #"{"content": "Hi", "reasoning_content": "Hm."}"#)
/// delta.content            // "Hi"
/// delta.reasoningContent   // "Hm."
/// ```
package struct ChatCompletionMessage: WireCodable, Equatable {
    /// `assistant` (a chunk says it once, in its first delta).
    package var role: String?
    /// Response text.
    package var content: String?
    /// The model's refusal to answer (structured outputs).
    package var refusal: String?
    /// Tool calls; in a chunk, fragments keyed by `index`.
    package var toolCalls: [ToolCall]?
    /// A reasoning model's thinking: vLLM's and llama-server's `reasoning_content`.
    package var reasoningContent: String?
    /// The same under the name other servers use (`reasoning`: OpenRouter, Ollama, newer vLLM).
    package var reasoning: String?

    /// A message or delta.
    package init(
        role: String? = nil, content: String? = nil, refusal: String? = nil, toolCalls: [ToolCall]? = nil,
        reasoningContent: String? = nil, reasoning: String? = nil
    ) {
        self.role = role
        self.content = content
        self.refusal = refusal
        self.toolCalls = toolCalls
        self.reasoningContent = reasoningContent
        self.reasoning = reasoning
    }

    /// Reads a message or delta object.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        role = try field.member("role")?.string()
        content = try field.member("content")?.string()
        refusal = try field.member("refusal")?.string()
        toolCalls = try field.member("tool_calls")?.decodeArray()
        reasoningContent = try field.member("reasoning_content")?.string()
        reasoning = try field.member("reasoning")?.string()
    }

    /// The fields that are set (a delta's shape).
    package var wireValue: JSONValue { json(nullContent: false) }

    /// The fields that are set; with `nullContent`, `content` and `refusal` are written as
    /// `null` when unset (a whole response's message always has them).
    package func json(nullContent: Bool) -> JSONValue {
        let absent: JSONValue? = nullContent ? .null : nil
        return .members([
            ("role", role.map(JSONValue.string)),
            ("content", content.map(JSONValue.string) ?? absent),
            ("refusal", refusal.map(JSONValue.string) ?? absent),
            ("tool_calls", toolCalls.map { .array($0.map(\.wireValue)) }),
            ("reasoning_content", reasoningContent.map(JSONValue.string)),
            ("reasoning", reasoning.map(JSONValue.string)),
        ])
    }

    /// A tool call of a response, or a fragment of one in a chunk: the first fragment carries
    /// `id` and the function's name, later ones pieces of the arguments.
    package struct ToolCall: WireCodable, Equatable {
        /// Which call a fragment belongs to (chunks only).
        package var index: Int?
        /// The call's identity.
        package var id: String?
        /// `function`.
        package var type: String?
        /// The function called, and (a piece of) its arguments.
        package var function: Function?

        /// A call or fragment.
        package init(index: Int? = nil, id: String? = nil, type: String? = nil, function: Function? = nil) {
            self.index = index
            self.id = id
            self.type = type
            self.function = function
        }

        /// Reads a call or fragment.
        package init(wire field: WireField) throws(WireDecodingError) {
            _ = try field.object()
            index = try field.member("index")?.integer()
            id = try field.member("id")?.string()
            type = try field.member("type")?.string()
            function = try field.member("function")?.decode()
        }

        /// `index`, `id`, `type`, `function`, as set.
        package var wireValue: JSONValue {
            .members([
                ("index", index.map { .integer($0) }), ("id", id.map(JSONValue.string)), ("type", type.map(JSONValue.string)),
                ("function", function?.wireValue),
            ])
        }

        /// The function of a tool call.
        package struct Function: WireCodable, Equatable {
            /// The tool's name (first fragment).
            package var name: String?
            /// (A piece of) the arguments' JSON text.
            package var arguments: String?

            /// A function or a fragment of one.
            package init(name: String? = nil, arguments: String? = nil) {
                self.name = name
                self.arguments = arguments
            }

            /// Reads the function object.
            package init(wire field: WireField) throws(WireDecodingError) {
                _ = try field.object()
                name = try field.member("name")?.string()
                arguments = try field.member("arguments")?.string()
            }

            /// `name`, `arguments`, as set.
            package var wireValue: JSONValue {
                .members([("name", name.map(JSONValue.string)), ("arguments", arguments.map(JSONValue.string))])
            }
        }
    }
}
