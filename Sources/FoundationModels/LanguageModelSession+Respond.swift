extension LanguageModelSession {
    /// Answers a prompt with text.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: Prompt("Name three teas."))
    /// print(answer.content)
    /// ```
    /// - Throws: `LanguageModelSession.Error` (e.g. `concurrentRequests` while another request
    ///   runs), `LanguageModelError`, `SystemLanguageModel.Error`, `GeneratedContent.ParsingError`,
    ///   `ToolCallError` when a tool throws, `CancellationError` when the task is cancelled.
    @discardableResult
    public nonisolated(nonsending) final func respond(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<String> {
        try await respond(
            TurnRequest(prompt: prompt, schema: nil, responseFormat: nil, includeSchemaInPrompt: true, options: options), generating: String.self)
    }

    /// Answers a prompt given as text with text.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: "What do you recommend?")
    /// ```
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond(
        to prompt: String, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<String> {
        try await respond(to: Prompt(prompt), options: options)
    }

    /// Answers a prompt written with a builder with text.
    ///
    /// ```swift
    /// let answer = try await session.respond {
    ///     "Write a haiku about coffee."
    ///     if seasonal { "Mention autumn." }
    /// }
    /// ```
    @discardableResult
    public nonisolated(nonsending) final func respond(
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<String> {
        try await respond(to: try prompt(), options: options)
    }

    /// Answers a prompt with content that follows a schema.
    ///
    /// ```swift
    /// let response = try await session.respond(to: Prompt("A riddle"), schema: riddleSchema)
    /// try response.content.value(String.self, forProperty: "question")
    /// ```
    /// With `includeSchemaInPrompt: false` the schema is not shown to the model (decoding still
    /// follows it) — useful when the instructions already show an example.
    @discardableResult
    public nonisolated(nonsending) final func respond(
        to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        let turn = TurnRequest(
            prompt: prompt, schema: schema, responseFormat: Transcript.ResponseFormat(schema: schema),
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
        return try await respond(turn, generating: GeneratedContent.self)
    }

    /// Answers a prompt given as text with content that follows a schema.
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Answers a prompt written with a builder with content that follows a schema.
    @discardableResult
    public nonisolated(nonsending) final func respond(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Answers a prompt with a value of a generable type.
    ///
    /// ```swift
    /// let cat = try await session.respond(to: Prompt("A rescue cat"), generating: CatProfile.self).content
    /// ```
    @discardableResult
    public nonisolated(nonsending) final func respond<Content>(
        to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> where Content: Generable {
        let turn = TurnRequest(
            prompt: prompt, schema: Content.generationSchema, responseFormat: Transcript.ResponseFormat(type: Content.self),
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
        return try await respond(turn, generating: Content.self)
    }

    /// Answers a prompt given as text with a value of a generable type.
    ///
    /// ```swift
    /// let cups = try await session.respond(to: "How many tablespoons are in a cup?", generating: Float.self)
    /// ```
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond<Content>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> where Content: Generable {
        try await respond(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Answers a prompt written with a builder with a value of a generable type.
    @discardableResult
    public nonisolated(nonsending) final func respond<Content>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> where Content: Generable {
        try await respond(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Runs a turn in the calling task and makes its `Content`.
    nonisolated(nonsending) func respond<Content: Generable>(
        _ turn: TurnRequest, generating type: Content.Type
    ) async throws -> Response<Content> {
        try beginRequest()
        var content: Content?
        let result = try await runTurn(turn, validate: { content = try Self.decode(Content.self, from: $0) }, onSnapshot: nil)
        guard let content else {
            // runTurn validates before it returns, so this is unreachable.
            throw GeneratedContent.ParsingError(
                rawContent: result.rawContent.jsonString, debugDescription: "The response was never decoded as \(Content.self).")
        }
        return Response(content: content, rawContent: result.rawContent, transcriptEntries: result.entries, usage: result.usage)
    }
}
