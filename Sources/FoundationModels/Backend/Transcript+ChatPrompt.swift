internal import LocalInference
internal import StructuredDecoding

extension Transcript {
    /// The conversation as chat-template messages: instructions as the system message, prompts
    /// as user messages, tool calls as an assistant message with `tool_calls`, tool outputs as
    /// tool messages, responses as assistant messages. A reasoning entry is the `reasoning` of the
    /// assistant message that follows it (the tool calls or the response of the same step): the
    /// template decides whether to show it (`reasoning_content`; Qwen3 shows the current turn's,
    /// not earlier turns').
    ///
    /// A prompt that asked for a structured response carries the schema's text (before its own
    /// words, see `SchemaPromptText`) when the schema is shown to the model: the last prompt when `includeSchemaInLastPrompt`, earlier prompts
    /// always (as they were rendered when they were asked, so the conversation's prefix — and the
    /// KV cache holding it — stays the same from turn to turn). A prompt whose words already open
    /// with a schema's text (a remote client wrote it) is not given a second.
    func chatMessages(includeSchemaInLastPrompt: Bool) -> [ChatMessage] {
        let lastPrompt = lastIndex { if case .prompt = $0 { true } else { false } }
        var messages: [ChatMessage] = []
        var reasoning: String?
        for (index, entry) in enumerated() {
            switch entry {
            case .instructions(let instructions):
                reasoning = nil
                messages.append(ChatMessage(role: .system, content: Self.text(of: instructions.segments)))
            case .prompt(let prompt):
                reasoning = nil
                var content = Self.text(of: prompt.segments)
                if let format = prompt.responseFormat, index != lastPrompt || includeSchemaInLastPrompt,
                    !SchemaPromptText.isShown(in: content)
                {
                    content = SchemaPromptText.text(for: format.schema) + content
                }
                messages.append(ChatMessage(role: .user, content: content))
            case .toolCalls(let calls):
                messages.append(
                    ChatMessage(
                        role: .assistant, content: "",
                        toolCalls: calls.map {
                            ChatToolCall(id: $0.id, name: $0.toolName, argumentsJSON: $0.arguments.jsonString)
                        }, reasoning: reasoning))
                reasoning = nil
            case .toolOutput(let output):
                reasoning = nil
                messages.append(ChatMessage(role: .tool, content: Self.text(of: output.segments), toolCallID: output.id, name: output.toolName))
            case .response(let response):
                messages.append(ChatMessage(role: .assistant, content: Self.text(of: response.segments), reasoning: reasoning))
                reasoning = nil
            case .reasoning(let entry):
                let text = Self.text(of: entry.segments)
                reasoning = text.isEmpty ? nil : text
            }
        }
        return messages
    }

    /// The text of segments (structured content as its JSON, a custom segment as its
    /// description), one after another; an attachment adds nothing (refused before rendering:
    /// see `attachmentEntries`).
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels` (the remote model writes its
    /// messages' text with it); Apple's API has no such member.
    @_spi(Serving)
    public static func text(of segments: [Transcript.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text.content
            case .structure(let structure): structure.content.jsonString
            case .custom(let custom): custom.description
            case .attachment: "" // refused before rendering: see `attachmentEntries`
            }
        }.joined()
    }

    /// The entries holding attachments (images), which a model without vision cannot read.
    var attachmentEntries: [Transcript.Entry] {
        filter { entry in
            entry.segments.contains { if case .attachment = $0 { true } else { false } }
        }
    }
}

extension Transcript.Entry {
    /// The entry's segments (none for tool calls).
    ///
    /// SPI: visible to `@_spi(Serving) import FoundationModels` (the remote model refuses
    /// segments its messages cannot carry with it).
    @_spi(Serving)
    public var segments: [Transcript.Segment] {
        switch self {
        case .instructions(let entry): entry.segments
        case .prompt(let entry): entry.segments
        case .toolOutput(let entry): entry.segments
        case .response(let entry): entry.segments
        case .reasoning(let entry): entry.segments
        case .toolCalls: []
        }
    }
}

extension Transcript.ToolDefinition {
    /// The tool as chat templates show it: name, description, parameters as JSON Schema.
    var chatTool: ChatTool {
        ChatTool(name: name, description: description, parametersJSON: parameters.jsonValue.compactText)
    }
}
