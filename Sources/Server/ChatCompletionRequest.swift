@_spi(Serving) import FoundationModels
import OpenAIWire
import StructuredDecoding

/// A `POST /v1/chat/completions` body, validated: every field is either honoured exactly or
/// refused with a 400 naming it. Nothing is silently ignored.
struct ChatCompletionRequest {
    /// What the response must be.
    enum ResponseFormat {
        /// Free text.
        case text
        /// Some JSON object.
        case jsonObject
        /// JSON following a schema (`json_schema`).
        case jsonSchema(name: String, schema: GenerationSchema)
    }

    /// Whether and which tools the model must call.
    enum ToolChoice: Equatable {
        case auto, none, required
        case named(String)
    }

    /// A function the model may call.
    struct Tool {
        var name: String
        var description: String
        var parameters: GenerationSchema
    }

    var model: String
    var messages: [RequestMessage]
    var stream = false
    var includeUsage = false
    var responseFormat = ResponseFormat.text
    var tools: [Tool] = []
    var toolChoice = ToolChoice.auto
    var parallelToolCalls = true
    var maxTokens: Int?
    var temperature: Double?
    var topP: Double?
    var seed: UInt64?
    var stop: [String] = []
    /// `reasoning_effort` (or `chat_template_kwargs.enable_thinking`) as Apple's reasoning level
    /// (`nil`: the model's default). The level reaches the executor as a session's
    /// `ContextOptions` would; a model that does not reason answers the same at every level, as
    /// it does in a local session.
    var reasoningLevel: ContextOptions.ReasoningLevel?

    /// Fields accepted without effect on generation: identifiers and bookkeeping.
    static let bookkeepingFields: Set<String> = ["user", "metadata", "store", "service_tier", "safety_identifier", "prompt_cache_key"]

    /// Parses and validates a body as it came over the wire: JSON (complete, depth-limited,
    /// key order kept), the protocol's types (`ChatCompletionCreateParams`), then every field.
    ///
    /// - Throws: `OpenAIError` 400 for text that is not one complete JSON value, or naming the
    ///   field at fault.
    init(bodyText: String) throws(OpenAIError) {
        let body: JSONValue
        do {
            body = try WireField.parse(bodyText)
        } catch {
            throw OpenAIError.invalidRequest("The body is not valid JSON: \(error.message)")
        }
        let params: ChatCompletionCreateParams
        do {
            params = try ChatCompletionCreateParams(wire: WireField(body))
        } catch {
            throw OpenAIError(error)
        }
        try self.init(params)
    }

