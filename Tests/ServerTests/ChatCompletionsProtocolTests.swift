import AsyncHTTPClient
import Foundation
import FoundationModels
import NIOCore
import TestSupport
import Testing

/// The wire protocol on a scripted model: response and chunk shapes, SSE with usage, tool-call
/// deltas, stop sequences, the transcript the executor receives, auth, health, metrics, the
/// bounded queue and cancellation by disconnect.
@Suite("Chat completions: protocol")
struct ChatCompletionsProtocolTests {
    @Test("a completion has OpenAI's shape, and the executor gets the messages as a transcript")
    func completionShape() async throws {
        let model = ScriptedLanguageModel([.text(["Hello", ", world."])])
        let harness = try await ServerHarness.start(model: model)
        let body =
            #"{"model": "test-model", "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}], "max_tokens": 20, "temperature": 0}"#
        let reply = try await harness.send("/v1/chat/completions", body: body)
        #expect(reply.status == 200)
        let json = reply.json
        #expect(json["object"] as? String == "chat.completion")
        #expect((json["id"] as? String)?.hasPrefix("chatcmpl-") == true)
        let choice = try #require((json["choices"] as? [[String: Any]])?.first)
        let message = try #require(choice["message"] as? [String: Any])
        #expect(message["content"] as? String == "Hello, world.")
        #expect(choice["finish_reason"] as? String == "stop")
        #expect(json["usage"] is [String: Any])
        let request = try #require(model.requests.first)
        #expect(request.generationOptions.maximumResponseTokens == 20)
        #expect(request.transcript.count == 2)
        if case .instructions(let instructions) = request.transcript.first {
            #expect(instructions.description.contains("Be brief."))
        } else {
            Issue.record("the system message is not the transcript's instructions")
        }
        await harness.stop()
    }

