@_spi(Serving) import FoundationModels

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
    var messages: [ChatCompletionMessage]
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

    /// Fields accepted without effect on generation: identifiers and bookkeeping.
    static let bookkeepingFields: Set<String> = ["user", "metadata", "store", "service_tier", "safety_identifier", "prompt_cache_key"]

    /// Parses and validates a body as it came over the wire: JSON (complete, depth-limited,
    /// key order kept), then every field.
    ///
    /// - Throws: `OpenAIError` 400 for text that is not one complete JSON value, or naming the
    ///   field at fault.
    init(bodyText: String) throws(OpenAIError) {
        let body: GeneratedContent
        do {
            body = try GeneratedContent(json: bodyText)
        } catch let error as LanguageModelSession.GenerationError {
            throw OpenAIError.invalidRequest("The body is not valid JSON: \(error.debugDescriptionText)")
        } catch {
            throw OpenAIError.invalidRequest("The body is not valid JSON: \(error)")
        }
        guard body.isComplete else { throw OpenAIError.invalidRequest("The body is not complete JSON") }
        try self.init(body: RequestField(content: body, path: ""))
    }

    /// Reads and validates a body.
    ///
    /// - Throws: `OpenAIError` 400 naming the field at fault.
    init(body: RequestField) throws(OpenAIError) {
        _ = try body.object()
        guard let model = body.member("model") else { throw RequestField.missing("model") }
        self.model = try model.string()
        guard let messages = body.member("messages") else { throw RequestField.missing("messages") }
        let list = try messages.array()
        guard !list.isEmpty else { throw OpenAIError.invalidRequest("`messages` must not be empty", param: "messages") }
        var parsed: [ChatCompletionMessage] = []
        for field in list { parsed.append(try ChatCompletionMessage(field)) }
        self.messages = parsed

        for key in body.keys where !Self.handledFields.contains(key) && !Self.bookkeepingFields.contains(key) {
            guard let field = body.member(key) else { continue } // null: the field's default
            try Self.refuseOrAccept(field, key: key)
        }
        if let stream = body.member("stream") { self.stream = try stream.bool() }
        if let options = body.member("stream_options") {
            guard stream else {
                throw OpenAIError.invalidRequest("`stream_options` is only allowed with `stream: true`", param: "stream_options")
            }
            _ = try options.object()
            if let usage = options.member("include_usage") { includeUsage = try usage.bool() }
        }
        if let format = body.member("response_format") { responseFormat = try Self.responseFormat(format) }
        if let tools = body.member("tools") {
            for field in try tools.array() { self.tools.append(try Self.tool(field)) }
            let names = self.tools.map(\.name)
            if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw OpenAIError.invalidRequest("Two tools are named `\(duplicate)`", param: "tools")
            }
        }
        if let choice = body.member("tool_choice") { toolChoice = try Self.toolChoice(choice, tools: self.tools) }
        if let parallel = body.member("parallel_tool_calls") { parallelToolCalls = try parallel.bool() }
        if let field = body.member("max_completion_tokens") ?? body.member("max_tokens") {
            maxTokens = try field.integer(in: 1...1_000_000)
        }
        if let field = body.member("temperature") {
            let value = try field.number()
            guard (0...2).contains(value) else { throw OpenAIError.invalidRequest("`temperature` must be between 0 and 2", param: "temperature") }
            temperature = value
        }
        if let field = body.member("top_p") {
            let value = try field.number()
            // OpenAI's range is [0, 1]; Apple's own ChatCompletionsLanguageModel sends 0 for greedy.
            guard (0...1).contains(value) else { throw OpenAIError.invalidRequest("`top_p` must be between 0 and 1", param: "top_p") }
            topP = value
        }
        if let field = body.member("seed") { seed = UInt64(bitPattern: Int64(try field.integer())) }
        if let field = body.member("stop") {
            if case .string(let single) = field.content.kind {
                stop = [single]
            } else {
                stop = try field.array().map { (element) throws(OpenAIError) in try element.string() }
            }
            guard stop.count <= 4, !stop.contains("") else {
                throw OpenAIError.invalidRequest("`stop` takes up to 4 non-empty strings", param: "stop")
            }
        }
        if case .required = toolChoice, tools.isEmpty {
            throw OpenAIError.invalidRequest("`tool_choice` `required` needs `tools`", param: "tool_choice")
        }
        if toolChoice != .auto, toolChoice != .none, case .jsonSchema = responseFormat {
            throw OpenAIError.invalidRequest("A response cannot both be forced to a tool call and follow `response_format`", param: "tool_choice")
        }
        try ChatCompletionMessage.checkOrder(self.messages)
    }

    /// The fields `init(body:)` reads.
    static let handledFields: Set<String> = [
        "model", "messages", "stream", "stream_options", "response_format", "tools", "tool_choice", "parallel_tool_calls",
        "max_tokens", "max_completion_tokens", "temperature", "top_p", "seed", "stop",
    ]

    /// A field the server does not read: accepted when it asks for the default behaviour
    /// (`n: 1`, `logprobs: false`, zero penalties, an empty `logit_bias`), else a 400 naming it.
    static func refuseOrAccept(_ field: RequestField, key: String) throws(OpenAIError) {
        switch key {
        case "n":
            if (try? field.integer()) == 1 { return }
            throw OpenAIError.invalidRequest("`n` must be 1: this server generates one choice per request", param: "n")
        case "logprobs":
            if (try? field.bool()) == false { return }
        case "frequency_penalty", "presence_penalty":
            if (try? field.number()) == 0 { return }
        case "logit_bias":
            if field.keys.isEmpty, (try? field.object()) != nil { return }
        default:
            throw OpenAIError.invalidRequest("Unknown or unsupported field `\(key)`", param: key)
        }
        throw OpenAIError.invalidRequest("`\(key)` is not supported by this server (only its default value is accepted)", param: key)
    }

    /// `response_format`.
    static func responseFormat(_ field: RequestField) throws(OpenAIError) -> ResponseFormat {
        _ = try field.object()
        guard let type = field.member("type") else { throw RequestField.missing("response_format.type") }
        switch try type.string() {
        case "text": return .text
        case "json_object": return .jsonObject
        case "json_schema":
            guard let spec = field.member("json_schema") else { throw RequestField.missing("response_format.json_schema") }
            _ = try spec.object()
            guard let name = spec.member("name") else { throw RequestField.missing("response_format.json_schema.name") }
            if let strict = spec.member("strict") { _ = try strict.bool() } // enforced either way
            guard let schema = spec.member("schema") else { throw RequestField.missing("response_format.json_schema.schema") }
            return .jsonSchema(name: try name.string(), schema: try Self.schema(schema))
        case let other:
            throw OpenAIError.invalidRequest(
                "`response_format.type` \"\(other)\" is not text, json_object or json_schema",
                param: "response_format.type")
        }
    }

    /// A JSON Schema in the request, imported exactly or refused with the keyword's path:
    /// `param` is the field's path, then the JSON pointer of the schema object and the keyword
    /// (`response_format.json_schema.schema/properties/n/contains`).
    static func schema(_ field: RequestField) throws(OpenAIError) -> GenerationSchema {
        _ = try field.object()
        do {
            return try GenerationSchema(jsonSchema: field.content.jsonString)
        } catch {
            var pointer = error.pointer
            if let keyword = error.keyword, !pointer.hasSuffix("/" + keyword) { pointer += "/" + keyword }
            throw OpenAIError.invalidRequest("The schema cannot be enforced: \(error.description)", param: field.path + pointer)
        }
    }

    /// One entry of `tools`.
    static func tool(_ field: RequestField) throws(OpenAIError) -> Tool {
        _ = try field.object()
        let type = try field.member("type")?.string() ?? "function"
        guard type == "function" else {
            throw OpenAIError.invalidRequest("`\(field.path).type` must be \"function\"", param: field.path + ".type")
        }
        guard let function = field.member("function") else { throw RequestField.missing(field.path + ".function") }
        _ = try function.object()
        guard let name = function.member("name") else { throw RequestField.missing(function.path + ".name") }
        let text = try name.string()
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw OpenAIError.invalidRequest("`\(name.path)` must be letters, digits, `_` or `-`", param: name.path)
        }
        let description = try function.member("description")?.string() ?? ""
        if let strict = function.member("strict") { _ = try strict.bool() }
        let parameters =
            try function.member("parameters").map { (field) throws(OpenAIError) in try Self.schema(field) }
            ?? (try? GenerationSchema(jsonSchema: #"{"type": "object", "properties": {}, "additionalProperties": false}"#))!
        return Tool(name: text, description: description, parameters: parameters)
    }

    /// `tool_choice`.
    static func toolChoice(_ field: RequestField, tools: [Tool]) throws(OpenAIError) -> ToolChoice {
        if case .string(let mode) = field.content.kind {
            switch mode {
            case "auto": return .auto
            case "none": return .none
            case "required": return .required
            default: throw OpenAIError.invalidRequest("`tool_choice` \"\(mode)\" is not auto, none or required", param: "tool_choice")
            }
        }
        _ = try field.object()
        guard let function = field.member("function"), let name = function.member("name") else {
            throw RequestField.missing("tool_choice.function.name")
        }
        let text = try name.string()
        guard tools.contains(where: { $0.name == text }) else {
            throw OpenAIError.invalidRequest("`tool_choice` names `\(text)`, which is not in `tools`", param: "tool_choice.function.name")
        }
        return .named(text)
    }
}
