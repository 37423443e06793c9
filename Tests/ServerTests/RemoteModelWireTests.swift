import Foundation
@_spi(Serving) import FoundationModels
import Testing

@testable import RemoteModels

/// The remote model's wire pieces without a server: the SSE parser on awkward byte splits,
/// error bodies in each server's shape, the error mapping, the request body, and the stream
/// reader's assembly of tool calls.
@Suite("Remote model: wire format")
struct RemoteModelWireTests {
    @Test("SSE: events split anywhere, CRLF across pieces, comments and other fields skipped, multi-line data")
    func serverSentEvents() {
        let stream = ": keep-alive\r\nevent: message\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\ndata: [DONE]\r\n\r\ndata: tail"
        let bytes = Array(stream.utf8)
        for size in [1, 2, 3, 7, bytes.count] {
            var parser = ServerSentEventParser()
            var events: [String] = []
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                events += parser.feed(bytes[start..<end])
                start = end
            }
            if let last = parser.finish() { events.append(last) }
            #expect(events == ["{\"a\":\n1}", "[DONE]", "tail"], "piece size \(size)")
        }
    }

    @Test("error bodies: OpenAI's, a bare string, vLLM's top level, plain text")
    func errorBodies() {
        let openAI = ServerError(
            body: #"{"error": {"message": "Too long", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}"#)
        #expect(openAI == ServerError(message: "Too long", type: "invalid_request_error", param: "messages", code: "context_length_exceeded"))
        #expect(ServerError(body: #"{"error": "model 'x' not found"}"#) == ServerError(message: "model 'x' not found"))
        #expect(
            ServerError(body: #"{"object": "error", "message": "bad", "type": "BadRequestError", "code": 400}"#)
                == ServerError(message: "bad", type: "BadRequestError", code: "400"))
        #expect(ServerError(body: "  Bad Gateway\n") == ServerError(message: "Bad Gateway"))
    }

    @Test("a context-length error carries the server's figures: llama-server's fields, OpenAI's and vLLM's sentences, fm serve's")
    func contextFigures() {
        func figures(_ body: String) -> (Int, Int)? {
            let error = RemoteFailure.generationError(status: 400, server: ServerError(body: body), endpoint: "http://h/v1/chat/completions")
            guard case .contextSizeExceeded(let exceeded)? = error as? LanguageModelError else { return nil }
            return (exceeded.contextSize, exceeded.tokenCount)
        }
        let llama =
            #"{"error": {"code": 400, "message": "the request exceeds the available context size, try increasing it", "type": "exceed_context_size_error", "n_prompt_tokens": 5123, "n_ctx": 4096}}"#
        #expect(figures(llama)! == (4096, 5123))
        let openAI =
            #"{"error": {"message": "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (8000 in the messages, 1000 in the completion).", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}"#
        #expect(figures(openAI)! == (8192, 9000))
        let vLLM =
            #"{"object": "error", "message": "This model's maximum context length is 2048 tokens. However, you requested 2100 tokens in the messages, Please reduce the length of the messages.", "type": "BadRequestError", "param": null, "code": 400}"#
        #expect(figures(vLLM)! == (2048, 2100))
        let ours =
            #"{"error": {"message": "The conversation does not fit the model's context: the prompt takes 300 tokens and leaves no room to answer in the context of 256", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}"#
        #expect(figures(ours)! == (256, 300))
        let silent = #"{"error": {"message": "too long", "code": "context_length_exceeded"}}"#
        #expect(figures(silent)! == (0, 0))
    }

    @Test("HTTP statuses and error codes map to 27.0 LanguageModelError cases, assetsUnavailable or ParsingError")
    func errorMapping() {
        func kind(_ status: Int?, _ server: ServerError) -> String {
            let error = RemoteFailure.generationError(status: status, server: server, endpoint: "http://h/v1/chat/completions")
            switch error as? LanguageModelError {
            case .contextSizeExceeded?: return "context"
            case .rateLimited?: return "rate"
            case .unsupportedGenerationGuide?: return "guide"
            case .guardrailViolation?: return "guardrail"
            case .some: return "other"
            case nil: break
            }
            switch RemoteFailureKind(error) {
            case .assetsUnavailable?: return "assets"
            case .decodingFailure?: return "decoding"
            case nil: return "other"
            }
        }
        #expect(kind(400, ServerError(message: "x", code: "context_length_exceeded")) == "context")
        #expect(kind(400, ServerError(message: "This model's maximum context length is 4096 tokens")) == "context")
        #expect(kind(413, ServerError(message: "too large")) == "context")
        #expect(kind(429, ServerError(message: "busy")) == "rate")
        #expect(kind(401, ServerError(message: "key")) == "assets")
        #expect(kind(403, ServerError(message: "key")) == "assets")
        #expect(kind(404, ServerError(message: "no model")) == "assets")
        #expect(kind(503, ServerError(message: "loading")) == "assets")
        #expect(kind(400, ServerError(message: "bad schema", param: "response_format.json_schema.schema/properties/n")) == "guide")
        #expect(kind(400, ServerError(message: "bad tool", param: "tools[0].function.parameters")) == "guide")
        #expect(kind(400, ServerError(message: "`n` must be 1", param: "n")) == "decoding")
        #expect(kind(nil, ServerError(message: "decoder cornered", type: "server_error")) == "decoding")
        #expect(kind(nil, ServerError(message: "slow down", type: "rate_limit_error")) == "rate")

        let error =
            RemoteFailure.generationError(
                status: 404, server: ServerError(message: "The model `x` does not exist", code: "model_not_found"),
                endpoint: "http://h/v1/chat/completions") as? SystemLanguageModel.Error
        #expect(error?.debugDescription == "http://h/v1/chat/completions answered HTTP 404 (code model_not_found): The model `x` does not exist")
    }

    @Test("the body: messages per entry, tools with their schemas, a strict json_schema format, options, streaming with usage")
    func requestBody() throws {
        let definition = Transcript.ToolDefinition(tool: RemoteModelWeatherTool())
        let call = Transcript.ToolCall(id: "c1", toolName: "getWeather", arguments: try GeneratedContent(json: #"{"city": "Paris"}"#))
        let transcript = Transcript(entries: [
            .instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [definition])),
            .prompt(.init(segments: [.text(.init(content: "Weather?"))])),
            .toolCalls(.init([call])),
            .toolOutput(.init(id: "c1", toolName: "getWeather", segments: [.text(.init(content: "21°C"))])),
        ])
        let options = GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9, seed: 7), temperature: 0.5, maximumResponseTokens: 64)
        let request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: transcript, enabledTools: [definition], schema: RemoteModelDrink.generationSchema,
            generationOptions: options, contextOptions: ContextOptions(), metadata: [:])
        let body = try ChatRequestBody(request, modelName: "m")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.json.utf8)) as? [String: Any])

        #expect(json["model"] as? String == "m")
        #expect(json["stream"] as? Bool == true)
        #expect((json["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
        #expect(json["temperature"] as? Double == 0.5)
        #expect(json["top_p"] as? Double == 0.9)
        #expect(json["seed"] as? Int == 7)
        #expect(json["max_tokens"] as? Int == 64)
        #expect(json["tool_choice"] == nil)

        let messages = try #require(json["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "tool"])
        let sentCall = try #require((messages[2]["tool_calls"] as? [[String: Any]])?.first)
        #expect(sentCall["id"] as? String == "c1")
        #expect(sentCall["type"] as? String == "function")
        let function = try #require(sentCall["function"] as? [String: Any])
        #expect(function["name"] as? String == "getWeather")
        #expect(try GeneratedContent(json: function["arguments"] as? String ?? "") == GeneratedContent(json: #"{"city": "Paris"}"#))
        #expect(messages[3]["tool_call_id"] as? String == "c1")
        #expect(messages[3]["content"] as? String == "21°C")

        let tool = try #require((json["tools"] as? [[String: Any]])?.first)
        #expect(tool["type"] as? String == "function")
        let declared = try #require(tool["function"] as? [String: Any])
        #expect(declared["name"] as? String == "getWeather")
        #expect(declared["description"] as? String == "Gets the temperature in a city.")
        let parameters = try #require(declared["parameters"] as? [String: Any])
        #expect((parameters["properties"] as? [String: Any])?["city"] != nil)

        let format = try #require(json["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let spec = try #require(format["json_schema"] as? [String: Any])
        #expect(spec["name"] as? String == "RemoteModelDrink")
        #expect(spec["strict"] as? Bool == true)
        let schema = try #require(spec["schema"] as? [String: Any])
        #expect(schema["type"] as? String == "object")
        #expect(((schema["properties"] as? [String: Any])?["shots"] as? [String: Any])?["maximum"] as? Int == 4)
    }

    @Test("tool calls: fragments joined by index, sent whole once checked, with usage; a call without an id gets one")
    func toolCallAssembly() async throws {
        let definition = Transcript.ToolDefinition(tool: RemoteModelWeatherTool())
        let request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "?"))]))]),
            enabledTools: [definition], generationOptions: GenerationOptions(), contextOptions: ContextOptions(), metadata: [:])
        let body = try ChatRequestBody(request, modelName: "m")
        var reader = ChatStreamReader(request: request, body: body, endpoint: "e")
        let channel = LanguageModelExecutorGenerationChannel()
        let events = [
            #"{"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"getWeather","arguments":""}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"type":"function","function":{"name":"getWeather","arguments":"{\"city\":"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\": \"Par"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"is\"}"}},{"index":1,"function":{"arguments":" \"Oslo\"}"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            #"{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":9,"prompt_tokens_details":{"cached_tokens":4}}}"#,
            "[DONE]",
        ]
        for event in events { try await reader.read(event: event, into: channel) }
        try await reader.finish(into: channel)
        channel.close()
        var calls: [(id: String, name: String, arguments: String)] = []
        var usage: LanguageModelExecutorGenerationChannel.Usage?
        for try await event in channel {
            switch event.content {
            case .toolCallArguments(let id, let name, let fragment, _): calls.append((id, name, fragment))
            case .usage(let reported): usage = reported
            default: Issue.record("unexpected event \(event.content)")
            }
        }
        #expect(calls.count == 2)
        #expect(calls.first?.id == "a")
        #expect(calls.first?.arguments == #"{"city": "Paris"}"#)
        #expect(calls.last?.id.hasPrefix("call_") == true)
        #expect(calls.last?.arguments == #"{"city": "Oslo"}"#)
        #expect(calls.allSatisfy { $0.name == "getWeather" })
        #expect(usage?.input.totalTokenCount == 12)
        #expect(usage?.input.cachedTokenCount == 4)
        #expect(usage?.output.totalTokenCount == 9)
    }

    @Test("an error event mid-stream throws; a stream that ends without finishing is assetsUnavailable")
    func streamFailures() async throws {
        let request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: Transcript(), enabledTools: [], generationOptions: GenerationOptions(),
            contextOptions: ContextOptions(), metadata: [:])
        let channel = LanguageModelExecutorGenerationChannel()
        let body = try ChatRequestBody(request, modelName: "m")
        var reader = ChatStreamReader(request: request, body: body, endpoint: "e")
        try await reader.read(event: #"{"choices":[{"delta":{"content":"Hi"}}]}"#, into: channel)
        await #expect(throws: LanguageModelError.self) {
            try await reader.read(event: #"{"error":{"message":"The context is full","code":"context_length_exceeded"}}"#, into: channel)
        }
        let cut = ChatStreamReader(request: request, body: body, endpoint: "e")
        do {
            try await cut.finish(into: channel)
            Issue.record("a stream without a finish reason was accepted")
        } catch SystemLanguageModel.Error.assetsUnavailable(let context) {
            #expect(context.debugDescription.contains("before the response was complete"))
        }
    }

    @Test("an image attachment is refused as unsupportedCapability (vision), never sent as empty text")
    func imageAttachmentsAreRefused() throws {
        let image = Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/receipt.png"))))
        let transcript = Transcript(entries: [
            .prompt(.init(segments: [.text(.init(content: "What does it say?")), .attachment(image)]))
        ])
        let request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: transcript, enabledTools: [], generationOptions: GenerationOptions(),
            contextOptions: ContextOptions(), metadata: [:])
        #expect {
            _ = try ChatRequestBody(request, modelName: "m")
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let detail) = error else { return false }
            return detail.capability == .vision && detail.debugDescription.contains("image attachment")
        }
        // Without the attachment the same request is written.
        let plain = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "What does it say?"))]))]),
            enabledTools: [], generationOptions: GenerationOptions(), contextOptions: ContextOptions(), metadata: [:])
        #expect(try ChatRequestBody(plain, modelName: "m").json.contains("What does it say?"))
    }

    @Test("wire schema: patterns anchored and checked as whole matches; an imported document keeps JSON Schema's meaning")
    func wireSchema() throws {
        let typed = WireSchema(RemoteGuidedOrder.generationSchema)
        #expect(typed.json.contains(#""pattern":"^(?:[A-Z][a-z]+)$""#))
        #expect(typed.json.contains(#""minimum":0.5"#))
        #expect(!typed.json.contains("x-order"))
        #expect(typed.title == "RemoteGuidedOrder")
        #expect(typed.validationProblem(forJSON: RemoteGuideViolationTests.order()) == nil)
        #expect(typed.validationProblem(forJSON: RemoteGuideViolationTests.order(["name": #""Ana's Latte""#])) != nil)

        let document = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"code": {"type": "string", "pattern": "[A-Z]"}}}"#)
        #expect(document.isImportedJSONSchema)
        #expect(!RemoteGuidedOrder.generationSchema.isImportedJSONSchema)
        // The SPI check itself: Apple's meaning for a Swift-built schema, JSON Schema's for a document.
        #expect(RemoteGuidedOrder.generationSchema.validationProblem(forJSON: RemoteGuideViolationTests.order(["name": #""Ana's Latte""#])) != nil)
        #expect(document.validationProblem(forJSON: #"{"code": "abCd"}"#) == nil)

        let imported = WireSchema(document)
        #expect(imported.json.contains(#""pattern":"[A-Z]""#))
        #expect(imported.validationProblem(forJSON: #"{"code": "abCd"}"#) == nil)
        #expect(imported.validationProblem(forJSON: #"{"code": "abcd"}"#) != nil)
    }

    @Test("a tool call written as content: bare JSON or in <tool_call>, only of an offered (or the named) tool")
    func contentToolCall() {
        let offered = ["lookUpCode"]
        let bare = ContentToolCall(text: #" {"name": "lookUpCode", "arguments": {"code": "CDG"}}"#, offered: offered, choice: .auto)
        #expect(bare?.name == "lookUpCode")
        #expect(bare?.arguments == #"{"code": "CDG"}"#)
        let marked = ContentToolCall(
            text: #"<tool_call>{"name": "lookUpCode", "parameters": "{\"code\": \"CDG\"}"}</tool_call>"#, offered: offered, choice: .required)
        #expect(marked?.arguments == #"{"code": "CDG"}"#)
        #expect(ContentToolCall(text: #"{"name": "other", "arguments": {}}"#, offered: offered, choice: .auto) == nil)
        #expect(ContentToolCall(text: #"{"name": "lookUpCode"}"#, offered: offered, choice: .named("x")) == nil)
        #expect(ContentToolCall(text: "CDG is Paris.", offered: offered, choice: .auto) == nil)
        #expect(ContentToolCall.mayStart("  <tool_"))
        #expect(ContentToolCall.mayStart("{"))
        #expect(!ContentToolCall.mayStart("Paris"))
    }
}
