extension LanguageModelSession {
    /// Answers a prompt with text, with context options (schema display, reasoning level)
    /// and metadata passed to the model's executor.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: Prompt("Hi"), contextOptions: ContextOptions(reasoningLevel: .light))
    /// ```
    @discardableResult
    public nonisolated(nonsending) final func respond(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<String> {
        try await respond(Self.contextTurn(prompt, nil, options, contextOptions, metadata), generating: String.self)
    }

    /// Answers a prompt given as text with text, with context options and metadata.
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond(
        to prompt: String, options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<String> {
        try await respond(to: Prompt(prompt), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Answers a prompt written with a builder with text, with context options and metadata.
    @discardableResult
    public nonisolated(nonsending) final func respond(
        options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<String> {
        try await respond(to: try prompt(), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams an answer with text, with context options and metadata.
    public final func streamResponse(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<String> {
        stream(Self.contextTurn(prompt, nil, options, contextOptions, metadata), generating: String.self)
    }

    /// Streams an answer with text to a prompt given as text, with context options and
    /// metadata.
    @_disfavoredOverload
    public final func streamResponse(
        to prompt: String, options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<String> {
        streamResponse(to: Prompt(prompt), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams an answer with text to a prompt written with a builder, with context options
    /// and metadata.
    public final func streamResponse(
        options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<String> {
        streamResponse(to: try prompt(), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Answers a prompt with following a schema, with context options (schema display, reasoning level)
    /// and metadata passed to the model's executor.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: Prompt("Hi"), contextOptions: ContextOptions(reasoningLevel: .light))
    /// ```
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond(
        to prompt: Prompt, schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<GeneratedContent> {
        try await respond(
            Self.contextTurn(prompt, (schema, Transcript.ResponseFormat(schema: schema)), options, contextOptions, metadata),
            generating: GeneratedContent.self)
    }

    /// Answers a prompt given as text with following a schema, with context options and metadata.
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond(
        to prompt: String, schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: Prompt(prompt), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Answers a prompt written with a builder with following a schema, with context options and metadata.
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond(
        schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: try prompt(), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams an answer with following a schema, with context options and metadata.
    @_disfavoredOverload
    public final func streamResponse(
        to prompt: Prompt, schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<GeneratedContent> {
        stream(
            Self.contextTurn(prompt, (schema, Transcript.ResponseFormat(schema: schema)), options, contextOptions, metadata),
            generating: GeneratedContent.self)
    }

    /// Streams an answer with following a schema to a prompt given as text, with context options and
    /// metadata.
    @_disfavoredOverload
    public final func streamResponse(
        to prompt: String, schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: Prompt(prompt), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams an answer with following a schema to a prompt written with a builder, with context options
    /// and metadata.
    @_disfavoredOverload
    public final func streamResponse(
        schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: try prompt(), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Answers a prompt with a generable type, with context options (schema display, reasoning level)
    /// and metadata passed to the model's executor.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: Prompt("Hi"), contextOptions: ContextOptions(reasoningLevel: .light))
    /// ```
    @discardableResult
    public nonisolated(nonsending) final func respond<Content>(
        to prompt: Prompt, generating type: Content.Type = Content.self, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<Content> where Content: Generable {
        try await respond(
            Self.contextTurn(prompt, (Content.generationSchema, Transcript.ResponseFormat(type: Content.self)), options, contextOptions, metadata),
            generating: Content.self)
    }

    /// Answers a prompt given as text with a generable type, with context options and metadata.
    @discardableResult
    @_disfavoredOverload
    public nonisolated(nonsending) final func respond<Content>(
        to prompt: String, generating type: Content.Type = Content.self, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<Content> where Content: Generable {
        try await respond(to: Prompt(prompt), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Answers a prompt written with a builder with a generable type, with context options and metadata.
    @discardableResult
    public nonisolated(nonsending) final func respond<Content>(
        generating type: Content.Type = Content.self, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> where Content: Generable {
        try await respond(to: try prompt(), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams an answer with a generable type, with context options and metadata.
    public final func streamResponse<Content>(
        to prompt: Prompt, generating type: Content.Type = Content.self, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<Content> where Content: Generable {
        stream(
            Self.contextTurn(prompt, (Content.generationSchema, Transcript.ResponseFormat(type: Content.self)), options, contextOptions, metadata),
            generating: Content.self)
    }

    /// Streams an answer with a generable type to a prompt given as text, with context options and
    /// metadata.
    @_disfavoredOverload
    public final func streamResponse<Content>(
        to prompt: String, generating type: Content.Type = Content.self, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<Content> where Content: Generable {
        streamResponse(to: Prompt(prompt), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams an answer with a generable type to a prompt written with a builder, with context options
    /// and metadata.
    public final func streamResponse<Content>(
        generating type: Content.Type = Content.self, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<Content> where Content: Generable {
        streamResponse(to: try prompt(), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }
}

extension LanguageModelSession {
    /// The turn of a request with context options and metadata: text when `format` is `nil`,
    /// else following its schema, recorded as its response format; the schema is shown to the
    /// model unless `contextOptions` says otherwise.
    static func contextTurn(
        _ prompt: Prompt, _ format: (schema: GenerationSchema, responseFormat: Transcript.ResponseFormat)?, _ options: GenerationOptions,
        _ contextOptions: ContextOptions, _ metadata: [String: any Sendable & Codable & Equatable]
    ) -> TurnRequest {
        TurnRequest(
            prompt: prompt, schema: format?.schema, responseFormat: format?.responseFormat,
            includeSchemaInPrompt: contextOptions.includeSchemaInPrompt ?? true, options: options, contextOptions: contextOptions,
            metadata: metadata)
    }
}
