import Foundation
import FoundationModels
import Testing

@testable import RemoteModels

/// A reasoning model behind an OpenAI-compatible server (vLLM, llama-server with a reasoning
/// model): its streamed thinking becomes the turn's reasoning entry, and the session's reasoning
/// level reaches the server as `reasoning_effort`.
@Suite("Remote model: reasoning")
struct RemoteReasoningTests {
    /// A stream that thinks (under `field`) before it answers.
    static func thinkingStream(field: String) -> String {
        let events = [
            #"{"choices":[{"index":0,"delta":{"role":"assistant","\#(field)":"The user greets me. "}}]}"#,
            #"{"choices":[{"index":0,"delta":{"\#(field)":"Answer kindly."}}]}"#,
            #"{"choices":[{"index":0,"delta":{"content":"Hello"}}]}"#,
            #"{"choices":[{"index":0,"delta":{"content":" there."}}]}"#,
            #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":9,"completion_tokens_details":{"reasoning_tokens":6}}}"#,
        ]
        return events.map { "data: \($0)\n\n" }.joined() + "data: [DONE]\n\n"
    }

    @Test(
        "reasoning_content and reasoning become a reasoning entry before the response; the answer stays clean",
        arguments: ["reasoning_content", "reasoning"])
    func thinkingBecomesAReasoningEntry(field: String) async throws {
        let server = try await ScriptedHTTPServer([
            .response(status: 200, headers: [("Content-Type", "text/event-stream")], body: Self.thinkingStream(field: field))
        ])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "thinker")
        let session = LanguageModelSession(model: model)
        let answer = try await session.respond(to: "Hi", contextOptions: ContextOptions(reasoningLevel: .deep))
        #expect(answer.content == "Hello there.")
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .prompt: "prompt"
            case .reasoning: "reasoning"
            case .response: "response"
            default: "other"
            }
        }
        #expect(kinds == ["prompt", "reasoning", "response"])
        guard case .reasoning(let reasoning)? = session.transcript.first(where: { if case .reasoning = $0 { true } else { false } }) else {
            Issue.record("no reasoning entry")
            return
        }
        let thought = reasoning.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { text.content } else { nil }
        }.joined()
        #expect(thought == "The user greets me. Answer kindly.")
        #expect(answer.usage.output.reasoningTokenCount == 6)
        // The level was sent as OpenAI's reasoning_effort.
        let body = try #require(server.bodies.first)
        #expect(body.contains(#""reasoning_effort":"high""#), "\(body)")
        await server.stop()
    }

    @Test("no reasoning level, no reasoning_effort")
    func noLevelNoEffort() async throws {
        let server = try await ScriptedHTTPServer([.stream(deltas: ["Hi."])])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m")
        _ = try await LanguageModelSession(model: model).respond(to: "Hi")
        #expect(server.bodies.first?.contains("reasoning_effort") == false)
        await server.stop()
    }
}
