import StructuredDecoding
import Testing

@testable import OpenAIWire

@Suite("ChatCompletionCreateParams: the request body")
struct ChatCompletionCreateParamsTests {
    /// A request as the `openai` Python client sends it, with every field either side uses.
    static let sample = #"""
        {"model": "qwen2.5-coder-0.5b", "messages": [
          {"role": "developer", "content": "Be brief."},
          {"role": "user", "content": [{"type": "text", "text": "Weather in "}, {"type": "text", "text": "Paris?"}], "name": "ana"},
          {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "getWeather", "arguments": "{\"city\": \"Paris\"}"}}]},
          {"role": "tool", "tool_call_id": "call_1", "content": "21°C"}],
         "tools": [{"type": "function", "function": {"name": "getWeather", "description": "Gets the weather.", "strict": true,
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"enum": ["C", "F"]}}, "required": ["city"]}}}],
         "tool_choice": {"type": "function", "function": {"name": "getWeather"}}, "parallel_tool_calls": false,
         "response_format": {"type": "json_schema", "json_schema": {"name": "answer", "strict": true,
           "schema": {"type": "object", "properties": {"b": {"type": "number", "maximum": 0.1}, "a": {"type": "string"}}}}},
         "temperature": 0.7, "top_p": 0.9, "seed": -3, "max_tokens": 64, "max_completion_tokens": 32, "stop": "END",
         "n": 1, "logprobs": false, "frequency_penalty": 0, "presence_penalty": 0.5, "logit_bias": {"50256": -100},
         "reasoning_effort": "low", "stream": true, "stream_options": {"include_usage": true},
         "user": "u-1", "metadata": {"k": "v"}, "service_tier": null}
        """#

    @Test("a full request reads every field")
    func readsEveryField() throws {
        let body = try ChatCompletionCreateParams(json: Self.sample)
        #expect(body.model == "qwen2.5-coder-0.5b")
        #expect(body.messages.map(\.role) == ["developer", "user", "assistant", "tool"])
        #expect(body.messages[1].content == .parts([.init(text: "Weather in "), .init(text: "Paris?")]))
        #expect(body.messages[1].name == "ana")
        #expect(body.messages[2].content == nil)
        #expect(body.messages[2].toolCalls == [.init(id: "call_1", name: "getWeather", arguments: #"{"city": "Paris"}"#)])
        #expect(body.messages[3].toolCallID == "call_1")
        let function = try #require(body.tools?.first?.function)
        #expect(function.name == "getWeather" && function.strict == true && function.description == "Gets the weather.")
        #expect(function.parameters?["properties"]?.keys == ["city", "unit"])
        #expect(body.toolChoice == .function(name: "getWeather"))
        #expect(body.parallelToolCalls == false)
        guard case .jsonSchema(let format) = body.responseFormat else {
            Issue.record("not a json_schema format")
            return
        }
        #expect(format.name == "answer" && format.strict == true)
        #expect(format.schema?["properties"]?.keys == ["b", "a"], "the schema's property order is kept")
        #expect(format.schema?.compactText.contains(#""maximum":0.1"#) == true)
        #expect(body.temperature == 0.7 && body.topP == 0.9 && body.seed == -3)
        #expect(body.maxTokens == 64 && body.maxCompletionTokens == 32)
        #expect(body.stop == ["END"])
        #expect(body.n == 1 && body.logprobs == false && body.frequencyPenalty == 0 && body.presencePenalty == 0.5)
        #expect(body.logitBias?.first?.key == "50256" && body.logitBias?.first?.value == -100)
        #expect(body.reasoningEffort == "low")
        #expect(body.stream == true && body.streamOptions == StreamOptions(includeUsage: true))
        #expect(body.otherFields.map(\.key) == ["user", "metadata", "service_tier"])
    }

    @Test("written and read again, a request is the same; unmodeled members are kept")
    func roundTrip() throws {
        let body = try ChatCompletionCreateParams(json: Self.sample)
        let again = try ChatCompletionCreateParams(json: body.jsonText)
        #expect(again.jsonText == body.jsonText)
        #expect(again.messages == body.messages)
        #expect(again.tools == body.tools)
        #expect(again.responseFormat == body.responseFormat)
        #expect(JSONValue.object(again.otherFields) == JSONValue.object(body.otherFields))
    }

    @Test("llama.cpp's chat_template_kwargs and an assistant message's reasoning_content are read and written back")
    func reasoningFields() throws {
        let text = #"""
            {"model": "m", "messages": [{"role": "user", "content": "Hi"},
              {"role": "assistant", "content": "Hello.", "reasoning_content": "Greet back."}, {"role": "user", "content": "Bye"}],
             "chat_template_kwargs": {"enable_thinking": false, "other": 1}}
            """#
        let body = try ChatCompletionCreateParams(json: text)
        #expect(body.messages[1].reasoningContent == "Greet back.")
        #expect(body.messages[0].reasoningContent == nil)
        #expect(body.chatTemplateKwargs?.map(\.key) == ["enable_thinking", "other"])
        #expect(body.chatTemplateKwargs?.first?.value == .bool(false))
        #expect(body.otherFields.isEmpty)
        let written = body.jsonText
        #expect(written.contains(#""reasoning_content":"Greet back.""#))
        #expect(written.contains(#""chat_template_kwargs":{"enable_thinking":false,"other":1}"#))
        #expect(try ChatCompletionCreateParams(json: written).jsonText == written)
        #expect(throws: WireDecodingError.self) {
            try ChatCompletionCreateParams(json: #"{"model": "m", "messages": [], "chat_template_kwargs": true}"#)
        }
    }

    @Test("written in a stable order (the remote model's bodies as before), unset fields left out, assistant content null")
    func writtenOrder() {
        var body = ChatCompletionCreateParams(
            model: "m",
            messages: [
                .init(role: "user", content: .text("Hi")),
                .init(role: "assistant", content: nil, toolCalls: [.init(id: "c", name: "f", arguments: "{}")]),
                .init(role: "tool", content: .text("1"), toolCallID: "c"),
            ])
        body.toolChoice = .required
        body.seed = 7
        body.stream = true
        body.streamOptions = StreamOptions(includeUsage: true)
        #expect(
            body.jsonText
                == #"{"model":"m","messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c","content":"1"}],"tool_choice":"required","seed":7,"stream":true,"stream_options":{"include_usage":true}}"#
        )
    }

    @Test(
        "a field of the wrong type, or a required one missing, is an error naming it",
        arguments: [
            (#"{"messages": []}"#, "model", "`model` is required"),
            (#"{"model": 3, "messages": []}"#, "model", "`model` must be a string"),
            (#"{"model": "m", "messages": [{"content": "x"}]}"#, "messages[0].role", "`messages[0].role` is required"),
            (#"{"model": "m", "messages": [{"role": "user", "content": 5}]}"#, "messages[0].content", nil),
            (#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "text", "text": 1}]}]}"#, "messages[0].content[0].text", nil),
            (
                #"{"model": "m", "messages": [{"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{}"}}]}]}"#,
                "messages[0].tool_calls[0].id", "`messages[0].tool_calls[0].id` is required"
            ),
            (#"{"model": "m", "messages": [], "temperature": "hot"}"#, "temperature", "`temperature` must be a number"),
            (#"{"model": "m", "messages": [], "temperature": 1e400}"#, "temperature", "`temperature` must be a number"),
            (#"{"model": "m", "messages": [], "max_tokens": 1.5}"#, "max_tokens", "`max_tokens` must be an integer"),
            (#"{"model": "m", "messages": [], "stop": [1]}"#, "stop[0]", "`stop[0]` must be a string"),
            (#"{"model": "m", "messages": [], "tool_choice": "maybe"}"#, "tool_choice", "`tool_choice` \"maybe\" is not auto, none or required"),
            (#"{"model": "m", "messages": [], "tool_choice": {"type": "function"}}"#, "tool_choice.function.name", nil),
            (#"{"model": "m", "messages": [], "response_format": {"type": "xml"}}"#, "response_format.type", nil),
            (#"{"model": "m", "messages": [], "response_format": {"type": "json_schema"}}"#, "response_format.json_schema", nil),
            (
                #"{"model": "m", "messages": [], "response_format": {"type": "json_schema", "json_schema": {"name": "n", "schema": []}}}"#,
                "response_format.json_schema.schema", "`response_format.json_schema.schema` must be an object"
            ),
            (#"{"model": "m", "messages": [], "tools": [{"type": "function"}]}"#, "tools[0].function", nil),
            (#"{"model": "m", "messages": [], "stream_options": {"include_usage": "yes"}}"#, "stream_options.include_usage", nil),
        ] as [(String, String, String?)])
    func fieldErrors(json: String, path: String, message: String?) {
        do {
            _ = try ChatCompletionCreateParams(json: json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.path == path, "\(error.message)")
            if let message { #expect(error.message == message) }
        }
    }

    @Test("a body that is not an object names the body")
    func notAnObject() {
        #expect(throws: WireDecodingError.mismatch("", expected: "an object")) { try ChatCompletionCreateParams(json: "[]") }
    }

    @Test("null is the default: a null optional field is unset")
    func nullIsUnset() throws {
        let body = try ChatCompletionCreateParams(json: #"{"model": "m", "messages": [], "temperature": null, "tools": null, "stop": null}"#)
        #expect(body.temperature == nil && body.tools == nil && body.stop == nil)
    }
}
