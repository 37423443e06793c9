import StructuredDecoding

/// The body of `POST /v1/chat/completions`: every field either side of this package reads or
/// writes, and the members it does not model kept in `otherFields`, so a server can decide
/// about them (refuse, or accept bookkeeping such as `user`) and nothing is lost.
///
/// ```swift
/// var body = ChatCompletionCreateParams(model: "qwen", messages: [.init(role: "user", content: .text("Hi"))])
/// body.stream = true
/// body.jsonText   // {"model":"qwen","messages":[{"role":"user","content":"Hi"}],"stream":true}
/// ```
///
/// Reading checks each field's JSON type only (an error names the field); what values a server
/// honours (ranges, roles, which combinations) is the server's rule.
package struct ChatCompletionCreateParams: WireCodable {
    /// The model's name.
    package var model: String
    /// The conversation.
    package var messages: [ChatCompletionMessageParam]
    /// Functions the model may call.
    package var tools: [ChatCompletionTool]?
    /// Whether and which tool the model must call.
    package var toolChoice: ChatCompletionToolChoice?
    /// Whether the model may call several tools in one turn.
    package var parallelToolCalls: Bool?
    /// Free text, any JSON object, or JSON following a schema.
    package var responseFormat: ResponseFormat?
    /// Sampling temperature (OpenAI: 0–2; 0 is greedy).
    package var temperature: Double?
    /// Nucleus sampling's probability mass (OpenAI: 0–1).
    package var topP: Double?
    /// A seed for repeatable sampling.
    package var seed: Int?
    /// The most tokens to generate (the older name).
    package var maxTokens: Int?
    /// The most tokens to generate (the newer name).
    package var maxCompletionTokens: Int?
    /// Up to 4 sequences that end the response (a single string on the wire is one of them).
    package var stop: [String]?
    /// How many choices to generate.
    package var n: Int?
    /// Whether to return log probabilities.
    package var logprobs: Bool?
    /// Penalty on tokens by how often they appeared.
    package var frequencyPenalty: Double?
    /// Penalty on tokens that appeared at all.
    package var presencePenalty: Double?
    /// Bias added to tokens' logits, by token id.
    package var logitBias: [(key: String, value: Double)]?
    /// How much a reasoning model thinks: `low`, `medium`, `high` (or a provider's own level).
    package var reasoningEffort: String?
    /// Extra variables for the server's chat template (llama.cpp's and vLLM's
    /// `chat_template_kwargs`, such as `{"enable_thinking": false}`), in order.
    package var chatTemplateKwargs: [JSONMember]?
    /// Whether to stream the answer as server-sent events of `ChatCompletionChunk`.
    package var stream: Bool?
    /// Options of the stream.
    package var streamOptions: StreamOptions?
    /// The body's members this type does not model (`user`, `metadata`, …), in order.
    package var otherFields: [JSONMember] = []

    /// The members this type reads, in the order it writes them.
    package static let modeledFields: [String] = [
        "model", "messages", "tools", "tool_choice", "parallel_tool_calls", "response_format", "temperature", "top_p", "seed",
        "max_tokens", "max_completion_tokens", "stop", "n", "logprobs", "frequency_penalty", "presence_penalty", "logit_bias",
        "reasoning_effort", "chat_template_kwargs", "stream", "stream_options",
    ]

    /// A request for `model` answering `messages`, every option unset.
    package init(model: String, messages: [ChatCompletionMessageParam]) {
        self.model = model
        self.messages = messages
    }

    /// Reads a body; `model` and `messages` are required.
    package init(wire body: WireField) throws(WireDecodingError) {
        _ = try body.object()
        model = try body.required("model").string()
        messages = try body.required("messages").decodeArray()
        tools = try body.member("tools")?.decodeArray()
        toolChoice = try body.member("tool_choice")?.decode()
        parallelToolCalls = try body.member("parallel_tool_calls")?.bool()
        responseFormat = try body.member("response_format")?.decode()
        temperature = try body.member("temperature")?.number()
        topP = try body.member("top_p")?.number()
        seed = try body.member("seed")?.integer()
        maxTokens = try body.member("max_tokens")?.integer()
        maxCompletionTokens = try body.member("max_completion_tokens")?.integer()
        if let field = body.member("stop") {
            if case .string(let single) = field.value {
                stop = [single]
            } else {
                stop = try field.array().map { (element) throws(WireDecodingError) in try element.string() }
            }
        }
        n = try body.member("n")?.integer()
        logprobs = try body.member("logprobs")?.bool()
        frequencyPenalty = try body.member("frequency_penalty")?.number()
        presencePenalty = try body.member("presence_penalty")?.number()
        if let field = body.member("logit_bias") {
            _ = try field.object()
            logitBias = try field.value.members.map { (member) throws(WireDecodingError) in
                (key: member.key, value: try WireField(member.value, path: "\(field.path).\(member.key)").number())
            }
        }
        reasoningEffort = try body.member("reasoning_effort")?.string()
        if let field = body.member("chat_template_kwargs") {
            _ = try field.object()
            chatTemplateKwargs = field.value.members
        }
        stream = try body.member("stream")?.bool()
        streamOptions = try body.member("stream_options")?.decode()
        let modeled = Set(Self.modeledFields)
        otherFields = body.value.members.filter { !modeled.contains($0.key) }
    }

    /// The fields that are set, in `modeledFields` order, then `otherFields`.
    package var wireValue: JSONValue {
        let modeled: JSONValue = .members([
            ("model", .string(model)),
            ("messages", .array(messages.map(\.wireValue))),
            ("tools", tools.map { .array($0.map(\.wireValue)) }),
            ("tool_choice", toolChoice?.wireValue),
            ("parallel_tool_calls", parallelToolCalls.map(JSONValue.bool)),
            ("response_format", responseFormat?.wireValue),
            ("temperature", temperature.map(JSONValue.double)),
            ("top_p", topP.map(JSONValue.double)),
            ("seed", seed.map { .integer($0) }),
            ("max_tokens", maxTokens.map { .integer($0) }),
            ("max_completion_tokens", maxCompletionTokens.map { .integer($0) }),
            ("stop", stop.map { .array($0.map(JSONValue.string)) }),
            ("n", n.map { .integer($0) }),
            ("logprobs", logprobs.map(JSONValue.bool)),
            ("frequency_penalty", frequencyPenalty.map(JSONValue.double)),
            ("presence_penalty", presencePenalty.map(JSONValue.double)),
            ("logit_bias", logitBias.map { .object($0.map { JSONMember($0.key, .double($0.value)) }) }),
            ("reasoning_effort", reasoningEffort.map(JSONValue.string)),
            ("chat_template_kwargs", chatTemplateKwargs.map { .object($0) }),
            ("stream", stream.map(JSONValue.bool)),
            ("stream_options", streamOptions?.wireValue),
        ])
        return .object(modeled.members + otherFields)
    }
}

/// `stream_options`.
package struct StreamOptions: WireCodable, Equatable {
    /// Whether a last chunk carries the usage (with no choices).
    package var includeUsage: Bool?

    /// Options.
    package init(includeUsage: Bool? = nil) {
        self.includeUsage = includeUsage
    }

    /// Reads the options object.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        includeUsage = try field.member("include_usage")?.bool()
    }

    /// `include_usage`, when set.
    package var wireValue: JSONValue {
        .members([("include_usage", includeUsage.map(JSONValue.bool))])
    }
}
