import Foundation
@_spi(Serving) import FoundationModels
import OpenAIWire
import StructuredDecoding

/// The `POST /chat/completions` body for one step of a response: the transcript as `messages`,
/// the enabled tools, the schema as a strict `json_schema` response format, the options, and
/// always `stream: true` with usage.
///
/// ```swift
/// let body = try ChatRequestBody(request, modelName: "qwen2.5-coder-0.5b")
/// body.json    // {"model":"qwen2.5-coder-0.5b","messages":[…],"stream":true,…}
/// ```
///
/// Options: greedy sampling is `temperature: 0`; nucleus sampling is `top_p`; a sampling seed
/// is `seed`; `maximumResponseTokens` is `max_tokens`. Top-k has no field in the protocol, so
/// only its seed is sent. A reasoning level is `reasoning_effort` (`light` → `low`, `moderate` →
/// `medium`, `deep` → `high`). `tool_choice` and `parallel_tool_calls` are sent when a request set
/// them (the `Server` module's SPI), so a `fm serve` in front of a remote model passes them on.
struct ChatRequestBody {
    /// The body's JSON text.
    let json: String
    /// The tools offered, with their parameter schemas (to check the calls against).
    let tools: [EncodedRequestDetails.Tool]
    /// The response's schema as sent (to check the response against), `nil` for free text.
    let schema: WireSchema?
    /// Whether `response_format` asks for a tool call as JSON content (`callFormat`).
    let asksForCallAsContent: Bool

    /// The body for `request` on the model `modelName`.
    ///
    /// With `schemaInMessages`, prompts that asked for a structured response carry their
    /// schema's text before their words (the last prompt only when the request includes the
    /// schema in the prompt; see `ChatMessages`).
    ///
    /// With `callAsContent`, for a step that must call a tool (`tool_choice` required or
    /// named): `response_format` is the JSON of such a call instead of the response's schema
    /// (see `callFormat`), for servers that do not honour `tool_choice` but do enforce a
    /// `json_schema` format.
    ///
    /// - Throws: `GeneratedContent.ParsingError` if the request's tools or options cannot be
    ///   read.
    init(
        _ request: LanguageModelExecutorGenerationRequest, modelName: String, schemaInMessages: Bool = false,
        callAsContent: Bool = false
    ) throws {
        let details = try EncodedRequestDetails(request)
        tools = details.tools
        let callFormat = callAsContent ? Self.callFormat(details.tools, choice: request.stepToolChoice) : nil
        asksForCallAsContent = callFormat != nil
        schema = callFormat == nil ? request.schema.map(WireSchema.init) : nil
        let options = request.generationOptions
        var temperature = options.temperature
        var topP: Double?
        var seed: UInt64?
        switch details.sampling {
        case .greedy: temperature = 0
        case .topK(_, let given): seed = given
        case .nucleus(let threshold, let given): (topP, seed) = (threshold, given)
        case nil: break
        }
        let offersTools = !details.tools.isEmpty
        let messages = try ChatMessages.messages(
            for: request.transcript, schemaText: schemaInMessages,
            inLastPrompt: request.contextOptions.includeSchemaInPrompt ?? true)
        var body = ChatCompletionCreateParams(model: modelName, messages: messages)
        if offersTools {
            body.tools = details.tools.map(Self.tool)
            body.toolChoice = Self.toolChoice(request.stepToolChoice)
            if !request.allowsParallelToolCalls { body.parallelToolCalls = false }
        }
        body.responseFormat = callFormat ?? schema.map(Self.responseFormat)
        body.temperature = temperature
        body.topP = topP
        body.seed = seed.map { Int(Int64(bitPattern: $0)) }
        body.maxTokens = options.maximumResponseTokens
        body.reasoningEffort = request.contextOptions.reasoningLevel.map(Self.reasoningEffort)
        body.stream = true
        body.streamOptions = StreamOptions(includeUsage: true)
        json = body.jsonText
    }

    /// `reasoning_effort` for a reasoning level: OpenAI's `low`/`medium`/`high` (vLLM and
    /// llama-server read the same), or the provider's own name for a custom level.
    static func reasoningEffort(_ level: ContextOptions.ReasoningLevel) -> String {
        switch level {
        case .light: "low"
        case .moderate: "medium"
        case .deep: "high"
        case .custom(let name): name
        }
    }

    /// A tool as an entry of `tools`.
    static func tool(_ tool: EncodedRequestDetails.Tool) -> ChatCompletionTool {
        ChatCompletionTool(function: FunctionDefinition(name: tool.name, description: tool.description, parameters: tool.parameters.document))
    }

    /// `tool_choice`, or `nil` for the default (`auto`).
    static func toolChoice(_ choice: LanguageModelExecutorGenerationRequest.ToolChoice) -> ChatCompletionToolChoice? {
        switch choice {
        case .auto: nil
        case .required: .required
        case .named(let name): .function(name: name)
        }
    }

    /// `response_format` for a schema: `json_schema`, strict, named after the schema's title.
    static func responseFormat(_ schema: WireSchema) -> ResponseFormat {
        .jsonSchema(JSONSchemaFormat(name: formatName(schema.title), schema: schema.document, strict: true))
    }

    /// `response_format` for a step that must call a tool, written as JSON content:
    /// `{"name": <an offered tool, or the named one>, "arguments": <its parameters>}`, one
    /// `anyOf` choice per tool; `nil` when the step need not call one. The content is then read
    /// as a call (`ContentToolCall`) and its arguments checked against the tool's parameters.
    static func callFormat(
        _ tools: [EncodedRequestDetails.Tool], choice: LanguageModelExecutorGenerationRequest.ToolChoice
    ) -> ResponseFormat? {
        let callable: [EncodedRequestDetails.Tool]
        switch choice {
        case .auto: return nil
        case .required: callable = tools
        case .named(let name): callable = tools.filter { $0.name == name }
        }
        guard !callable.isEmpty else { return nil }
        let calls = callable.map { tool -> JSONValue in
            .object([
                JSONMember("type", .string("object")),
                JSONMember(
                    "properties",
                    .object([
                        JSONMember("name", .object([JSONMember("type", .string("string")), JSONMember("enum", .array([.string(tool.name)]))])),
                        JSONMember("arguments", tool.parameters.document),
                    ])
                ),
                JSONMember("required", .array([.string("name"), .string("arguments")])),
                JSONMember("additionalProperties", .bool(false)),
            ])
        }
        let schema: JSONValue = calls.count == 1 ? calls[0] : .object([JSONMember("anyOf", .array(calls))])
        return .jsonSchema(JSONSchemaFormat(name: "tool_call", schema: schema, strict: true))
    }

    /// A schema title as OpenAI accepts a format's name (`[A-Za-z0-9_-]{1,64}`); `response`
    /// when there is no title.
    static func formatName(_ title: String?) -> String {
        guard let title, !title.isEmpty else { return "response" }
        let allowed = title.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" }
        return String(allowed.prefix(64))
    }
}
