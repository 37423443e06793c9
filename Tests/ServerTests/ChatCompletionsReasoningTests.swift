import Foundation
import FoundationModels
import RemoteModels
import TestSupport
import Testing

@testable import Server

/// A reasoning model behind `fm serve`: its thinking comes back as llama.cpp's server, vLLM and
/// DeepSeek return it — `message.reasoning_content`, `delta.reasoning_content` chunks before the
/// answer's, the reasoning tokens in `usage` — and a request's reasoning controls
/// (`reasoning_effort`, `chat_template_kwargs.enable_thinking`) reach the executor as Apple's
/// reasoning level. Over a real HTTP server on loopback, the model scripted.
@Suite("Chat completions: reasoning")
struct ChatCompletionsReasoningTests {
    /// A step that thinks in two pieces, then answers in two; 4 + 3 tokens, 4 of them thinking.
    static let thinkingStep = ScriptedLanguageModel.Step.events([
        .reasoning(action: .appendText("The user greets me. ", tokenCount: 2)),
        .reasoning(action: .appendText("Say hello.", tokenCount: 2)),
        .response(action: .appendText("Hello", tokenCount: 2)),
        .response(action: .appendText(" there.", tokenCount: 1)),
        .response(
            action: .updateUsage(input: .init(totalTokenCount: 10, cachedTokenCount: 0), output: .init(totalTokenCount: 7, reasoningTokenCount: 4))),
    ])

    static func message(_ reply: ServerHarness.Reply) throws -> [String: Any] {
        let choice = try #require((reply.json["choices"] as? [[String: Any]])?.first)
        return try #require(choice["message"] as? [String: Any])
    }

    @Test("a whole completion carries the thinking as message.reasoning_content, and its tokens in usage")
    func wholeCompletion() async throws {
        let model = ScriptedLanguageModel([Self.thinkingStep])
        let harness = try await ServerHarness.start(model: model)
        let reply = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi"))
        #expect(reply.status == 200, "\(reply.body)")
        let message = try Self.message(reply)
        #expect(message["content"] as? String == "Hello there.")
        #expect(message["reasoning_content"] as? String == "The user greets me. Say hello.")
        let usage = try #require(reply.json["usage"] as? [String: Any])
        #expect(usage["completion_tokens"] as? Int == 7)
        #expect((usage["completion_tokens_details"] as? [String: Any])?["reasoning_tokens"] as? Int == 4)
        await harness.stop()
    }

