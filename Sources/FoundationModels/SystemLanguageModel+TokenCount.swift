extension SystemLanguageModel {
    /// How many tokens the model's context holds, instructions, prompts and responses together:
    /// the connected engine's configured context, or Apple's 4096 while none is connected.
    ///
    /// ```swift
    /// let room = model.contextSize - (try await model.tokenCount(for: session.transcript))
    /// ```
    public final var contextSize: Int {
        connector.backend?.contextSize ?? 4096
    }

    /// How many tokens a prompt takes.
    ///
    /// ```swift
    /// let tokens = try await SystemLanguageModel.default.tokenCount(for: "Name three teas.")
    /// ```
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` while no engine is connected.
    public nonisolated(nonsending) final func tokenCount(for prompt: some PromptRepresentable) async throws -> Int {
        let prompt = prompt.promptRepresentation
        return try await readyBackend().tokenCount(for: .prompt(prompt))
    }

    /// How many tokens instructions take.
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` while no engine is connected.
    public nonisolated(nonsending) final func tokenCount(for instructions: Instructions) async throws -> Int {
        try await readyBackend().tokenCount(for: .instructions(instructions))
    }

    /// How many tokens the definitions of tools take (their names, descriptions and parameter
    /// schemas).
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` while no engine is connected.
    public nonisolated(nonsending) final func tokenCount(for tools: [any Tool]) async throws -> Int {
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        return try await readyBackend().tokenCount(for: .tools(definitions))
    }

    /// How many tokens a schema takes when shown in a prompt.
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` while no engine is connected.
    public nonisolated(nonsending) final func tokenCount(for schema: GenerationSchema) async throws -> Int {
        try await readyBackend().tokenCount(for: .schema(schema))
    }

    /// How many tokens transcript entries take in this model's context (for a content-tagging
    /// model, with the tagging request the local model reads ahead of them).
    ///
    /// ```swift
    /// let used = try await model.tokenCount(for: session.transcript)
    /// ```
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` while no engine is connected.
    public nonisolated(nonsending) final func tokenCount(for transcriptEntries: some Collection<Transcript.Entry>) async throws -> Int {
        let entries = Array(transcriptEntries)
        return try await readyBackend().tokenCount(for: .entries(entries, useCase: useCase))
    }
}