    @Test("streaming: role first, one chunk per piece, finish reason, usage, [DONE]")
    func streaming() async throws {
        let usage = LanguageModelExecutorGenerationChannel.Event.response(
            action: .updateUsage(
                input: .init(totalTokenCount: 30, cachedTokenCount: 12), output: .init(totalTokenCount: 3, reasoningTokenCount: 0)))
        let model = ScriptedLanguageModel([
            .events([
                .response(action: .appendText("A", tokenCount: 1)), .response(action: .appendText("B", tokenCount: 1)),
                .response(action: .appendText("C", tokenCount: 1)), usage,
            ])
        ])
        let harness = try await ServerHarness.start(model: model)
        let reply = try await harness.send(
            "/v1/chat/completions",
            body: ServerHarness.chat("x", extra: #""stream": true, "stream_options": {"include_usage": true}"#))
        #expect(reply.status == 200)
        #expect(reply.headers.first(name: "content-type")?.hasPrefix("text/event-stream") == true)
        let (chunks, done) = ServerHarness.events(reply.body)
        #expect(done)
        let deltas = chunks.compactMap { ($0["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any] }
        #expect(deltas.first?["role"] as? String == "assistant")
        #expect(deltas.compactMap { $0["content"] as? String }.joined() == "ABC")
        let finishes = chunks.compactMap { ($0["choices"] as? [[String: Any]])?.first?["finish_reason"] as? String }
        #expect(finishes == ["stop"])
        let last = try #require(chunks.last)
        #expect((last["choices"] as? [Any])?.isEmpty == true)
        let reported = try #require(last["usage"] as? [String: Any])
        #expect(reported["prompt_tokens"] as? Int == 30)
        #expect(reported["completion_tokens"] as? Int == 3)
        #expect((reported["prompt_tokens_details"] as? [String: Any])?["cached_tokens"] as? Int == 12)
        await harness.stop()
    }

    @Test("tool calls: deltas keyed by index, arguments as string fragments; whole calls without stream")
    func toolCalls() async throws {
        let calls = [
            ScriptedToolCall(id: "c1", name: "weather", arguments: #"{"city": "Paris"}"#),
            ScriptedToolCall(id: "c2", name: "weather", arguments: #"{"city": "Rome"}"#),
        ]
        let model = ScriptedLanguageModel([.toolCalls(calls), .toolCalls(calls)])
        let harness = try await ServerHarness.start(model: model)
        let tools =
            #""tools": [{"type": "function", "function": {"name": "weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]"#
        let streamed = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("x", extra: tools + #", "stream": true"#))
        var arguments: [Int: String] = [:]
        var names: [Int: String] = [:]
        for chunk in ServerHarness.events(streamed.body).chunks {
            let delta = (chunk["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any]
            for call in delta?["tool_calls"] as? [[String: Any]] ?? [] {
                let index = try #require(call["index"] as? Int)
                let function = call["function"] as? [String: Any]
                if let name = function?["name"] as? String { names[index] = name }
                arguments[index, default: ""] += function?["arguments"] as? String ?? ""
            }
        }
        #expect(names == [0: "weather", 1: "weather"])
        #expect(arguments == [0: #"{"city": "Paris"}"#, 1: #"{"city": "Rome"}"#])
        let whole = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("x", extra: tools))
        let choice = try #require((whole.json["choices"] as? [[String: Any]])?.first)
        #expect(choice["finish_reason"] as? String == "tool_calls")
        let message = try #require(choice["message"] as? [String: Any])
        #expect(message["content"] is NSNull)
        let listed = try #require(message["tool_calls"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == ["c1", "c2"])
        #expect(listed.map { ($0["function"] as? [String: Any])?["arguments"] as? String } == [#"{"city": "Paris"}"#, #"{"city": "Rome"}"#])
        #expect(model.requests.first?.enabledToolDefinitions.map(\.name) == ["weather"])
        await harness.stop()
    }

    @Test("a stop sequence cuts the text, even across pieces, and ends generation")
    func stopSequence() async throws {
        let model = ScriptedLanguageModel([.text(["one tw", "o END", " three"]), .text(["abc"])])
        let harness = try await ServerHarness.start(model: model)
        let reply = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("x", extra: #""stop": [" END", "zz"]"#))
        let message = (reply.json["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any]
        #expect(message?["content"] as? String == "one two")
        #expect(model.remainingSteps == 1)
        await harness.stop()
    }

    @Test("the API key is required on /v1 (Bearer or X-Api-Key), not on /health")
    func apiKey() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([])) { $0.apiKey = "s3cret" }
        #expect(try await harness.get("/v1/models").status == 401)
        #expect(try await harness.get("/v1/models", headers: [("Authorization", "Bearer wrong")]).status == 401)
        #expect(try await harness.get("/v1/models", headers: [("Authorization", "Bearer s3cret")]).status == 200)
        #expect(try await harness.get("/v1/models", headers: [("X-Api-Key", "s3cret")]).status == 200)
        #expect(try await harness.get("/health").status == 200)
        await harness.stop()
    }

    @Test("models, health and Prometheus metrics")
    func discovery() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["ok"])]))
        let models = try await harness.get("/v1/models")
        #expect((models.json["data"] as? [[String: Any]])?.first?["id"] as? String == "test-model")
        #expect(try await harness.get("/v1/models/test-model").status == 200)
        #expect(try await harness.get("/v1/models/other").status == 404)
        #expect(try await harness.send("/v1/chat/completions", body: ServerHarness.chat("x")).status == 200)
        let metrics = try await harness.get("/metrics")
        #expect(metrics.body.contains(#"fm_http_requests_total{route="/v1/chat/completions",status="200"} 1"#), "\(metrics.body)")
        await harness.stop()
    }

    @Test("a full queue answers 429 with Retry-After; a waiting request runs when the first ends")
    func boundedQueue() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["first"], at: gate), .text(["second"])])
        let harness = try await ServerHarness.start(model: model) {
            $0.concurrency = 1
            $0.queueCapacity = 1
        }
        async let first = harness.send("/v1/chat/completions", body: ServerHarness.chat("1"))
        await gate.reached()
        async let second = harness.send("/v1/chat/completions", body: ServerHarness.chat("2"))
        try await waitUntil { harness.server.waitingRequests == 1 }
        let third = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("3"))
        #expect(third.status == 429)
        #expect(third.headers.first(name: "retry-after") == "1")
        #expect(third.errorType == "rate_limit_error")
        gate.open()
        #expect(try await first.status == 200)
        let answer = try await second
        #expect(answer.status == 200)
        #expect(((answer.json["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any])?["content"] as? String == "second")
        await harness.stop()
    }

    @Test("a client that disconnects cancels its generation and frees its turn", arguments: [true, false])
    func disconnectCancels(stream: Bool) async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["partial"], at: gate), .text(["next"])])
        let harness = try await ServerHarness.start(model: model) {
            $0.concurrency = 1
            $0.queueCapacity = 0
        }
        let client = Task {
            try await harness.send("/v1/chat/completions", body: ServerHarness.chat("1", extra: stream ? #""stream": true"# : ""))
        }
        await gate.reached()
        client.cancel() // AsyncHTTPClient drops the connection
        _ = await client.result
        // The paused generation can only end by cancellation (the gate stays closed): once it
        // has, the single turn is free again and the next request is served, not refused.
        try await waitUntil { harness.server.runningRequests == 0 }
        let next = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("2"))
        #expect(next.status == 200, "\(next.body)")
        await harness.stop()
    }

    /// Polls `condition` every 20 ms for up to 30 s.
    func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { Issue.record("timed out waiting"); return }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
