import Foundation

/// The JSON bodies of chat completions: the whole response (`chat.completion`) and the chunks
/// of a stream (`chat.completion.chunk`), in OpenAI's layout.
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

    /// The whole response.
    func completion(text: String, toolCalls: [ToolCall], finish: FinishReason, usage: CompletionUsage) -> Data {
        var message: [String: Any] = [
            "role": "assistant", "content": toolCalls.isEmpty || !text.isEmpty ? text : NSNull(),
            "refusal": NSNull(),
        ]
        if !toolCalls.isEmpty {
            message["tool_calls"] = toolCalls.map {
                ["id": $0.id, "type": "function", "function": ["name": $0.name, "arguments": $0.arguments]] as [String: Any]
            }
        }
        return Self.encode([
            "id": id, "object": "chat.completion", "created": created, "model": model,
            "choices": [["index": 0, "message": message, "finish_reason": finish.rawValue, "logprobs": NSNull()] as [String: Any]],
            "usage": Self.usage(usage),
        ])
    }

    /// A chunk carrying `delta` (and the finish reason on the last one).
    func chunk(delta: [String: Any], finish: FinishReason? = nil) -> Data {
        Self.encode([
            "id": id, "object": "chat.completion.chunk", "created": created, "model": model,
            "choices": [
                [
                    "index": 0, "delta": delta, "finish_reason": finish.map { $0.rawValue as Any } ?? NSNull(),
                    "logprobs": NSNull(),
                ] as [String: Any]
            ],
        ])
    }

    /// The usage chunk of `stream_options.include_usage` (no choices).
    func usageChunk(_ usage: CompletionUsage) -> Data {
        Self.encode([
            "id": id, "object": "chat.completion.chunk", "created": created, "model": model, "choices": [Any](),
            "usage": Self.usage(usage),
        ])
    }

    /// The delta of a stream event.
    static func delta(for event: CompletionEvent) -> [String: Any]? {
        switch event {
        case .text(let text):
            return ["content": text]
        case .toolCall(let index, let id, let name, let arguments, let isFirst):
            var call: [String: Any] = ["index": index]
            if isFirst {
                call["id"] = id
                call["type"] = "function"
                call["function"] = ["name": name, "arguments": arguments]
            } else {
                call["function"] = ["arguments": arguments]
            }
            return ["tool_calls": [call]]
        case .finished, .tick:
            return nil
        }
    }

    /// `usage`, with the prompt tokens taken from the cache of an earlier request.
    static func usage(_ usage: CompletionUsage) -> [String: Any] {
        [
            "prompt_tokens": usage.promptTokens, "completion_tokens": usage.completionTokens,
            "total_tokens": usage.promptTokens + usage.completionTokens,
            "prompt_tokens_details": ["cached_tokens": usage.cachedTokens],
        ]
    }

    /// Compact JSON.
    static func encode(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data()
    }
}
