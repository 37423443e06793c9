import Foundation

/// One event of a streamed chat completion (`chat.completion.chunk`), read leniently: every
/// field may be missing, so servers that omit what they do not use (`index`, `id` after the
/// first delta, `choices` in the usage chunk) are read the same. A whole `chat.completion` has
/// the same shape with `message` in place of `delta`, so it is read with this type too.
///
/// ```swift
/// let chunk = try ChatCompletionChunk.decode(#"{"choices":[{"index":0,"delta":{"content":"Hi"}}]}"#)
/// chunk.choices?.first?.delta?.content   // "Hi"
/// ```
struct ChatCompletionChunk: Decodable {
    /// The choices; the first is the answer (`n` is never sent, so there is one).
    var choices: [Choice]?
    /// Token counts: in the last chunk, with `stream_options.include_usage`.
    var usage: Usage?
    /// An error the server reported after the response had started.
    var error: ServerError?

    /// A choice's change.
    struct Choice: Decodable {
        /// What a chunk adds.
        var delta: Delta?
        /// The whole message, in a response that is not streamed.
        var message: Delta?
        /// Why generation stopped: `stop`, `length`, `tool_calls`, `content_filter`.
        var finishReason: String?
    }

    /// Text, a refusal, or tool-call fragments.
    struct Delta: Decodable {
        /// Response text.
        var content: String?
        /// The model's refusal to answer (structured outputs).
        var refusal: String?
        /// Tool-call fragments.
        var toolCalls: [ToolCallDelta]?
        /// A reasoning model's thinking: vLLM's and llama-server's `reasoning_content`.
        var reasoningContent: String?
        /// The same under the name other servers use (`reasoning`: OpenRouter, Ollama, newer vLLM).
        var reasoning: String?
    }

    /// A fragment of a tool call, keyed by `index`: the first carries `id` and the function's
    /// name, later ones pieces of the arguments.
    struct ToolCallDelta: Decodable {
        /// Which call this fragment belongs to.
        var index: Int?
        /// The call's identity (first fragment).
        var id: String?
        /// The function called, and a piece of its arguments.
        var function: Function?

        /// The function of a tool call.
        struct Function: Decodable {
            /// The tool's name (first fragment).
            var name: String?
            /// A piece of the arguments' JSON text.
            var arguments: String?
        }
    }

    /// Token counts.
    struct Usage: Decodable {
        var promptTokens: Int?
        var completionTokens: Int?
        var promptTokensDetails: PromptDetails?
        var completionTokensDetails: CompletionDetails?

        /// The prompt's tokens taken from the server's cache.
        struct PromptDetails: Decodable {
            var cachedTokens: Int?
        }

        /// The reasoning tokens among the generated ones.
        struct CompletionDetails: Decodable {
            var reasoningTokens: Int?
        }
    }

    /// Reads an event's JSON text.
    static func decode(_ json: String) throws -> ChatCompletionChunk {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(ChatCompletionChunk.self, from: Data(json.utf8))
    }
}