    /// Validates a body read as the protocol's types.
    ///
    /// - Throws: `OpenAIError` 400 naming the field at fault.
    init(_ body: ChatCompletionCreateParams) throws(OpenAIError) {
        model = body.model
        guard !body.messages.isEmpty else { throw OpenAIError.invalidRequest("`messages` must not be empty", param: "messages") }
        var parsed: [RequestMessage] = []
        for (index, message) in body.messages.enumerated() { parsed.append(try RequestMessage(message, path: "messages[\(index)]")) }
        messages = parsed

        try Self.refuseUnsupported(body)
        stream = body.stream ?? false
        if let options = body.streamOptions {
            guard stream else {
                throw OpenAIError.invalidRequest("`stream_options` is only allowed with `stream: true`", param: "stream_options")
            }
            includeUsage = options.includeUsage ?? false
        }
        if let format = body.responseFormat { responseFormat = try Self.responseFormat(format) }
        if let tools = body.tools {
            for (index, tool) in tools.enumerated() { self.tools.append(try Self.tool(tool, path: "tools[\(index)]")) }
            let names = self.tools.map(\.name)
            if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw OpenAIError.invalidRequest("Two tools are named `\(duplicate)`", param: "tools")
            }
        }
        if let choice = body.toolChoice { toolChoice = try Self.toolChoice(choice, tools: self.tools) }
        if let parallel = body.parallelToolCalls { parallelToolCalls = parallel }
        if let value = body.maxCompletionTokens ?? body.maxTokens {
            let field = body.maxCompletionTokens != nil ? "max_completion_tokens" : "max_tokens"
            guard (1...1_000_000).contains(value) else {
                throw OpenAIError.invalidRequest("`\(field)` must be between 1 and 1000000, not \(value)", param: field)
            }
            maxTokens = value
        }
        if let value = body.temperature {
            guard (0...2).contains(value) else { throw OpenAIError.invalidRequest("`temperature` must be between 0 and 2", param: "temperature") }
            temperature = value
        }
        if let value = body.topP {
            // OpenAI's range is [0, 1]; Apple's own ChatCompletionsLanguageModel sends 0 for greedy.
            guard (0...1).contains(value) else { throw OpenAIError.invalidRequest("`top_p` must be between 0 and 1", param: "top_p") }
            topP = value
        }
        if let value = body.seed { seed = UInt64(bitPattern: Int64(value)) }
        reasoningLevel = try Self.reasoningLevel(effort: body.reasoningEffort, templateArguments: body.chatTemplateKwargs ?? [])
        if let value = body.stop {
            guard value.count <= 4, !value.contains("") else {
                throw OpenAIError.invalidRequest("`stop` takes up to 4 non-empty strings", param: "stop")
            }
            stop = value
        }
        if case .required = toolChoice, tools.isEmpty {
            throw OpenAIError.invalidRequest("`tool_choice` `required` needs `tools`", param: "tool_choice")
        }
        if toolChoice != .auto, toolChoice != .none, case .jsonSchema = responseFormat {
            throw OpenAIError.invalidRequest("A response cannot both be forced to a tool call and follow `response_format`", param: "tool_choice")
        }
        try RequestMessage.checkOrder(messages)
    }

    /// The fields the server does not honour: accepted when they ask for the default behaviour
    /// (`n: 1`, `logprobs: false`, zero penalties, an empty `logit_bias`) or are bookkeeping
    /// (`bookkeepingFields`), else a 400 naming them.
    static func refuseUnsupported(_ body: ChatCompletionCreateParams) throws(OpenAIError) {
        func onlyDefault(_ key: String) -> OpenAIError {
            OpenAIError.invalidRequest("`\(key)` is not supported by this server (only its default value is accepted)", param: key)
        }
        func unknown(_ key: String) -> OpenAIError {
            OpenAIError.invalidRequest("Unknown or unsupported field `\(key)`", param: key)
        }
        if let n = body.n, n != 1 {
            throw OpenAIError.invalidRequest("`n` must be 1: this server generates one choice per request", param: "n")
        }
        if body.logprobs == true { throw onlyDefault("logprobs") }
        if let penalty = body.frequencyPenalty, penalty != 0 { throw onlyDefault("frequency_penalty") }
        if let penalty = body.presencePenalty, penalty != 0 { throw onlyDefault("presence_penalty") }
        if let bias = body.logitBias, !bias.isEmpty { throw onlyDefault("logit_bias") }
        for field in body.otherFields where !field.value.isNull && !bookkeepingFields.contains(field.key) {
            throw unknown(field.key)
        }
    }

    /// Apple's reasoning level for a request's reasoning controls: `reasoning_effort`
    /// (`reasoningLevel(_:)`), or llama.cpp's and vLLM's `chat_template_kwargs.enable_thinking`
    /// — `false` is `none`, `true` the moderate level — when there is no effort; `nil` when the
    /// request sets neither. `enable_thinking` is the one template variable honoured.
    ///
    /// - Throws: `OpenAIError` 400 naming the field: an unknown effort, another template
    ///   variable, a switch that is not a boolean, or a switch that contradicts the effort
    ///   (`enable_thinking: false` with an effort other than `none`, or `true` with `none`).
    static func reasoningLevel(effort: String?, templateArguments: [JSONMember]) throws(OpenAIError) -> ContextOptions.ReasoningLevel? {
        var enableThinking: Bool?
        for member in templateArguments where !member.value.isNull {
            let param = "chat_template_kwargs.\(member.key)"
            guard member.key == "enable_thinking" else {
                throw OpenAIError.invalidRequest(
                    "`\(param)` is not supported by this server (only `enable_thinking` is)", param: param)
            }
            guard case .bool(let value) = member.value else {
                throw OpenAIError.invalidRequest("`\(param)` must be a boolean", param: param)
            }
            enableThinking = value
        }
        let level = try effort.map { (effort) throws(OpenAIError) in try Self.reasoningLevel(effort) }
        guard let enableThinking else { return level }
        guard let effort else { return enableThinking ? .moderate : .custom("none") }
        if (effort == "none") != enableThinking { return level }
        throw OpenAIError.invalidRequest(
            "`chat_template_kwargs.enable_thinking` \(enableThinking) contradicts `reasoning_effort` `\(effort)`",
            param: "chat_template_kwargs.enable_thinking")
    }

    /// Apple's reasoning level for OpenAI's `reasoning_effort` (the inverse of the remote model's
    /// mapping): `low`, `medium` and `high` are `light`, `moderate` and `deep`; `none`, `minimal`
    /// and `xhigh` keep their names as custom levels.
    ///
    /// - Throws: `OpenAIError` 400 naming `reasoning_effort` for any other value.
    static func reasoningLevel(_ effort: String) throws(OpenAIError) -> ContextOptions.ReasoningLevel {
        switch effort {
        case "low": return .light
        case "medium": return .moderate
        case "high": return .deep
        case "none", "minimal", "xhigh": return .custom(effort)
        default:
            throw OpenAIError.invalidRequest(
                "`reasoning_effort` must be one of none, minimal, low, medium, high, xhigh, not `\(effort)`", param: "reasoning_effort")
        }
    }

    /// `response_format`; a `json_schema` needs its `schema`.
    static func responseFormat(_ format: OpenAIWire.ResponseFormat) throws(OpenAIError) -> ResponseFormat {
        switch format {
        case .text: return .text
        case .jsonObject: return .jsonObject
        case .jsonSchema(let spec):
            let path = "response_format.json_schema.schema"
            guard let schema = spec.schema else { throw OpenAIError(.missing(path)) }
            return .jsonSchema(name: spec.name, schema: try Self.schema(schema, path: path))
        }
    }

    /// A JSON Schema in the request, imported exactly or refused with the keyword's path:
    /// `param` is the field's path, then the JSON pointer of the schema object and the keyword
    /// (`response_format.json_schema.schema/properties/n/contains`).
    static func schema(_ document: JSONValue, path: String) throws(OpenAIError) -> GenerationSchema {
        do {
            return try GenerationSchema(jsonSchema: document.compactText)
        } catch {
            var pointer = error.pointer
            if let keyword = error.keyword, !pointer.hasSuffix("/" + keyword) { pointer += "/" + keyword }
            throw OpenAIError.invalidRequest("The schema cannot be enforced: \(error.description)", param: path + pointer)
        }
    }

    /// One entry of `tools` (`path`): a function with a name of letters, digits, `_` or `-`.
    static func tool(_ tool: ChatCompletionTool, path: String) throws(OpenAIError) -> Tool {
        guard (tool.type ?? "function") == "function" else {
            throw OpenAIError.invalidRequest("`\(path).type` must be \"function\"", param: path + ".type")
        }
        let function = tool.function
        let name = function.name
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw OpenAIError.invalidRequest("`\(path).function.name` must be letters, digits, `_` or `-`", param: path + ".function.name")
        }
        let parameters =
            try function.parameters.map { (document) throws(OpenAIError) in try Self.schema(document, path: path + ".function.parameters") }
            ?? (try? GenerationSchema(jsonSchema: #"{"type": "object", "properties": {}, "additionalProperties": false}"#))!
        return Tool(name: name, description: function.description ?? "", parameters: parameters)
    }

    /// `tool_choice`; a named function must be one of `tools`.
    static func toolChoice(_ choice: ChatCompletionToolChoice, tools: [Tool]) throws(OpenAIError) -> ToolChoice {
        switch choice {
        case .auto: return .auto
        case .none: return .none
        case .required: return .required
        case .function(let name):
            guard tools.contains(where: { $0.name == name }) else {
                throw OpenAIError.invalidRequest("`tool_choice` names `\(name)`, which is not in `tools`", param: "tool_choice.function.name")
            }
            return .named(name)
        }
    }
}
