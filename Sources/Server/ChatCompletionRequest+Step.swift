import Foundation
@_spi(Serving) import FoundationModels

extension ChatCompletionRequest {
    /// The executor request of this completion: the messages as a transcript (system messages
    /// as instructions carrying the tool definitions, the last prompt carrying the response
    /// format), the sampling options, and `tool_choice` / `parallel_tool_calls` as request
    /// options the local executor enforces in the decoder.
    func executorRequest(defaultMaximumTokens: Int?) -> LanguageModelExecutorGenerationRequest {
        let definitions = tools.map { Transcript.ToolDefinition(name: $0.name, description: $0.description, parameters: $0.parameters) }
        let schema: GenerationSchema?
        switch responseFormat {
        case .text: schema = nil
        case .jsonObject: schema = try? GenerationSchema(jsonSchema: #"{"type": "object"}"#)
        case .jsonSchema(_, let given): schema = given
        }
        let options = generationOptions(defaultMaximumTokens: defaultMaximumTokens)
        var entries: [Transcript.Entry] = []
        var toolNames: [String: String] = [:]
        var definitionsPlaced = false
        let lastPrompt = messages.lastIndex { if case .user = $0 { true } else { false } }
        for (index, message) in messages.enumerated() {
            switch message {
            case .system(let text):
                // The tool definitions go with the first instructions (as a session places them).
                entries.append(
                    .instructions(
                        Transcript.Instructions(
                            segments: [.text(.init(content: text))],
                            toolDefinitions: definitionsPlaced ? [] : definitions)))
                definitionsPlaced = true
            case .user(let text):
                let format = index == lastPrompt ? schema.map { Transcript.ResponseFormat(schema: $0) } : nil
                entries.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: text))], options: options, responseFormat: format)))
            case .assistant(let text, let calls, let reasoning):
                // Thinking sent back precedes the answer it led to, as in a session's transcript
                // (the template decides whether to show it).
                if let reasoning, !reasoning.isEmpty {
                    entries.append(.reasoning(Transcript.Reasoning(segments: [.text(.init(content: reasoning))])))
                }
                if let text, !text.isEmpty {
                    entries.append(.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: text))])))
                }
                if !calls.isEmpty {
                    for call in calls { toolNames[call.id] = call.name }
                    entries.append(
                        .toolCalls(
                            Transcript.ToolCalls(
                                calls.map {
                                    Transcript.ToolCall(id: $0.id, toolName: $0.name, arguments: $0.arguments)
                                })))
                }
            case .tool(let text, let id):
                entries.append(.toolOutput(Transcript.ToolOutput(id: id, toolName: toolNames[id] ?? "", segments: [.text(.init(content: text))])))
            }
        }
        if !definitionsPlaced, !definitions.isEmpty {
            entries.insert(.instructions(Transcript.Instructions(segments: [], toolDefinitions: definitions)), at: 0)
        }
        var request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: Transcript(entries: entries),
            enabledTools: toolChoice == .none ? [] : definitions, schema: schema,
            generationOptions: options, contextOptions: ContextOptions(includeSchemaInPrompt: true, reasoningLevel: reasoningLevel),
            metadata: [:])
        switch toolChoice {
        case .auto, .none: request.toolChoice = .auto
        case .required: request.toolChoice = .required
        case .named(let name): request.toolChoice = .named(name)
        }
        request.allowsParallelToolCalls = parallelToolCalls
        return request
    }

    /// Apple's options for the request's sampling fields: temperature 0 or `top_p` 0 (the
    /// smallest nucleus: the likeliest token alone, which Apple's `ChatCompletionsLanguageModel`
    /// sends for greedy sampling) is greedy; another `top_p` is nucleus sampling; a seed makes
    /// sampling repeatable; with neither, the model's default sampling at the temperature given.
    func generationOptions(defaultMaximumTokens: Int?) -> GenerationOptions {
        let maximum = maxTokens ?? defaultMaximumTokens
        if temperature == 0 || topP == 0 {
            return GenerationOptions(samplingMode: .greedy, temperature: 0, maximumResponseTokens: maximum)
        }
        if topP != nil || seed != nil {
            return GenerationOptions(
                samplingMode: .random(probabilityThreshold: topP ?? 1, seed: seed),
                temperature: temperature, maximumResponseTokens: maximum)
        }
        return GenerationOptions(temperature: temperature, maximumResponseTokens: maximum)
    }
}
