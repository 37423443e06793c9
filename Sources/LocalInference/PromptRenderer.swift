import ChatTemplates
import Foundation
import GGUF
import Synchronization
import Tokenizers

/// Turns a conversation into the model's prompt tokens: the GGUF file's own chat template
/// (`tokenizer.chat_template`, or the family default of `FamilyTemplates`) rendered by our Jinja
/// interpreter, then tokenized with control tokens recognised.
///
/// Answers the model generated earlier are re-entered as the very tokens it generated (kept by
/// `remember(response:tokens:)`), not as a fresh tokenization of their text, which could split
/// them differently: so the KV prefix of the previous turn survives into the next one.
///
/// ```swift
/// let text = try model.renderer.render(prompt)
/// let tokens = try model.renderer.tokens(for: prompt)
/// ```
package final class PromptRenderer: Sendable {
    /// The template.
    package let template: ChatTemplate
    /// Whether the template came from the model file (else it is the family default).
    package let isFromModelFile: Bool
    /// The template's source text.
    package let source: String
    /// Whether the template reads the tools from the system message (`message['tools']`, a
    /// JSON string: Phi-4-mini) instead of a `tools` variable.
    let readsMessageTools: Bool
    /// How the model writes tool calls, when the template never reads an assistant message's
    /// `tool_calls` (Phi-4-mini's shows only `content`): earlier calls are then written into the
    /// message's content as the model wrote them.
    let callsInContent: ToolCallFormat?
    private let tokenizer: Tokenizer
    private let bosToken: String
    private let eosToken: String
    private let memo = Mutex<ResponseMemo>(ResponseMemo())

    /// The renderer of a model file's conversations.
    ///
    /// `toolCallFormat` is how the model writes calls (`ToolCallFormat.detect`), for templates
    /// that show earlier calls only through an assistant message's text.
    ///
    /// - Throws: `LocalModelError.template` when the template does not parse (naming the line).
    package init(file: GGUFFile, tokenizer: Tokenizer, toolCallFormat: ToolCallFormat? = nil) throws(LocalModelError) {
        let fileSource = file.metadata.string("tokenizer.chat_template")
        isFromModelFile = fileSource != nil
        source = fileSource ?? FamilyTemplates.template(forArchitecture: file.architecture)
        readsMessageTools = source.contains("message['tools']") || source.contains("message.tools")
        callsInContent = source.contains("tool_calls") ? nil : toolCallFormat
        do {
            template = try ChatTemplate(source: source)
        } catch {
            throw .template(error.description)
        }
        self.tokenizer = tokenizer
        bosToken = tokenizer.bosTokenID.map { tokenizer.piece($0) } ?? ""
        eosToken = tokenizer.eosTokenID.map { tokenizer.piece($0) } ?? ""
    }

    /// The template's text for `prompt`.
    ///
    /// - Throws: `LocalModelError.template` naming the line where rendering failed (a template
    ///   that raises on the conversation's shape, an undefined value).
    package func render(_ prompt: ChatPrompt) throws(LocalModelError) -> String {
        do {
            return try template.render(variables(for: prompt))
        } catch {
            throw .template(error.description)
        }
    }

    /// The prompt's tokens.
    package func tokens(for prompt: ChatPrompt) throws(LocalModelError) -> [Int] {
        tokens(ofRendered: try render(prompt), messages: prompt.messages)
    }

    /// The prompt's text and tokens (the text tells where the template left the model's
    /// thinking: `ReasoningFormat.state(atEndOf:)`).
    package func rendered(_ prompt: ChatPrompt) throws(LocalModelError) -> (text: String, tokens: [Int]) {
        let text = try render(prompt)
        return (text, tokens(ofRendered: text, messages: prompt.messages))
    }

    /// The tokens a later prompt of this conversation will start with, for prewarming: the
    /// conversation rendered without the generation prompt and, when its last message is the
    /// user's (a prompt prefix), cut right after that message's text (before its end of turn).
    package func prefixTokens(for prompt: ChatPrompt) throws(LocalModelError) -> [Int] {
        var closed = prompt
        closed.addGenerationPrompt = false
        var text = try render(closed)
        if let last = prompt.messages.last, last.role == .user, !last.content.isEmpty,
            let range = text.range(of: last.content, options: .backwards)
        {
            text = String(text[..<range.upperBound])
        }
        return tokens(ofRendered: text, messages: prompt.messages)
    }

    /// Tokenizes rendered text, re-entering the remembered tokens of earlier answers.
    private func tokens(ofRendered text: String, messages: [ChatMessage]) -> [Int] {
        var ids: [Int] = []
        var cursor = text.startIndex
        for message in messages where message.role == .assistant && !message.content.isEmpty {
            guard let generated = memo.withLock({ $0.tokens(for: message.content) }),
                let range = text.range(of: message.content, range: cursor..<text.endIndex)
            else { continue }
            ids += encode(text[cursor..<range.lowerBound])
            ids += generated
            cursor = range.upperBound
        }
        ids += encode(text[cursor...])
        if tokenizer.configuration.addBOS, let bos = tokenizer.bosTokenID, ids.first != bos { ids.insert(bos, at: 0) }
        return ids
    }

    /// Records that the model answered `response` with `tokens`, so a later rendering of the
    /// conversation re-enters these tokens.
    package func remember(response: String, tokens: [Int]) {
        guard !response.isEmpty, tokenizer.decode(tokens) == response else { return }
        memo.withLock { $0.insert(response, tokens) }
    }

    private func encode(_ text: Substring) -> [Int] {
        text.isEmpty ? [] : tokenizer.encode(String(text), addSpecialTokens: false, parseSpecial: true)
    }

    /// The template's variables, in the shape Hugging Face's chat templates expect:
    /// `enable_thinking` only when the prompt sets it (absent, each template takes its own
    /// default); each assistant message's earlier thinking as `reasoning_content`; the tools
    /// also on the system message, as JSON text, for templates that read them there (an empty
    /// system message carries them when the conversation has none); earlier tool calls also in
    /// their message's `content` for templates that read nothing else (`callsInContent`).
    func variables(for prompt: ChatPrompt) -> [String: TemplateValue] {
        var chatMessages = prompt.messages
        if let format = callsInContent {
            for i in chatMessages.indices where !chatMessages[i].toolCalls.isEmpty {
                chatMessages[i].content += format.text(of: chatMessages[i].toolCalls, tokenizer: tokenizer)
            }
        }
        if readsMessageTools, !prompt.tools.isEmpty, chatMessages.first?.role != .system {
            chatMessages.insert(ChatMessage(role: .system, content: ""), at: 0)
        }
        var messages = chatMessages.map(Self.value(of:))
        if readsMessageTools, !prompt.tools.isEmpty, case .object(var system) = messages[0],
            let json = try? Self.toolsJSON.render(["tools": .array(prompt.tools.map(Self.function(of:)))])
        {
            system["tools"] = .string(json)
            messages[0] = .object(system)
        }
        var variables: [String: TemplateValue] = [
            "messages": .array(messages),
            "add_generation_prompt": .bool(prompt.addGenerationPrompt),
            "bos_token": .string(bosToken),
            "eos_token": .string(eosToken),
        ]
        if !prompt.tools.isEmpty { variables["tools"] = .array(prompt.tools.map(Self.value(of:))) }
        if let thinking = prompt.enableThinking { variables["enable_thinking"] = .bool(thinking) }
        return variables
    }

    /// The tools as the JSON text Phi-4-mini's system message carries (as `json.dumps` writes it).
    private static let toolsJSON: ChatTemplate = {
        // force-try: a constant, valid template.
        try! ChatTemplate(source: "{{ tools | tojson }}")
    }()

    static func value(of message: ChatMessage) -> TemplateValue {
        var object = TemplateObject()
        object["role"] = .string(message.role.rawValue)
        object["content"] = .string(message.content)
        if !message.toolCalls.isEmpty {
            object["tool_calls"] = .array(
                message.toolCalls.map { call in
                    var function = TemplateObject()
                    function["name"] = .string(call.name)
                    function["arguments"] = (try? TemplateValue(jsonText: call.argumentsJSON)) ?? .string(call.argumentsJSON)
                    var value = TemplateObject()
                    value["id"] = .string(call.id)
                    value["type"] = "function"
                    value["function"] = .object(function)
                    return .object(value)
                })
        }
        if let id = message.toolCallID { object["tool_call_id"] = .string(id) }
        if let name = message.name { object["name"] = .string(name) }
        if let reasoning = message.reasoning { object["reasoning_content"] = .string(reasoning) }
        return .object(object)
    }

    static func value(of tool: ChatTool) -> TemplateValue {
        var value = TemplateObject()
        value["type"] = "function"
        value["function"] = function(of: tool)
        return .object(value)
    }

    /// A tool's `function` object: name, description, parameters.
    static func function(of tool: ChatTool) -> TemplateValue {
        var function = TemplateObject()
        function["name"] = .string(tool.name)
        function["description"] = .string(tool.description)
        function["parameters"] = (try? TemplateValue(jsonText: tool.parametersJSON)) ?? .object(TemplateObject())
        return .object(function)
    }
}

/// The tokens of recent answers, by text (bounded: the oldest are forgotten first).
struct ResponseMemo {
    private var entries: [String: [Int]] = [:]
    private var order: [String] = []
    static let limit = 512

    func tokens(for text: String) -> [Int]? { entries[text] }

    mutating func insert(_ text: String, _ tokens: [Int]) {
        if entries.updateValue(tokens, forKey: text) == nil { order.append(text) }
        if order.count > Self.limit {
            let excess = order.count - Self.limit / 2
            for key in order[..<excess] { entries[key] = nil }
            order.removeFirst(excess)
        }
    }
}
