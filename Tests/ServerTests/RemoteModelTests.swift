import Foundation
@_spi(Serving) import FoundationModels
import RemoteModels
import Server
import TestSupport
import Testing

/// A coffee drink, as the remote model must answer it.
@Generable
struct RemoteModelDrink {
    @Guide(description: "The drink's name")
    var name: String
    @Guide(description: "Espresso shots", .range(1...4))
    var shots: Int
}

/// Reports a fixed temperature per city.
struct RemoteModelWeatherTool: Tool {
    let name = "getWeather"
    let description = "Gets the temperature in a city."

    @Generable
    struct Arguments {
        @Guide(description: "The city")
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        arguments.city == "Paris" ? "21°C" : "9°C"
    }
}

/// `RemoteLanguageModel` end to end: sessions on a remote model talking over loopback HTTP to
/// our own `ChatServer`, which serves a scripted model — text, streaming, guided generation,
/// the tool loop, failing closed on output that breaks the schema, HTTP errors, cancellation.
@Suite("Remote model against the chat server")
struct RemoteModelTests {
    /// A `ChatServer` for `model` on a free loopback port, and a remote model pointing at it.
    struct Served {
        let task: Task<Void, any Error>
        let port: Int

        /// Starts the server (quiet, on a free port) and waits until it listens.
        static func start(_ model: some LanguageModel, configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> Served {
            let harness = try await ServerHarness.start(model: model, name: "scripted", configure: configure)
            return Served(task: harness.task, port: Int(harness.base.split(separator: ":").last ?? "") ?? 0)
        }

        /// The remote model on this server.
        func remote(model: String = "scripted", apiKey: String? = nil) -> RemoteLanguageModel {
            RemoteLanguageModel(baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, model: model, apiKey: apiKey, timeout: .seconds(60))
        }

        /// Stops the server.
        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    /// The error `body` threw.
    func anyError(_ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            Issue.record("expected an error, but nothing was thrown")
        } catch {
            return error
        }
        return nil
    }

    /// The `assetsUnavailable` or parsing error `body` throws, or `nil` (recording an issue)
    /// when it throws another error or none.
    func generationError(_ body: () async throws -> Void) async -> RemoteFailureKind? {
        do {
            try await body()
            Issue.record("expected assetsUnavailable or a ParsingError, but nothing was thrown")
        } catch {
            if let kind = RemoteFailureKind(error) { return kind }
            Issue.record("expected assetsUnavailable or a ParsingError, got \(type(of: error)): \(error)")
        }
        return nil
    }

    @Test("plain text: instructions and prompt reach the model; options map to the server's fields")
    func plainText() async throws {
        let model = ScriptedLanguageModel([.text(["Hello", ", world."]), .text(["Flat white."])])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote(), instructions: "Answer briefly.")
        let answer = try await session.respond(to: "Hi", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 20))
        #expect(answer.content == "Hello, world.")
        let first = try #require(model.requests.first)
        #expect(first.transcript.count == 2)
        #expect(first.transcript.first.map { "\($0)" }?.contains("Answer briefly.") == true)
        #expect(first.generationOptions == GenerationOptions(samplingMode: .greedy, temperature: 0, maximumResponseTokens: 20))

