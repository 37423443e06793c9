import FoundationModels
import OpenAIWire

/// One entry of a request's `messages`, validated: a role this server answers from, text it can
/// read, tool calls whose arguments are JSON objects.
enum RequestMessage {
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
    /// `assistant`: an earlier answer, with the tools it called and what it thought first
    /// (`reasoning_content`, when the client sends it back).
    case assistant(String?, toolCalls: [ToolCall], reasoning: String?)
    /// `tool`: a tool's output for the call `callID`.
    case tool(String, callID: String)

    /// Validates `messages[i]` (`path`).
    init(_ message: ChatCompletionMessageParam, path: String) throws(OpenAIError) {
        switch message.role {
        case "system", "developer":
            self = .system(try Self.text(message.content, path: path))
        case "user":
            self = .user(try Self.text(message.content, path: path))
        case "assistant":
            var calls: [ToolCall] = []
            for (index, call) in (message.toolCalls ?? []).enumerated() {
                calls.append(try Self.toolCall(call, path: "\(path).tool_calls[\(index)]"))
            }
            let content = try message.content.map { (value) throws(OpenAIError) in try Self.text(value, path: path) }
            guard content != nil || !calls.isEmpty else {
                throw OpenAIError.invalidRequest("`\(path)` needs `content` or `tool_calls`", param: path + ".content")
            }
            self = .assistant(content, toolCalls: calls, reasoning: message.reasoningContent)
        case "tool":
            guard let id = message.toolCallID else { throw OpenAIError(.missing(path + ".tool_call_id")) }
            self = .tool(try Self.text(message.content, path: path), callID: id)
        case let other:
            throw OpenAIError.invalidRequest(
                "`\(path).role` \"\(other)\" is not system, developer, user, assistant or tool", param: path + ".role")
        }
    }

    /// A message's text: a string, or `text` parts joined (other parts — images, audio, files —
    /// are refused: the model reads text only).
    static func text(_ content: ChatCompletionContent?, path: String) throws(OpenAIError) -> String {
        guard let content else { throw OpenAIError(.missing(path + ".content")) }
        switch content {
        case .text(let text):
            return text
        case .parts(let parts):
            var text = ""
            for (index, part) in parts.enumerated() {
                guard part.type == "text", let piece = part.text else {
                    let partPath = "\(path).content[\(index)]"
                    throw OpenAIError.invalidRequest(
                        "`\(partPath)` of type \(part.type.map { "\"\($0)\"" } ?? "none") is not supported: this model reads text parts only",
                        param: partPath + ".type")
                }
                text += piece
            }
            return text
        }
    }

    /// One entry of an assistant message's `tool_calls`, its arguments parsed.
    static func toolCall(_ call: ChatCompletionMessageToolCall, path: String) throws(OpenAIError) -> ToolCall {
        let argumentsPath = path + ".function.arguments"
        guard let content = try? GeneratedContent(json: call.function.arguments), content.isComplete, case .structure = content.kind else {
            throw OpenAIError.invalidRequest("`\(argumentsPath)` must be a JSON object in a string", param: argumentsPath)
        }
        return ToolCall(id: call.id, name: call.function.name, arguments: content)
    }

    /// Checks what a conversation can be answered from: it ends with the user or a tool, and
    /// every tool message answers a call the assistant made.
    static func checkOrder(_ messages: [RequestMessage]) throws(OpenAIError) {
        var calls: Set<String> = []
        for (index, message) in messages.enumerated() {
            switch message {
            case .assistant(_, let toolCalls, _): calls.formUnion(toolCalls.map(\.id))
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
