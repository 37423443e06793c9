/// A conversation to render with a model's chat template: messages in the shape chat templates
/// expect (OpenAI's), and the tools the model may call.
///
/// ```swift
/// let prompt = ChatPrompt(messages: [
///     ChatMessage(role: .system, content: "You are a barista."),
///     ChatMessage(role: .user, content: "A latte, please."),
/// ])
/// ```
public struct ChatPrompt: Sendable, Hashable {
    /// The messages, oldest first.
    public var messages: [ChatMessage]
    /// The tools, in the order the model is told about them.
    public var tools: [ChatTool]
    /// Whether the rendering ends with the opening of the assistant's turn.
    public var addGenerationPrompt: Bool

    /// A conversation.
    public init(messages: [ChatMessage], tools: [ChatTool] = [], addGenerationPrompt: Bool = true) {
        self.messages = messages
        self.tools = tools
        self.addGenerationPrompt = addGenerationPrompt
    }
}

/// One message of a conversation.
public struct ChatMessage: Sendable, Hashable {
    /// Who wrote a message.
    public enum Role: String, Sendable, Hashable {
        /// Instructions.
        case system
        /// The user's prompt.
        case user
        /// The model's answer (and tool calls).
        case assistant
        /// A tool's output.
        case tool
    }

    /// Who wrote it.
    public var role: Role
    /// Its text.
    public var content: String
    /// The tool calls of an assistant message.
    public var toolCalls: [ChatToolCall]
    /// The call a tool message answers.
    public var toolCallID: String?
    /// The tool a tool message comes from.
    public var name: String?

    /// A message.
    public init(role: Role, content: String, toolCalls: [ChatToolCall] = [], toolCallID: String? = nil, name: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.name = name
    }
}

/// A tool call of an assistant message.
public struct ChatToolCall: Sendable, Hashable {
    /// The call's identity.
    public var id: String
    /// The tool's name.
    public var name: String
    /// The arguments, a JSON object.
    public var argumentsJSON: String

    /// A call.
    public init(id: String, name: String, argumentsJSON: String) {
        self.id = id
        self.name = name
        self.argumentsJSON = argumentsJSON
    }
}

/// A tool the model may call.
public struct ChatTool: Sendable, Hashable {
    /// The tool's name.
    public var name: String
    /// What it does.
    public var description: String
    /// Its parameters, a JSON Schema object.
    public var parametersJSON: String

    /// A tool.
    public init(name: String, description: String, parametersJSON: String) {
        self.name = name
        self.description = description
        self.parametersJSON = parametersJSON
    }
}