        let nucleus = GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9, seed: 7), temperature: 0.5, maximumResponseTokens: 30)
        let second = try await session.respond(to: "Name a coffee drink.", options: nucleus)
        #expect(second.content == "Flat white.")
        let request = try #require(model.requests.last)
        #expect(request.generationOptions == nucleus)
        // The earlier turn comes back as user and assistant messages.
        #expect(request.transcript.count == 4)
        if case .response(let response) = request.transcript[2] {
            #expect("\(response)" == "Hello, world.")
        } else {
            Issue.record("the earlier answer is not a response entry: \(request.transcript[2])")
        }
        await served.stop()
    }

    @Test("streaming: each delta reaches the session as a snapshot while the server is still generating")
    func streaming() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["Hel", "lo"], at: gate)])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote())
        var seen: [String] = []
        for try await snapshot in session.streamResponse(to: "Say hello") {
            seen.append(snapshot.content)
            // The server's model is paused: this text can only have come from streamed deltas.
            if snapshot.content == "Hello" { gate.open() }
        }
        #expect(seen.last == "Hello")
        #expect(seen.allSatisfy { "Hello".hasPrefix($0) })
        #expect(session.transcript.last.map { "\($0)" } == "Response: Hello")
        await served.stop()
    }

    @Test("guided generation: a @Generable answer; the schema is sent; structured content goes back as JSON")
    func guidedGeneration() async throws {
        let model = ScriptedLanguageModel([.text([#"{"name": "Lat"#, #"te", "shots": 2}"#]), .text(["Enjoy."])])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote())
        let drink = try await session.respond(to: "A coffee drink?", generating: RemoteModelDrink.self).content
        #expect(drink.name == "Latte")
        #expect(drink.shots == 2)
        #expect(model.requests.first?.schema != nil)

        _ = try await session.respond(to: "Thanks")
        let request = try #require(model.requests.last)
        #expect(request.schema == nil)
        guard case .response(let response) = request.transcript[1] else {
            Issue.record("the structured answer is not a response entry")
            return
        }
        let sent = try GeneratedContent(json: "\(response)")
        #expect(try sent.value(String.self, forProperty: "name") == "Latte")
        #expect(try sent.value(Int.self, forProperty: "shots") == 2)
        await served.stop()
    }

    @Test(
        "the schema reaches the model: in the prompt's message by default (earlier prompts keep it); not with .byServer or includeSchemaInPrompt false"
    )
    func schemaShownInMessages() async throws {
        let answer = #"{"name": "Latte", "shots": 2}"#
        let model = ScriptedLanguageModel([.text([answer]), .text([answer]), .text([answer])])
        let served = try await Served.start(model)
        func prompts() -> [String] {
            (model.requests.last?.transcript ?? Transcript()).compactMap { entry -> String? in
                guard case .prompt(let prompt) = entry else { return nil }
                return prompt.segments.map { if case .text(let text) = $0 { text.content } else { "" } }.joined()
            }
        }
        let schemaText = RemoteModelDrink.generationSchema.promptText
        #expect(schemaText.hasPrefix("Respond with JSON") && schemaText.contains(#""shots""#))

        let session = LanguageModelSession(model: served.remote())
        _ = try await session.respond(to: "A coffee drink?", generating: RemoteModelDrink.self)
        #expect(prompts() == [schemaText + "A coffee drink?"])
        _ = try await session.respond(to: "Another?", generating: RemoteModelDrink.self, includeSchemaInPrompt: false)
        #expect(prompts() == [schemaText + "A coffee drink?", "Another?"])

        var byServer = served.remote()
        byServer.schemaPresentation = .byServer
        _ = try await LanguageModelSession(model: byServer).respond(to: "A coffee drink?", generating: RemoteModelDrink.self)
        #expect(prompts() == ["A coffee drink?"])
        await served.stop()
    }

    @Test("guided generation streams partial values")
    func guidedStreaming() async throws {
        let model = ScriptedLanguageModel([.text([#"{"name": "Mo"#, #"cha", "#, #""shots": 3}"#])])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote())
        var last: RemoteModelDrink.PartiallyGenerated?
        for try await snapshot in session.streamResponse(to: "A drink", generating: RemoteModelDrink.self) {
            last = snapshot.content
        }
        #expect(last?.name == "Mocha")
        #expect(last?.shots == 3)
        await served.stop()
    }

    @Test("tools: the call goes through the session's tool loop and its output back to the server")
    func toolLoop() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "call-1", name: "getWeather", arguments: #"{"city": "Paris"}"#)]),
            .text(["It is 21°C in Paris."]),
        ])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote(), tools: [RemoteModelWeatherTool()], instructions: "Use the tools.")
        let answer = try await session.respond(to: "How warm is Paris?")
        #expect(answer.content == "It is 21°C in Paris.")
        #expect(model.requests.count == 2)
        #expect(model.requests.first?.enabledToolDefinitions.map(\.name) == ["getWeather"])

        // The second step carries the call (as the assistant's tool_calls) and its output.
        let second = try #require(model.requests.last)
        let calls = second.transcript.compactMap { entry -> Transcript.ToolCalls? in
            if case .toolCalls(let calls) = entry { calls } else { nil }
        }
        #expect(calls.first?.first?.id == "call-1")
        #expect(calls.first?.first?.toolName == "getWeather")
        #expect(try calls.first?.first?.arguments.value(String.self, forProperty: "city") == "Paris")
        let outputs = second.transcript.compactMap { entry -> Transcript.ToolOutput? in
            if case .toolOutput(let output) = entry { output } else { nil }
        }
        #expect(outputs.first?.id == "call-1")
        #expect(outputs.first.map { "\($0)" } == "21°C")

        // The session recorded the whole loop.
        let kinds = session.transcript.map { entry in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "toolCalls"
            case .toolOutput: "toolOutput"
            case .response: "response"
            case .reasoning: "reasoning"
            }
        }
        #expect(kinds == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        await served.stop()
    }

    @Test("fail closed: JSON that breaks the schema is a ParsingError, not a value")
    func failClosedOnSchema() async throws {
        // Well-formed JSON of the right shape, but `shots` is outside the guide's 1...4.
        let model = ScriptedLanguageModel([.text([#"{"name": "Latte", "shots": 9}"#])])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote())
        let error = await generationError {
            _ = try await session.respond(to: "A drink", generating: RemoteModelDrink.self)
        }
        guard case .decodingFailure(let context)? = error else {
            Issue.record("expected decodingFailure, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains("does not follow the requested schema"), "\(context.debugDescription)")
        #expect(session.transcript.isEmpty)
        await served.stop()
    }

    @Test("fail closed: tool arguments that break the tool's parameters are a ParsingError naming the tool")
    func failClosedOnToolArguments() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "call-1", name: "getWeather", arguments: #"{"town": "Paris"}"#)])
        ])
        let served = try await Served.start(model)
        let session = LanguageModelSession(model: served.remote(), tools: [RemoteModelWeatherTool()])
        let error = await generationError { _ = try await session.respond(to: "How warm is Paris?") }
        guard case .decodingFailure(let context)? = error else {
            Issue.record("expected decodingFailure, got \(String(describing: error))")
            return
        }
        // The remote model's check, not the session's decoding of the arguments, caught it.
        #expect(context.debugDescription.contains("to the tool getWeather"), "\(context.debugDescription)")
        #expect(context.debugDescription.contains("do not follow the tool's parameters"), "\(context.debugDescription)")
        #expect(model.requests.count == 1)
        await served.stop()
    }

    @Test("HTTP errors: unknown model and missing key are assetsUnavailable with the server's message; the key is sent")
    func httpErrors() async throws {
        let model = ScriptedLanguageModel([.text(["Authorized."])])
        let served = try await Served.start(model) { $0.apiKey = "secret" }

        let wrongModel = await generationError {
            _ = try await LanguageModelSession(model: served.remote(model: "nope", apiKey: "secret")).respond(to: "Hi")
        }
        guard case .assetsUnavailable(let notFound)? = wrongModel else {
            Issue.record("expected assetsUnavailable, got \(String(describing: wrongModel))")
            return
        }
        #expect(notFound.debugDescription.contains("404"))
        #expect(notFound.debugDescription.contains("`nope` does not exist"), "\(notFound.debugDescription)")

        let noKey = await generationError { _ = try await LanguageModelSession(model: served.remote()).respond(to: "Hi") }
        guard case .assetsUnavailable(let unauthorized)? = noKey else {
            Issue.record("expected assetsUnavailable, got \(String(describing: noKey))")
            return
        }
        #expect(unauthorized.debugDescription.contains("401"))
        #expect(unauthorized.debugDescription.contains("API key"), "\(unauthorized.debugDescription)")

        let answer = try await LanguageModelSession(model: served.remote(apiKey: "secret")).respond(to: "Hi")
        #expect(answer.content == "Authorized.")
        await served.stop()
    }

    @Test("model errors the server reports come back as the same LanguageModelError, figures included")
    @available(*, deprecated, message: "A third-party executor's 26.x exceededContextWindowSize, which 27.0 deprecates, among them.")
    func modelErrors() async throws {
        let model = ScriptedLanguageModel([
            .failure(
                LanguageModelError.contextSizeExceeded(
                    .init(
                        contextSize: 4096, tokenCount: 9000,
                        debugDescription: "the prompt takes 9000 tokens and leaves no room to answer in the context of 4096"))),
            .failure(LanguageModelError.unsupportedGenerationGuide(.init(schemaName: "Drink", debugDescription: "multipleOf cannot be enforced"))),
            .failure(LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription: "9000 tokens do not fit 4096"))),
            // An hour ahead: however long the suite takes to get here, the reset is still ahead.
            .failure(LanguageModelError.rateLimited(.init(resetDate: Date().addingTimeInterval(3600), debugDescription: "upstream busy"))),
            .failure(LanguageModelError.timeout(.init(debugDescription: "upstream too slow"))),
        ])
        let served = try await Served.start(model)
        let tooLong = await anyError { _ = try await LanguageModelSession(model: served.remote()).respond(to: "Hi") }
        guard case .contextSizeExceeded(let exceeded)? = tooLong as? LanguageModelError else {
            Issue.record("expected contextSizeExceeded, got \(String(describing: tooLong))")
            return
        }
        #expect(exceeded.debugDescription.contains("takes 9000 tokens"))
        #expect(exceeded.contextSize == 4096 && exceeded.tokenCount == 9000, "\(exceeded.contextSize) \(exceeded.tokenCount)")

        let unsupported = await anyError {
            _ = try await LanguageModelSession(model: served.remote()).respond(to: "A drink", generating: RemoteModelDrink.self)
        }
        guard case .unsupportedGenerationGuide(let guide)? = unsupported as? LanguageModelError else {
            Issue.record("expected unsupportedGenerationGuide, got \(String(describing: unsupported))")
            return
        }
        // A 26.x executor's error reaches the server's client as the 27.0 one.
        let older = await anyError { _ = try await LanguageModelSession(model: served.remote()).respond(to: "Hi") }
        guard case .contextSizeExceeded? = older as? LanguageModelError else {
            Issue.record("expected contextSizeExceeded, got \(String(describing: older))")
            return
        }
        // A model behind the server that is rate limited, or times out, is so for the client:
        // 429 with Retry-After (the reset date again), and 504 (a time-out).
        let sent = Date()
        let limited = await anyError { _ = try await LanguageModelSession(model: served.remote()).respond(to: "Hi") }
        guard case .rateLimited(let rate)? = limited as? LanguageModelError else {
            Issue.record("expected rateLimited, got \(String(describing: limited))")
            return
        }
        let reset = try #require(rate.resetDate)
        #expect(reset > sent.addingTimeInterval(3000) && reset < Date().addingTimeInterval(3700), "\(reset)")
        let slow = await anyError { _ = try await LanguageModelSession(model: served.remote()).respond(to: "Hi") }
        guard case .timeout? = slow as? LanguageModelError else {
            Issue.record("expected timeout, got \(String(describing: slow))")
            return
        }
        #expect(guide.debugDescription.contains("multipleOf cannot be enforced"))
        await served.stop()
    }

    @Test("no server: assetsUnavailable naming the endpoint, at once rather than after the time-out")
    func connectionRefused() async throws {
        // A port that was just free: bind a server, note its port, stop it.
        let served = try await Served.start(ScriptedLanguageModel([]))
        await served.stop()
        // With a ten-minute request deadline, an answer within half of it can only be the refusal
        // itself (the suite runs many tests at once on two cores, so no tighter bound is fair).
        let remote = RemoteLanguageModel(baseURL: URL(string: "http://127.0.0.1:\(served.port)/v1")!, model: "scripted", timeout: .seconds(600))
        let start = ContinuousClock.now
        let error = await generationError { _ = try await LanguageModelSession(model: remote).respond(to: "Hi") }
        #expect(ContinuousClock.now - start < .seconds(300))
        guard case .assetsUnavailable(let context)? = error else {
            Issue.record("expected assetsUnavailable, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains("127.0.0.1:\(served.port)/v1/chat/completions"), "\(context.debugDescription)")
    }

    @Test("cancelling the task stops reading and drops the connection: the server's generation ends and its turn is free")
    func cancellation() async throws {
        let gate = ScriptedGate()
        let model = ScriptedLanguageModel([.pause(after: ["partial"], at: gate), .text(["next"])])
        let served = try await Served.start(model) {
            $0.concurrency = 1
            $0.queueCapacity = 0
        }
        let remote = served.remote()
        let reading = Task {
            let session = LanguageModelSession(model: remote)
            for try await _ in session.streamResponse(to: "1") {}
        }
        await gate.reached()
        reading.cancel()
        let outcome = await reading.result
        #expect(throws: CancellationError.self) { try outcome.get() }

        // The gate never opens: the paused generation ends only if the server saw the client
        // leave. Until it has, the single turn is taken and the queue (capacity 0) answers 429.
        let deadline = ContinuousClock.now + .seconds(30)
        var answer: String?
        while answer == nil, ContinuousClock.now < deadline {
            do {
                answer = try await LanguageModelSession(model: remote).respond(to: "2").content
            } catch LanguageModelError.rateLimited {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(answer == "next")
        await served.stop()
    }
}
