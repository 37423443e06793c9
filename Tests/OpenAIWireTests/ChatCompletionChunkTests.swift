import Testing

@testable import OpenAIWire

@Suite("ChatCompletionChunk and ChatCompletion: the answer")
struct ChatCompletionChunkTests {
    @Test("llama-server's chunks: role, reasoning, text, tool-call fragments, finish, usage; unknown fields ignored")
    func llamaServerChunks() throws {
        let first = try ChatCompletionChunk(
            json:
                #"{"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"created":1732900000,"id":"chatcmpl-x","model":"qwen","system_fingerprint":"b1-abc","object":"chat.completion.chunk"}"#
        )
        #expect(first.choices?.first?.delta?.role == "assistant")
        #expect(first.choices?.first?.delta?.content == nil)
        #expect(first.created == 1_732_900_000 && first.id == "chatcmpl-x" && first.model == "qwen")

        let thinking = try ChatCompletionChunk(json: #"{"choices":[{"index":0,"delta":{"reasoning_content":"Hm."}}]}"#)
        #expect(thinking.choices?.first?.delta?.reasoningContent == "Hm.")

        let call = try ChatCompletionChunk(
            json:
                #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"getWeather","arguments":"{\"ci"}}]}}]}"#
        )
        let fragment = try #require(call.choices?.first?.delta?.toolCalls?.first)
        #expect(fragment == .init(index: 0, id: "a", type: "function", function: .init(name: "getWeather", arguments: #"{"ci"#)))

        let last = try ChatCompletionChunk(json: #"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#)
        #expect(last.choices?.first?.finishReason == "tool_calls")

        let usage = try ChatCompletionChunk(
            json:
                #"{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":9,"total_tokens":21,"prompt_tokens_details":{"cached_tokens":4},"completion_tokens_details":{"reasoning_tokens":2}},"timings":{"predicted_ms":1.5}}"#
        )
        #expect(usage.usage == ChatCompletionUsage(promptTokens: 12, completionTokens: 9, totalTokens: 21, cachedTokens: 4, reasoningTokens: 2))
        #expect(usage.choices?.isEmpty == true)
    }

    @Test("a chunk with nothing but an error, and one with fields left out, read")
    func sparseChunks() throws {
        let failed = try ChatCompletionChunk(json: #"{"error":{"message":"The context is full","code":"context_length_exceeded"}}"#)
        #expect(failed.error == APIError(message: "The context is full", code: "context_length_exceeded"))
        #expect(failed.choices == nil)
        let bare = try ChatCompletionChunk(json: #"{"choices":[{"delta":{"content":"Hi","reasoning":"ok"}}]}"#)
        #expect(bare.choices?.first?.index == nil)
        #expect(bare.choices?.first?.delta?.content == "Hi" && bare.choices?.first?.delta?.reasoning == "ok")
    }

    @Test("a chunk of the wrong shape is an error naming the field")
    func badChunk() {
        #expect(throws: WireDecodingError.mismatch("choices[0].delta.content", expected: "a string")) {
            try ChatCompletionChunk(json: #"{"choices":[{"delta":{"content":5}}]}"#)
        }
        #expect(throws: WireDecodingError.mismatch("choices[0].index", expected: "an integer")) {
            try ChatCompletionChunk(json: #"{"choices":[{"index":"0","delta":{}}]}"#)
        }
    }

    @Test("a chunk as a server writes it: finish_reason and logprobs null, delta fields as set; read back the same")
    func writtenChunk() throws {
        let chunk = ChatCompletionChunk(
            id: "chatcmpl-1", created: 5, model: "m",
            choices: [.init(index: 0, delta: .init(toolCalls: [.init(index: 1, function: .init(arguments: "}"))]))])
        #expect(
            chunk.jsonText
                == #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":5,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"}"}}]},"finish_reason":null,"logprobs":null}]}"#
        )
        #expect(try ChatCompletionChunk(json: chunk.jsonText) == chunk)
    }

    @Test("a whole completion (OpenAI's sample): message with null content and tool calls, usage; round trip")
    func wholeCompletion() throws {
        let text = #"""
            {"id": "chatcmpl-abc", "object": "chat.completion", "created": 1741569952, "model": "gpt-4.1-2025-04-14",
             "choices": [{"index": 0, "message": {"role": "assistant", "content": null, "refusal": null, "annotations": [],
               "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "getWeather", "arguments": "{\"city\":\"Paris\"}"}}]},
               "logprobs": null, "finish_reason": "tool_calls"}],
             "usage": {"prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29,
               "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0}, "completion_tokens_details": {"reasoning_tokens": 0}},
             "service_tier": "default"}
            """#
        let completion = try ChatCompletion(json: text)
        let choice = try #require(completion.choices.first)
        #expect(choice.finishReason == "tool_calls")
        #expect(choice.message?.content == nil)
        #expect(choice.message?.toolCalls?.first?.function?.name == "getWeather")
        #expect(completion.usage?.totalTokens == 29 && completion.usage?.cachedTokens == 0)
        #expect(try ChatCompletion(json: completion.jsonText) == completion)
        #expect(completion.jsonText.contains(#""message":{"role":"assistant","content":null,"refusal":null,"tool_calls""#))

        // The chunk type reads a whole completion too (`message` in place of `delta`).
        let asChunk = try ChatCompletionChunk(json: text)
        #expect(asChunk.choices?.first?.message?.toolCalls?.first?.id == "call_1")
    }

    @Test("usage written with its details nested, the total summed")
    func usage() {
        #expect(
            ChatCompletionUsage(promptTokens: 12, completionTokens: 9, cachedTokens: 4).jsonText
                == #"{"prompt_tokens":12,"completion_tokens":9,"total_tokens":21,"prompt_tokens_details":{"cached_tokens":4}}"#)
    }
}
