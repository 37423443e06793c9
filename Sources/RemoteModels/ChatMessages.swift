@_spi(Serving) import FoundationModels
import OpenAIWire

/// A transcript as chat-completions `messages`: instructions as `system`, prompts as `user`,
/// responses as `assistant` content, tool calls as an `assistant` message with `tool_calls`,
/// tool outputs as `tool` messages answering their call's id.
///
/// ```swift
/// ChatMessages.messages(for: request.transcript).map(\.jsonText)
/// // [#"{"role":"system","content":"Answer briefly."}"#, #"{"role":"user","content":"Name a tea."}"#]
/// ```
///
/// Segments are joined without separators; structured content is written as its JSON. The
/// schema always travels in `response_format`; with `schemaText`, a prompt that asked for a
/// structured response also shows it to the model, as the local model's prompt does: the
/// schema's text (`GenerationSchema.promptText`) before the prompt's words — the last prompt
/// only `inLastPrompt` (`includeSchemaInPrompt`), earlier ones always, as they were sent when
/// they were asked, so a server's prefix cache keeps the conversation's start.
enum ChatMessages {
    /// The messages of `transcript`, in order.
    ///
    /// - Throws: `LanguageModelError.unsupportedCapability` (vision) when an entry holds an image
    ///   attachment, `.unsupportedTranscriptContent` for a custom segment: the messages carry text
    ///   only, and content is refused by type rather than dropped.
    static func messages(
        for transcript: Transcript, schemaText: Bool = false, inLastPrompt: Bool = true
    ) throws -> [ChatCompletionMessageParam] {
        try checkTextOnly(transcript)
        let lastPrompt = transcript.lastIndex { if case .prompt = $0 { true } else { false } }
        var messages: [ChatCompletionMessageParam] = []
        for (index, entry) in transcript.enumerated() {
            switch entry {
            case .instructions(let instructions):
                let text = Transcript.text(of: instructions.segments)
                // Instructions with nothing but tool definitions have no message: the tools
                // travel in `tools`.
                if !text.isEmpty { messages.append(.init(role: "system", content: .text(text))) }
            case .prompt(let prompt):
                var content = Transcript.text(of: prompt.segments)
                if schemaText, case .schema(let schema)? = prompt.responseFormat?.kind, index != lastPrompt || inLastPrompt {
                    content = schema.promptText + content
                }
                messages.append(.init(role: "user", content: .text(content)))
            case .response(let response):
                messages.append(.init(role: "assistant", content: .text(Transcript.text(of: response.segments))))
            case .toolCalls(let calls):
                // Its arguments are a JSON object in a string.
                messages.append(
                    .init(
                        role: "assistant", content: nil,
                        toolCalls: calls.map { .init(id: $0.id, name: $0.toolName, arguments: $0.arguments.jsonString) }))
            case .toolOutput(let output):
                messages.append(.init(role: "tool", content: .text(Transcript.text(of: output.segments)), toolCallID: output.id))
            case .reasoning:
                continue
            }
        }
        return messages
    }

    /// Refuses what the messages cannot carry (`Transcript.text(of:)` writes text only): image
    /// attachments and custom segments.
    static func checkTextOnly(_ transcript: Transcript) throws {
        // Reasoning entries are not sent, so what they hold is not refused.
        func holding(_ kind: (Transcript.Segment) -> Bool) -> [Transcript.Entry] {
            transcript.filter { entry in
                if case .reasoning = entry { return false }
                return entry.segments.contains(where: kind)
            }
        }
        let images = holding { if case .attachment = $0 { true } else { false } }
        let custom = holding { if case .custom = $0 { true } else { false } }
        if !images.isEmpty {
            throw LanguageModelError.unsupportedCapability(
                .init(
                    capability: .vision,
                    debugDescription:
                        "the remote model's messages carry text only: \(images.count) transcript entr\(images.count == 1 ? "y holds" : "ies hold") an image attachment"
                ))
        }
        if !custom.isEmpty {
            throw LanguageModelError.unsupportedTranscriptContent(
                .init(
                    unsupportedContent: custom,
                    debugDescription:
                        "the remote model's messages cannot carry \(custom.count) entr\(custom.count == 1 ? "y's" : "ies'") custom segments"))
        }
    }
}
