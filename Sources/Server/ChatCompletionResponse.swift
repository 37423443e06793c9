import Foundation
import OpenAIWire

/// The JSON bodies of one completion: the whole response (`ChatCompletion`) and the chunks of a
/// stream (`ChatCompletionChunk`), sharing the completion's id, time and model.
struct ChatCompletionResponse {
    /// `chatcmpl-…`, shared by every chunk of one completion.
    let id: String
    /// Seconds since 1970.
    let created: Int
    /// The model's name.
    let model: String

    /// A new completion's identity.
    init(model: String) {
        id = "chatcmpl-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(24)
        created = Int(Date().timeIntervalSince1970)
        self.model = model
    }

    /// A tool call as the response lists it.
    struct ToolCall {
        var id: String
        var name: String
        var arguments: String
    }

    /// The whole response; the model's thinking, when it thought, as `reasoning_content` (as
    /// llama.cpp's server, vLLM and DeepSeek return it).
    func completion(text: String, reasoning: String = "", toolCalls: [ToolCall], finish: FinishReason, usage: CompletionUsage) -> Data {
        let message = ChatCompletionMessage(
            role: "assistant", content: toolCalls.isEmpty || !text.isEmpty ? text : nil,
            toolCalls: toolCalls.isEmpty
                ? nil : toolCalls.map { .init(id: $0.id, type: "function", function: .init(name: $0.name, arguments: $0.arguments)) },
            reasoningContent: reasoning.isEmpty ? nil : reasoning)
        let completion = ChatCompletion(
            id: id, created: created, model: model, choices: [.init(index: 0, message: message, finishReason: finish.rawValue)],
            usage: Self.usage(usage))
        return Data(completion.jsonText.utf8)
    }

    /// A chunk carrying `delta` (and the finish reason on the last one).
    func chunk(delta: ChatCompletionMessage, finish: FinishReason? = nil) -> Data {
        let chunk = ChatCompletionChunk(
            id: id, created: created, model: model, choices: [.init(index: 0, delta: delta, finishReason: finish?.rawValue)])
        return Data(chunk.jsonText.utf8)
    }

    /// The usage chunk of `stream_options.include_usage` (no choices).
    func usageChunk(_ usage: CompletionUsage) -> Data {
        Data(ChatCompletionChunk(id: id, created: created, model: model, choices: [], usage: Self.usage(usage)).jsonText.utf8)
    }

    /// The delta of a stream event: text, thinking (`reasoning_content`), or a tool call's first
    /// fragment (id, name and the arguments so far) or a later one (more arguments).
    static func delta(for event: CompletionEvent) -> ChatCompletionMessage? {
        switch event {
        case .text(let text):
            return ChatCompletionMessage(content: text)
        case .reasoning(let text):
            return ChatCompletionMessage(reasoningContent: text)
        case .toolCall(let index, let id, let name, let arguments, let isFirst):
            let call =
                isFirst
                ? ChatCompletionMessage.ToolCall(index: index, id: id, type: "function", function: .init(name: name, arguments: arguments))
                : ChatCompletionMessage.ToolCall(index: index, function: .init(arguments: arguments))
            return ChatCompletionMessage(toolCalls: [call])
        case .finished, .tick:
            return nil
        }
    }

    /// `usage`, with the prompt tokens taken from the cache of an earlier request and, when the
    /// model thought, the reasoning tokens among the completion's.
    static func usage(_ usage: CompletionUsage) -> ChatCompletionUsage {
        ChatCompletionUsage(
            promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, cachedTokens: usage.cachedTokens,
            reasoningTokens: usage.reasoningTokens > 0 ? usage.reasoningTokens : nil)
    }
}
