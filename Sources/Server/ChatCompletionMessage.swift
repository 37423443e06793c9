import FoundationModels

/// One entry of a request's `messages`, validated.
enum ChatCompletionMessage {
    /// A call the assistant made earlier in the conversation.
    struct ToolCall {
        var id: String
        var name: String
        var arguments: GeneratedContent
    }

    /// `system` or `developer`: instructions.
    case system(String)
    /// `user`: a prompt.
    case user(String)
    /// `assistant`: an earlier answer, with the tools it called.
    case assistant(String?, toolCalls: [ToolCall])
    /// `tool`: a tool's output for the call `callID`.
    case tool(String, callID: String)

    /// Reads `messages[i]`.
    init(_ field: RequestField) throws(OpenAIError) {
        _ = try field.object()
        guard let role = field.member("role") else { throw RequestField.missing(field.path + ".role") }
        switch try role.string() {
        case "system", "developer":
            self = .system(try Self.text(field.member("content"), in: field))
        case "user":
            self = .user(try Self.text(field.member("content"), in: field))
        case "assistant":
            var calls: [ToolCall] = []
            if let list = field.member("tool_calls") {
                for call in try list.array() { calls.append(try Self.toolCall(call)) }
            }
            let content = try field.member("content").map { (value) throws(OpenAIError) in try Self.text(value, in: field) }
            guard content != nil || !calls.isEmpty else {
                throw OpenAIError.invalidRequest("`\(field.path)` needs `content` or `tool_calls`", param: field.path + ".content")
            }
            self = .assistant(content, toolCalls: calls)
        case "tool":
            guard let id = field.member("tool_call_id") else { throw RequestField.missing(field.path + ".tool_call_id") }
            self = .tool(try Self.text(field.member("content"), in: field), callID: try id.string())
        case let other:
            throw OpenAIError.invalidRequest(
                "`\(role.path)` \"\(other)\" is not system, developer, user, assistant or tool",
                param: role.path)
        }
    }

    /// A message's text: a string, or an array of `{"type": "text", "text": ...}` parts (other
    /// parts — images, audio, files — are refused: the model reads text only).
    static func text(_ content: RequestField?, in message: RequestField) throws(OpenAIError) -> String {
        guard let content else { throw RequestField.missing(message.path + ".content") }
        if case .string(let text) = content.content.kind { return text }
        var text = ""
        for part in try content.array() {
            _ = try part.object()
            let type = try part.member("type")?.string()
            guard type == "text", let value = part.member("text") else {
                throw OpenAIError.invalidRequest(
                    "`\(part.path)` of type \(type.map { "\"\($0)\"" } ?? "none") is not supported: this model reads text parts only",
                    param: part.path + ".type")
            }
            text += try value.string()
        }
        return text
    }

    /// One entry of an assistant message's `tool_calls`.
    static func toolCall(_ field: RequestField) throws(OpenAIError) -> ToolCall {
        _ = try field.object()
        guard let id = field.member("id") else { throw RequestField.missing(field.path + ".id") }
        guard let function = field.member("function") else { throw RequestField.missing(field.path + ".function") }
        guard let name = function.member("name") else { throw RequestField.missing(function.path + ".name") }
        guard let arguments = function.member("arguments") else { throw RequestField.missing(function.path + ".arguments") }
        let json = try arguments.string()
        guard let content = try? GeneratedContent(json: json), content.isComplete, case .structure = content.kind else {
            throw OpenAIError.invalidRequest("`\(arguments.path)` must be a JSON object in a string", param: arguments.path)
        }
        return ToolCall(id: try id.string(), name: try name.string(), arguments: content)
    }

    /// Checks what a conversation can be answered from: it ends with the user or a tool, and
    /// every tool message answers a call the assistant made.
    static func checkOrder(_ messages: [ChatCompletionMessage]) throws(OpenAIError) {
        var calls: Set<String> = []
        for (index, message) in messages.enumerated() {
            switch message {
            case .assistant(_, let toolCalls): calls.formUnion(toolCalls.map(\.id))
            case .tool(_, let id):
                guard calls.contains(id) else {
                    throw OpenAIError.invalidRequest(
                        "`messages[\(index)].tool_call_id` \"\(id)\" answers no earlier tool call",
                        param: "messages[\(index)].tool_call_id")
                }
            case .system, .user: break
            }
        }
        switch messages.last {
        case .user?, .tool?: break
        default:
            throw OpenAIError.invalidRequest("The last message must be from the user or a tool", param: "messages[\(messages.count - 1)].role")
        }
    }
}
