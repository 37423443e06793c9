import AsyncHTTPClient
import Foundation
@_spi(Serving) import FoundationModels
import NIOConcurrencyHelpers
import NIOCore
import Server
import TestSupport
import Testing

@testable import RemoteModels

/// The remote model's connections and failures against servers that behave as real ones do:
/// `Connection: close`, silent closes of kept-alive connections, 429 with `Retry-After`, 5xx,
/// stalls past the deadline, streams cut mid-answer, cancellation, tool calls written as text.
@Suite("Remote model: connections and failures")
struct RemoteConnectionTests {
    /// The `assetsUnavailable` or parsing error a session's `respond` throws, or `nil`.
    func failure(_ model: RemoteLanguageModel, tools: [any Tool] = []) async -> RemoteFailureKind? {
        RemoteFailureKind(await anyFailure(model, tools: tools))
    }

    /// The 27.0 error the one request to `model` fails with.
    func languageModelError(_ model: RemoteLanguageModel) async -> LanguageModelError? {
        await anyFailure(model) as? LanguageModelError
    }

    /// The error the one request to `model` fails with.
    func anyFailure(_ model: RemoteLanguageModel, tools: [any Tool] = []) async -> (any Error)? {
        do {
            let answer = try await LanguageModelSession(model: model, tools: tools).respond(to: "Hi")
            Issue.record("expected an error, got the answer \(answer.content)")
        } catch {
            return error
        }
        return nil
    }

    @Test("keep-alive, Connection: close and silent closes: every turn of a session is answered")
    func closedConnections() async throws {
        let server = try await ScriptedHTTPServer([
            .completion("one"), .completion("two", close: true, announced: true), .completion("three", close: true),
            .completion("four"), .completion("five"),
        ])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        let session = LanguageModelSession(model: model)
        var answers: [String] = []
        for prompt in ["1", "2", "3", "4", "5"] { answers.append(try await session.respond(to: prompt).content) }
        #expect(answers == ["one", "two", "three", "four", "five"])
        // Turns 1–2 share a connection; the server closed it after 2 and after 3.
        #expect(server.connections >= 3)
        await server.stop()
    }

