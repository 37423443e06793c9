import Foundation
import FoundationModels
import TestSupport
import Testing

@testable import Server

/// Every request the server cannot honour exactly is refused with a 4xx in OpenAI's shape,
/// naming the field — never a 200 that ignores it, never a 5xx.
@Suite("Chat completions: validation")
struct ChatCompletionsValidationTests {
    /// A bad body and what the server must answer.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var status: Int
        var param: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "n > 1", body: ServerHarness.chat("hi", extra: #""n": 2"#), status: 400, param: "n"),
        Case(name: "unknown field", body: ServerHarness.chat("hi", extra: #""best_of": 3"#), status: 400, param: "best_of"),
        Case(name: "logprobs", body: ServerHarness.chat("hi", extra: #""logprobs": true"#), status: 400, param: "logprobs"),
        Case(
            name: "unknown reasoning effort", body: ServerHarness.chat("hi", extra: #""reasoning_effort": "extreme""#), status: 400,
            param: "reasoning_effort"),
        Case(name: "presence penalty", body: ServerHarness.chat("hi", extra: #""presence_penalty": 0.5"#), status: 400, param: "presence_penalty"),
        Case(
            name: "unenforceable schema keyword",
            body: ServerHarness.chat(
                "hi",
                extra:
                    #""response_format": {"type": "json_schema", "json_schema": {"name": "n", "schema": {"type": "object", "properties": {"n": {"type": "array", "contains": {}}}}}}"#
            ),
            status: 400, param: "response_format.json_schema.schema/properties/n/contains"),
        Case(
            name: "unenforceable tool parameter keyword",
            body: ServerHarness.chat(
                "hi",
                extra:
                    #""tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "array", "contains": {"type": "string"}}}}}}]"#
            ),
            status: 400, param: "tools[0].function.parameters/properties/a/contains"),
        Case(
            name: "image part",
            body: #"{"model": "test-model", "messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]}"#,
            status: 400, param: "messages[0].content[0].type"),
        Case(name: "no messages", body: #"{"model": "test-model"}"#, status: 400, param: "messages"),
        Case(name: "empty messages", body: #"{"model": "test-model", "messages": []}"#, status: 400, param: "messages"),
        Case(
            name: "unknown role", body: #"{"model": "test-model", "messages": [{"role": "robot", "content": "x"}]}"#, status: 400,
            param: "messages[0].role"),
        Case(
            name: "ends with the assistant",
            body: #"{"model": "test-model", "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}]}"#,
            status: 400, param: "messages[1].role"),
        Case(
            name: "tool message answering no call",
            body: #"{"model": "test-model", "messages": [{"role": "tool", "tool_call_id": "c1", "content": "x"}]}"#,
            status: 400, param: "messages[0].tool_call_id"),
        Case(
            name: "bad tool-call arguments",
            body:
                #"{"model": "test-model", "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{nope"}}]}, {"role": "tool", "tool_call_id": "c", "content": "1"}]}"#,
            status: 400, param: "messages[1].tool_calls[0].function.arguments"),
        Case(
            name: "tool_choice names no tool",
            body: ServerHarness.chat(
                "hi",
                extra: #""tools": [{"type": "function", "function": {"name": "f"}}], "tool_choice": {"type": "function", "function": {"name": "g"}}"#),
            status: 400, param: "tool_choice.function.name"),
        Case(name: "required without tools", body: ServerHarness.chat("hi", extra: #""tool_choice": "required""#), status: 400, param: "tool_choice"),
        Case(name: "temperature out of range", body: ServerHarness.chat("hi", extra: #""temperature": 3"#), status: 400, param: "temperature"),
        Case(name: "top_p above 1", body: ServerHarness.chat("hi", extra: #""top_p": 1.5"#), status: 400, param: "top_p"),
        Case(name: "max_tokens zero", body: ServerHarness.chat("hi", extra: #""max_tokens": 0"#), status: 400, param: "max_tokens"),
        Case(name: "too many stops", body: ServerHarness.chat("hi", extra: #""stop": ["a", "b", "c", "d", "e"]"#), status: 400, param: "stop"),
        Case(
            name: "stream_options without stream", body: ServerHarness.chat("hi", extra: #""stream_options": {"include_usage": true}"#),
            status: 400, param: "stream_options"),
        Case(name: "model is not a string", body: #"{"model": 3, "messages": [{"role": "user", "content": "x"}]}"#, status: 400, param: "model"),
        Case(name: "invalid JSON", body: #"{"model": "test-model", "messages": ["#, status: 400, param: nil),
        Case(name: "unknown model", body: ServerHarness.chat("hi", model: "gpt-9"), status: 404, param: "model"),
    ]

    @Test("a request the server cannot honour is a 4xx naming the field", arguments: cases)
    func refused(_ testCase: Case) async throws {
        let model = ScriptedLanguageModel([])
        let harness = try await ServerHarness.start(model: model)
        let reply = try await harness.send("/v1/chat/completions", body: testCase.body)
        #expect(reply.status == testCase.status, "\(reply.body)")
        #expect(reply.errorParam == testCase.param, "\(reply.body)")
        #expect(reply.errorType == "invalid_request_error")
        #expect(model.requests.isEmpty, "a refused request must not reach the model")
        await harness.stop()
    }

    @Test("reasoning_effort reaches the executor as Apple's reasoning level")
    func reasoningEffortIsTheReasoningLevel() throws {
        let expected: [(String, ContextOptions.ReasoningLevel)] = [
            ("low", .light), ("medium", .moderate), ("high", .deep), ("minimal", .custom("minimal")),
        ]
        for (effort, level) in expected {
            let request = try ChatCompletionRequest(bodyText: ServerHarness.chat("hi", extra: #""reasoning_effort": "\#(effort)""#))
            #expect(request.executorRequest(defaultMaximumTokens: nil).contextOptions.reasoningLevel == level, "\(effort)")
        }
        let none = try ChatCompletionRequest(bodyText: ServerHarness.chat("hi"))
        #expect(none.executorRequest(defaultMaximumTokens: nil).contextOptions.reasoningLevel == nil)
    }

    @Test("top_p 0, which Apple's ChatCompletionsLanguageModel sends for greedy sampling, is greedy")
    func topPZeroIsGreedy() throws {
        let request = try ChatCompletionRequest(bodyText: ServerHarness.chat("hi", extra: #""top_p": 0"#))
        #expect(request.generationOptions(defaultMaximumTokens: nil).samplingMode == .greedy)
        let nucleus = try ChatCompletionRequest(bodyText: ServerHarness.chat("hi", extra: #""top_p": 0.5"#))
        #expect(nucleus.generationOptions(defaultMaximumTokens: nil).samplingMode != .greedy)
    }

    @Test("an unknown route is a 404 and a body over the limit a 413, both in OpenAI's shape")
    func routeAndBodyLimit() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([])) { $0.maximumBodyBytes = 1024 }
        let missing = try await harness.get("/v1/engines")
        #expect(missing.status == 404)
        #expect(missing.errorType == "invalid_request_error")
        let large = try await harness.send("/v1/chat/completions", body: ServerHarness.chat(String(repeating: "x", count: 4096)))
        #expect(large.status == 413, "\(large.body)")
        #expect(large.json["error"] != nil)
        await harness.stop()
    }
}
