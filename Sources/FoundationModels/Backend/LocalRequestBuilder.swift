import Foundation
internal import LocalInference
internal import StructuredDecoding

/// Turns a session's request into a request of the local engine: the transcript rendered with
/// the model's chat template and tokenized, the response schema and the tools' parameters
/// lowered to grammars (compiled once per schema and cached by the decoder), the sampling
/// options mapped to the sampler's, and the reasoning level to the template's thinking switch
/// and the thinking budget (`LocalThinking`).
struct LocalRequestBuilder {
    /// The model the request runs on.
    let model: LocalModel
    /// How a request that leaves the sampling mode out is sampled.
    var unsetSampling = UnsetSampling.standard
    /// The system model's use case (`.contentTagging` asks for tags: `ContentTagging`).
    var useCase = SystemLanguageModel.UseCase.general

    /// The engine request for `request`.
    ///
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` when the template cannot render the
    ///   conversation (naming the line), `unsupportedGuide` for a schema the decoder cannot
    ///   enforce.
    func request(for request: LanguageModelExecutorGenerationRequest) throws -> GenerationRequest {
        let attached = request.transcript.attachmentEntries
        guard attached.isEmpty else {
            throw LanguageModelError.unsupportedCapability(
                .init(
                    capability: .vision,
                    debugDescription:
                        "The local model has no vision: \(attached.count) transcript entr\(attached.count == 1 ? "y holds" : "ies hold") an image attachment it cannot read"
                ))
        }
        let includeSchema = request.contextOptions.includeSchemaInPrompt ?? true
        let firstStep: Bool
        if case .prompt? = request.transcript.last { firstStep = true } else { firstStep = false }
        // `toolCallingMode`: `.disallowed` offers no tools at all (none in the prompt, no call
        // grammar); `.required` makes every step start with a call to an enabled tool (Apple:
        // the session keeps calling tools until one throws or a dynamic profile changes the mode).
        let offered = request.offeredToolDefinitions
        let requiresCall = request.stepToolChoice != .auto
        let options = request.generationOptions
        let thinking = LocalThinking(level: request.contextOptions.reasoningLevel, maximumResponseTokens: options.maximumResponseTokens)
        let prompt = ChatPrompt(
            messages: ContentTagging.messages(request.transcript.chatMessages(includeSchemaInLastPrompt: includeSchema), useCase: useCase),
            tools: offered.map(\.chatTool), enableThinking: thinking.enabled)
        // A prompt that does not fit is refused by the token loop before any work
        // (`TokenLoopError.promptTooLong`, mapped to `LanguageModelError.contextSizeExceeded`).
        let (text, tokens) = try LocalModelBackend.mapped { try model.renderer.rendered(prompt) }
        let reasoning = ReasoningPlan.plan(
            format: model.reasoningFormat, renderedPrompt: text, thinking: thinking.enabled, budget: thinking.budget)
        var plan = GrammarLogitProcessor.Plan.text
        if let schema = request.schema {
            plan = .json(try Self.compile(schema.decodingGraph(), schemaName: schema.name, what: "the response schema"))
        }
        var toolGrammar: Grammar?
        var callable = offered
        if case .named(let name) = request.stepToolChoice {
            callable = callable.filter { $0.name == name }
            guard !callable.isEmpty else {
                throw LanguageModelError.unsupportedGenerationGuide(
                    .init(
                        schemaName: nil,
                        debugDescription: "The tool choice names \"\(name)\", which is not among the enabled tools"))
            }
        }
        if requiresCall, model.toolCallFormat == nil {
            throw LanguageModelError.unsupportedCapability(
                .init(
                    capability: .toolCalling,
                    debugDescription: "This model's chat template has no tool-call format, so a tool call cannot be required"))
        }
        if !callable.isEmpty, model.toolCallFormat != nil {
            let tools = try callable.map { (name: $0.name, parameters: try $0.parameters.decodingGraph()) }
            // Calls may be laid out as the model likes (small models pretty-print them); the
            // session reads the arguments as JSON whatever their whitespace.
            toolGrammar = try Self.compile(
                .toolCall(tools: tools), options: .flexible(maxRun: 16), schemaName: nil, what: "the tools' parameters")
        }
        return GenerationRequest(
            prompt: tokens, plan: plan, toolCallGrammar: toolGrammar, allowsBareToolCalls: firstStep,
            requiresToolCall: toolGrammar != nil && requiresCall,
            maximumToolCalls: request.allowsParallelToolCalls ? GrammarLogitProcessor.maximumCalls : 1,
            selection: Self.selection(options, unset: unsetSampling), maximumTokens: options.maximumResponseTokens,
            reasoning: reasoning)
    }

    /// Compiles a grammar, or names the schema the decoder cannot enforce
    /// (`LanguageModelError.unsupportedGenerationGuide`).
    static func compile(
        _ graph: SchemaGraph, options: GrammarOptions = .appleCompact, schemaName: String?, what: String
    ) throws -> Grammar {
        do {
            return try Grammar.compile(graph, options: options)
        } catch {
            throw LanguageModelError.unsupportedGenerationGuide(
                .init(schemaName: schemaName, debugDescription: "The decoder cannot enforce \(what): \(error)"))
        }
    }

    /// The default temperature of random sampling when the options leave it out.
    static let defaultTemperature: Float = 0.7

    /// The glue's token selection for Apple's options: greedy; `.random(top:seed:)` as top-k;
    /// `.random(probabilityThreshold:seed:)` as nucleus sampling; no mode: as `unset` says —
    /// random sampling at the temperature given (0.7 when none) with a 0.9 nucleus, seeded or
    /// not, or greedy. A temperature of 0 is greedy.
    static func selection(_ options: GenerationOptions, unset: UnsetSampling = .standard) -> TokenSelection {
        let temperature = options.temperature.map { Float(max(0, $0)) } ?? defaultTemperature
        guard let mode = options.samplingMode?.mode else {
            switch unset {
            case .greedy: return .greedy
            case .random(let seed): return temperature == 0 ? .greedy : .nucleus(0.9, temperature: temperature, seed: seed)
            }
        }
        switch mode {
        case .greedy: return .greedy
        case .topK(let k, let seed): return temperature == 0 ? .greedy : .topK(k, temperature: temperature, seed: seed)
        case .nucleus(let p, let seed): return temperature == 0 ? .greedy : .nucleus(Float(p), temperature: temperature, seed: seed)
        }
    }
}