    @Test("llama-server's close after each streamed response: known by its Server header, every turn on a new connection")
    func serverThatClosesAfterStreams() async throws {
        let replies = ["one", "two", "three"].map { ScriptedHTTPServer.Reply.stream(deltas: [$0], server: "llama.cpp", closesAfter: true) }
        let server = try await ScriptedHTTPServer(replies)
        let session = LanguageModelSession(model: RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60)))
        var answers: [String] = []
        for prompt in ["1", "2", "3"] { answers.append(try await session.respond(to: prompt).content) }
        #expect(answers == ["one", "two", "three"])
        #expect(server.connections == 3)
        await server.stop()
    }

    @Test("a server that closes a reused connection unanswered fails that request once; later ones take new connections")
    func learnedFromAnUnansweredRequest() async throws {
        let server = try await ScriptedHTTPServer([
            .stream(deltas: ["one"], closesAfter: true), .stream(deltas: ["two"], closesAfter: true), .stream(deltas: ["three"]),
        ])
        // A pool that keeps its idle connection for the whole test (the shared one drops it after
        // 4 s, which a loaded machine can take between two requests): the second request surely
        // goes out on the first one's connection.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(600))
        let pooled = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let endpoint = server.baseURL.appendingPathComponent("chat/completions").absoluteString
        let transport = ChatCompletionsTransport(client: pooled, endpoint: endpoint, apiKey: nil, timeout: .seconds(60))
        func answer() async throws -> String { String(buffer: try await transport.post("{}").body.collect(upTo: 1 << 20)) }

        #expect(try await answer().contains("one"))
        #expect(transport.reuse.reuses)
        // Written to the connection the server gave up: it may have been read, so it is not sent again.
        do {
            let text = try await answer()
            Issue.record("the request on the given-up connection was answered: \(text)")
        } catch SystemLanguageModel.Error.assetsUnavailable {
        }
        #expect(!transport.reuse.reuses)
        #expect(try await answer().contains("two"))
        #expect(try await answer().contains("three"))
        #expect(server.bodies.count == 3, "the unanswered request was never read")
        #expect(server.connections == 3)
        try await pooled.shutdown()
        await server.stop()
    }

    @Test("the body leaves with the head: a server's request time-out is met while Swift's executor threads are all busy")
    func bodyLeavesWithTheHead() async throws {
        // The server closes a connection whose request has not arrived whole within 1 s.
        let model = ScriptedLanguageModel([.text(["Hello"])])
        let harness = try await ServerHarness.start(model: model, name: "scripted") { $0.requestTimeout = .seconds(1) }
        var transport = ChatCompletionsTransport(
            client: RemoteHTTPClient.shared, endpoint: harness.base + "/v1/chat/completions", apiKey: nil, timeout: .seconds(60))
        transport.execute = { request, timeout, client in
            // Once this task hands the request over, every executor thread is held for 2.5 s
            // (the app's other work, or a full test run). A body that needs one of them to be
            // sent would arrive after the server gave up on it.
            for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                Task.detached { usleep(2_500_000) }
            }
            return try await client.execute(request, timeout: timeout)
        }
        let body = #"{"model":"scripted","stream":true,"messages":[{"role":"user","content":"Hi"}]}"#
        let response = try await transport.post(body)
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        #expect(text.contains("Hello"))
        await harness.stop()
    }

    @Test("a request whose pooled connection was found closed is sent once more, on a new connection")
    func retryUnsentRequest() async throws {
        let server = try await ScriptedHTTPServer([.stream(deltas: ["Hello"])])
        let attempts = Attempts()
        var transport = ChatCompletionsTransport(
            client: RemoteHTTPClient.shared, endpoint: server.baseURL.appendingPathComponent("chat/completions").absoluteString,
            apiKey: nil, timeout: .seconds(60))
        transport.execute = { request, timeout, client in
            // The first attempt finds its connection closed before writing anything.
            if attempts.next() == 1 { throw ChannelError.ioOnClosedChannel }
            #expect(client === RemoteHTTPClient.fresh)
            return try await client.execute(request, timeout: timeout)
        }
        let response = try await transport.post("{}")
        #expect(response.status == .ok)
        #expect(attempts.count == 2)
        #expect(server.bodies == ["{}"])
        await server.stop()
    }

    @Test("a request that may have reached the server is never sent twice")
    func noRetryOnceSent() async throws {
        // The server reads the whole request, then closes the connection without answering.
        let server = try await ScriptedHTTPServer([.drop, .completion("never")])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        guard case .assetsUnavailable(let context)? = await failure(model) else {
            Issue.record("a dropped request was not assetsUnavailable")
            return
        }
        #expect(context.debugDescription.contains("closed the connection"), "\(context.debugDescription)")
        #expect(server.bodies.count == 1)
        await server.stop()
    }

    @Test("429 with Retry-After is LanguageModelError.rateLimited with its reset date; 503 is assetsUnavailable with the server's words")
    func statusFailures() async throws {
        let server = try await ScriptedHTTPServer([
            .response(status: 429, headers: [("Retry-After", "7")], body: #"{"error": {"message": "Slow down", "type": "rate_limit_error"}}"#),
            .response(status: 503, body: #"{"error": {"message": "Loading model", "type": "unavailable_error", "code": 503}}"#),
        ])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        let sent = Date()
        guard case .rateLimited(let limited)? = await languageModelError(model) else {
            Issue.record("429 was not rateLimited")
            return
        }
        #expect(limited.debugDescription.contains("retry after 7 s"), "\(limited.debugDescription)")
        // Seven seconds after the answer came, which was after `sent` and before now.
        let reset = try #require(limited.resetDate)
        #expect(reset >= sent.addingTimeInterval(7) && reset <= Date().addingTimeInterval(7), "\(reset)")
        #expect(limited.debugDescription.contains("Slow down"))
        guard case .assetsUnavailable(let unavailable)? = await failure(model) else {
            Issue.record("503 was not assetsUnavailable")
            return
        }
        #expect(unavailable.debugDescription.contains("HTTP 503"), "\(unavailable.debugDescription)")
        #expect(unavailable.debugDescription.contains("Loading model"))
        await server.stop()
    }

    @Test("Retry-After: seconds, an HTTP date, nonsense")
    func retryAfter() {
        #expect(RetryAfter.delay("7") == .seconds(7))
        let now = Date(timeIntervalSince1970: 784_111_767) // Sun, 06 Nov 1994 08:49:27 GMT
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.delay("soon") == nil)
    }

    @Test("a stream cut mid-answer is assetsUnavailable, a stalled server past the deadline LanguageModelError.timeout")
    func cutAndStalled() async throws {
        let server = try await ScriptedHTTPServer([.stream(deltas: ["Hel"], complete: false), .stall])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(2))
        guard case .assetsUnavailable(let cut)? = await failure(model) else {
            Issue.record("a cut stream was not assetsUnavailable")
            return
        }
        #expect(cut.debugDescription.contains("before the response was complete"), "\(cut.debugDescription)")
        #expect(!cut.debugDescription.contains("could not be reached"), "\(cut.debugDescription)")
        guard case .timeout(let stalled)? = await languageModelError(model) else {
            Issue.record("a stall was not timeout")
            return
        }
        #expect(stalled.debugDescription.contains("within the request timeout"), "\(stalled.debugDescription)")
        await server.stop()
    }

    @Test("cancelling a request the server is sitting on ends it with CancellationError")
    func cancellation() async throws {
        let server = try await ScriptedHTTPServer([.stall])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(600))
        let task = Task { try await LanguageModelSession(model: model).respond(to: "Hi").content }
        while server.bodies.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        await server.stop()
    }

    @Test("a tool call the server returned as text is run as a call; its arguments are still checked")
    func toolCallAsContent() async throws {
        let server = try await ScriptedHTTPServer([
            .completion(#"{"name": "lookUpCode", "arguments": {"code": "CDG"}}"#), .completion("CDG is Paris."),
            .completion(#"<tool_call>{"name": "lookUpCode", "arguments": {"code": "Paris"}}</tool_call>"#),
        ])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        let session = LanguageModelSession(model: model, tools: [RemoteCodeTool()])
        let answer = try await session.respond(to: "Which airport?")
        #expect(answer.content == "CDG is Paris.")
        #expect(server.bodies.last?.contains(#""role":"tool""#) == true)
        #expect(server.bodies.last?.contains("CDG is Paris") == true)

        guard case .decodingFailure(let context)? = await failure(model, tools: [RemoteCodeTool()]) else {
            Issue.record("a content tool call breaking the tool's pattern was accepted")
            return
        }
        #expect(context.debugDescription.contains("lookUpCode"), "\(context.debugDescription)")
        await server.stop()
    }

    @Test("tool_choice required: text that is no call is a ParsingError; a call written as text is a call")
    func requiredToolCall() async throws {
        let request = Self.requiredCallRequest()
        let body = try ChatRequestBody(request, modelName: "m")
        #expect(body.json.contains(#""tool_choice":"required""#))

        var text = ChatStreamReader(request: request, body: body, endpoint: "e")
        try await text.read(event: #"{"choices":[{"delta":{"content":"Paris has CDG."},"finish_reason":"stop"}]}"#, into: .init())
        await #expect(throws: GeneratedContent.ParsingError.self) { try await text.finish(into: .init()) }

        var call = ChatStreamReader(request: request, body: body, endpoint: "e")
        let channel = LanguageModelExecutorGenerationChannel()
        let content = #"{\"name\": \"lookUpCode\", \"arguments\": {\"code\": \"CDG\"}}"#
        try await call.read(event: #"{"choices":[{"delta":{"content":"\#(content)"},"finish_reason":"stop"}]}"#, into: channel)
        try await call.finish(into: channel)
        channel.close()
        var names: [String] = []
        for try await event in channel {
            switch event.content {
            case .toolCallArguments(_, let name, _, _): names.append(name)
            case .text: Issue.record("the call was sent as text")
            default: break
            }
        }
        #expect(names == ["lookUpCode"])
    }
}

extension RemoteConnectionTests {
    @Test("a server that answers tool_choice required with text is asked once more, with the call as a json_schema format")
    func requiredCallAskedAgainAsContent() async throws {
        let server = try await ScriptedHTTPServer([
            .completion("Hello Ana!"), .completion(#"{"name": "lookUpCode", "arguments": {"code": "CDG"}}"#),
            .completion("Still no call."), .completion("Nor now."),
        ])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        let executor = RemoteLanguageModel.Executor(configuration: .init(baseURL: server.baseURL, modelName: "m"))
        let request = Self.requiredCallRequest()

        let channel = LanguageModelExecutorGenerationChannel()
        try await executor.respond(to: request, model: model, streamingInto: channel)
        channel.close()
        var calls: [String] = []
        for try await event in channel {
            switch event.content {
            case .toolCallArguments(_, let name, _, _): calls.append(name)
            case .text: Issue.record("text of an answer that had to be a call reached the session")
            default: break
            }
        }
        #expect(calls == ["lookUpCode"])
        let bodies = server.bodies
        #expect(bodies.count == 2)
        #expect(bodies.first.map { !$0.contains("response_format") } == true)
        #expect(bodies.last?.contains(#""name":"tool_call""#) == true, "\(bodies.last ?? "")")
        #expect(bodies.last?.contains(#""enum":["lookUpCode"]"#) == true, "\(bodies.last ?? "")")

        // A server that honours neither: a ParsingError after the second answer, no third try.
        await #expect(throws: GeneratedContent.ParsingError.self) {
            try await executor.respond(to: request, model: model, streamingInto: LanguageModelExecutorGenerationChannel())
        }
        #expect(server.bodies.count == 4)
        await server.stop()
    }

    @Test("toolCallingMode reaches the wire: .required is tool_choice required at every step; .disallowed sends no tools")
    func toolCallingModeOnTheWire() async throws {
        let prompt = Transcript.Entry.prompt(.init(segments: [.text(.init(content: "?"))]))
        func body(
            _ mode: GenerationOptions.ToolCallingMode, after entries: [Transcript.Entry] = []
        ) throws -> (json: String, reader: ChatStreamReader) {
            var options = GenerationOptions()
            options.toolCallingMode = mode
            let request = LanguageModelExecutorGenerationRequest(
                id: UUID(), transcript: Transcript(entries: [prompt] + entries),
                enabledTools: [Transcript.ToolDefinition(tool: RemoteCodeTool())], generationOptions: options,
                contextOptions: ContextOptions(), metadata: [:])
            let body = try ChatRequestBody(request, modelName: "m")
            return (body.json, ChatStreamReader(request: request, body: body, endpoint: "e"))
        }
        let required = try body(.required)
        #expect(required.json.contains(#""tool_choice":"required""#), "\(required.json)")
        // Text under .required fails closed instead of becoming the answer.
        var reader = required.reader
        try await reader.read(event: #"{"choices":[{"delta":{"content":"Hello Ana!"},"finish_reason":"stop"}]}"#, into: .init())
        await #expect(throws: GeneratedContent.ParsingError.self) { try await reader.finish(into: .init()) }
        // After a tool's output the next step must call again (Apple: the session keeps calling
        // tools until one throws or a dynamic profile changes the mode).
        let call = Transcript.ToolCall(id: "c1", toolName: "lookUpCode", arguments: GeneratedContent(properties: ["code": "CDG"]))
        let output = Transcript.ToolOutput(id: "c1", toolName: "lookUpCode", segments: [.text(.init(content: "CDG is Paris"))])
        let next = try body(.required, after: [.toolCalls(.init([call])), .toolOutput(output)])
        #expect(next.json.contains(#""tool_choice":"required""#), "\(next.json)")
        let disallowed = try body(.disallowed)
        #expect(!disallowed.json.contains(#""tools""#) && !disallowed.json.contains("tool_choice"), "\(disallowed.json)")
        #expect(!(try body(.allowed)).json.contains("tool_choice"))
    }
}

extension RemoteConnectionTests {
    /// A one-prompt step offering `RemoteCodeTool` that must call it (`tool_choice` required).
    static func requiredCallRequest() -> LanguageModelExecutorGenerationRequest {
        var request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "?"))]))]),
            enabledTools: [Transcript.ToolDefinition(tool: RemoteCodeTool())], generationOptions: GenerationOptions(),
            contextOptions: ContextOptions(), metadata: [:])
        request.toolChoice = .required
        return request
    }
}

/// Counts attempts across concurrent closures.
final class Attempts: Sendable {
    private let value = NIOLockedValueBox(0)
    /// Counts one more; returns the new count.
    func next() -> Int {
        value.withLockedValue {
            $0 += 1; return $0
        }
    }
    /// The count.
    var count: Int { value.withLockedValue { $0 } }
}
