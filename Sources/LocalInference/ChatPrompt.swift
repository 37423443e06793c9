/// A conversation to render with a model's chat template: messages in the shape chat templates
/// expect (OpenAI's), and the tools the model may call.
///
/// ```swift
/// let prompt = ChatPrompt(messages: [
///     ChatMessage(role: .system, content: "You are a barista."),
///     ChatMessage(role: .user, content: "A latte, please."),
/// ])
/// ```
package struct ChatPrompt: Sendable, Hashable {
    /// The messages, oldest first.
    package var messages: [ChatMessage]
    /// The tools, in the order the model is told about them.
    package var tools: [ChatTool]
    /// Whether the rendering ends with the opening of the assistant's turn.
    package var addGenerationPrompt: Bool
    /// The template's thinking switch (`enable_thinking`): `nil` leaves it out, so each template
    /// takes its own default (Qwen3 and SmolLM3 think, Gemma 4 does not).
    package var enableThinking: Bool?

    /// A conversation.
    package init(messages: [ChatMessage], tools: [ChatTool] = [], addGenerationPrompt: Bool = true, enableThinking: Bool? = nil) {
        self.messages = messages
        self.tools = tools
        self.addGenerationPrompt = addGenerationPrompt
        self.enableThinking = enableThinking
    }
}

/// One message of a conversation.
package struct ChatMessage: Sendable, Hashable {
    /// Who wrote a message.
    package enum Role: String, Sendable, Hashable {
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
    package var role: Role
    /// Its text.
    package var content: String
    /// The tool calls of an assistant message.
    package var toolCalls: [ChatToolCall]
    /// The call a tool message answers.
    package var toolCallID: String?
    /// The tool a tool message comes from.
    package var name: String?
    /// What the model thought before an assistant message (`reasoning_content` to the
    /// template, which decides whether to show it: Qwen3 keeps it only in the current turn).
    package var reasoning: String?

    /// A message.
    package init(
        role: Role, content: String, toolCalls: [ChatToolCall] = [], toolCallID: String? = nil, name: String? = nil,
        reasoning: String? = nil
    ) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.name = name
        self.reasoning = reasoning
    }
}

/// A tool call of an assistant message.
package struct ChatToolCall: Sendable, Hashable {
    /// The call's identity.
    package var id: String
    /// The tool's name.
    package var name: String
    /// The arguments, a JSON object.
    package var argumentsJSON: String

    /// A call.
    package init(id: String, name: String, argumentsJSON: String) {
        self.id = id
        self.name = name
        self.argumentsJSON = argumentsJSON
    }
}

/// A tool the model may call.
package struct ChatTool: Sendable, Hashable {
    /// The tool's name.
    package var name: String
    /// What it does.
    package var description: String
    /// Its parameters, a JSON Schema object.
    package var parametersJSON: String

    /// A tool.
    package init(name: String, description: String, parametersJSON: String) {
        self.name = name
        self.description = description
        self.parametersJSON = parametersJSON
    }
}