    @Test("a model that does not think gets no reasoning_content and no reasoning tokens")
    func noThinkingNoField() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["Hi."])]))
        let reply = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi"))
        let message = try Self.message(reply)
        #expect(message["content"] as? String == "Hi.")
        #expect(message["reasoning_content"] == nil && !reply.body.contains("reasoning"), "\(reply.body)")
        await harness.stop()
    }

    @Test("streamed: delta.reasoning_content chunks come before the answer's content, stop sequences cut only the answer")
    func streamed() async throws {
        let model = ScriptedLanguageModel([Self.thinkingStep])
        let harness = try await ServerHarness.start(model: model)
        // "greets" is in the thinking only: it does not stop the answer.
        let reply = try await harness.send(
            "/v1/chat/completions",
            body: ServerHarness.chat("Hi", extra: #""stream": true, "stop": ["greets"], "stream_options": {"include_usage": true}"#))
        #expect(reply.status == 200)
        let (chunks, done) = ServerHarness.events(reply.body)
        #expect(done)
        let deltas = chunks.compactMap { ($0["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any] }
        let thoughts = deltas.compactMap { $0["reasoning_content"] as? String }
        #expect(thoughts == ["The user greets me. ", "Say hello."])
        #expect(deltas.compactMap { $0["content"] as? String }.joined() == "Hello there.")
        // Every thinking delta precedes every (non-empty) content delta.
        let lastThought = deltas.lastIndex { $0["reasoning_content"] != nil }
        let firstText = deltas.firstIndex { ($0["content"] as? String).map { !$0.isEmpty } ?? false }
        #expect(lastThought != nil && firstText != nil && lastThought! < firstText!)
        // A thinking delta carries nothing else.
        #expect(deltas.filter { $0["reasoning_content"] != nil }.allSatisfy { $0.count == 1 })
        let usage = try #require(chunks.last?["usage"] as? [String: Any])
        #expect((usage["completion_tokens_details"] as? [String: Any])?["reasoning_tokens"] as? Int == 4)
        await harness.stop()
    }

    @Test("chat_template_kwargs.enable_thinking and reasoning_effort set the reasoning level")
    func controls() throws {
        func level(_ extra: String) throws -> ContextOptions.ReasoningLevel? {
            try ChatCompletionRequest(bodyText: ServerHarness.chat("hi", extra: extra)).executorRequest(defaultMaximumTokens: nil)
                .contextOptions.reasoningLevel
        }
        #expect(try level(#""chat_template_kwargs": {"enable_thinking": false}"#) == .custom("none"))
        #expect(try level(#""chat_template_kwargs": {"enable_thinking": true}"#) == .moderate)
        #expect(try level(#""chat_template_kwargs": {}"#) == nil)
        #expect(try level(#""chat_template_kwargs": {"enable_thinking": null}"#) == nil)
        #expect(try level(#""reasoning_effort": "none""#) == .custom("none"))
        #expect(try level(#""reasoning_effort": "high", "chat_template_kwargs": {"enable_thinking": true}"#) == .deep)
        #expect(try level(#""reasoning_effort": "none", "chat_template_kwargs": {"enable_thinking": false}"#) == .custom("none"))
    }

    @Test(
        "reasoning controls the server cannot honour are refused, naming the field",
        arguments: [
            (#""chat_template_kwargs": {"enable_thinking": "no"}"#, "chat_template_kwargs.enable_thinking"),
            (#""chat_template_kwargs": {"add_vision_id": true}"#, "chat_template_kwargs.add_vision_id"),
            (#""chat_template_kwargs": [true]"#, "chat_template_kwargs"),
            (#""reasoning_effort": "low", "chat_template_kwargs": {"enable_thinking": false}"#, "chat_template_kwargs.enable_thinking"),
            (#""reasoning_effort": "none", "chat_template_kwargs": {"enable_thinking": true}"#, "chat_template_kwargs.enable_thinking"),
            (#""reasoning_effort": "extreme""#, "reasoning_effort"),
        ])
    func refused(extra: String, param: String) async throws {
        let model = ScriptedLanguageModel([])
        let harness = try await ServerHarness.start(model: model)
        let reply = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("hi", extra: extra))
        #expect(reply.status == 400, "\(reply.body)")
        #expect(reply.errorParam == param, "\(reply.body)")
        #expect(model.requests.isEmpty)
        await harness.stop()
    }

    @Test("reasoning_content sent back on an assistant message is the reasoning entry before its answer")
    func thinkingSentBack() async throws {
        let model = ScriptedLanguageModel([.text(["Fine."])])
        let harness = try await ServerHarness.start(model: model)
        let body = #"""
            {"model": "test-model", "messages": [{"role": "user", "content": "Hi"},
             {"role": "assistant", "content": "Hello.", "reasoning_content": "Be kind."},
             {"role": "user", "content": "How are you?"}]}
            """#
        let reply = try await harness.send("/v1/chat/completions", body: body)
        #expect(reply.status == 200, "\(reply.body)")
        let transcript = try #require(model.requests.first?.transcript)
        let kinds = transcript.map { entry -> String in
            switch entry {
            case .prompt: "prompt"
            case .reasoning(let reasoning): "reasoning:\(reasoning.segments.map(\.description).joined())"
            case .response: "response"
            default: "other"
            }
        }
        #expect(kinds == ["prompt", "reasoning:Be kind.", "response", "prompt"])
        await harness.stop()
    }

    @Test("the project's remote model reads the server's thinking back as a reasoning entry")
    func remoteModelRoundTrip() async throws {
        let model = ScriptedLanguageModel([Self.thinkingStep])
        let harness = try await ServerHarness.start(model: model)
        let remote = RemoteLanguageModel(baseURL: URL(string: harness.base + "/v1")!, model: "test-model")
        let session = LanguageModelSession(model: remote)
        let answer = try await session.respond(to: "Hi", contextOptions: ContextOptions(reasoningLevel: .light))
        #expect(answer.content == "Hello there.")
        let thoughts = session.transcript.compactMap { entry -> String? in
            if case .reasoning(let reasoning) = entry { reasoning.segments.map(\.description).joined() } else { nil }
        }
        #expect(thoughts == ["The user greets me. Say hello."])
        // The level went out as reasoning_effort and came in as the executor's level.
        #expect(model.requests.first?.contextOptions.reasoningLevel == .light)
        await harness.stop()
    }
}
