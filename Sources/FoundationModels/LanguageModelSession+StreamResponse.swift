extension LanguageModelSession {
    /// Streams the text answer to a prompt.
    ///
    /// ```swift
    /// for try await snapshot in session.streamResponse(to: Prompt("Tell a story.")) {
    ///     print(snapshot.content)   // the whole text so far
    /// }
    /// ```
    /// The request starts at once (`isResponding` is true on return). Its errors — including
    /// `LanguageModelSession.Error.concurrentRequests` — are thrown when the stream is read.
    public final func streamResponse(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) -> sending ResponseStream<String> {
        stream(TurnRequest(prompt: prompt, schema: nil, responseFormat: nil, includeSchemaInPrompt: true, options: options), generating: String.self)
    }

    /// Streams the text answer to a prompt given as text.
    @_disfavoredOverload
    public final func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions()) -> sending ResponseStream<String> {
        streamResponse(to: Prompt(prompt), options: options)
    }

    /// Streams the text answer to a prompt written with a builder.
    public final func streamResponse(
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<String> {
        streamResponse(to: try prompt(), options: options)
    }

    /// Streams an answer that follows a schema.
    ///
    /// ```swift
    /// for try await snapshot in session.streamResponse(to: Prompt("A riddle"), schema: riddleSchema) {
    ///     print(snapshot.rawContent.jsonString)   // {"question": "What has keys
    /// }
    /// ```
    public final func streamResponse(
        to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<GeneratedContent> {
        let turn = TurnRequest(
            prompt: prompt, schema: schema, responseFormat: Transcript.ResponseFormat(schema: schema),
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
        return stream(turn, generating: GeneratedContent.self)
    }

    /// Streams an answer that follows a schema to a prompt given as text.
    @_disfavoredOverload
    public final func streamResponse(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams an answer that follows a schema to a prompt written with a builder.
    public final func streamResponse(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a generable type as it is generated.
    ///
    /// ```swift
    /// let stream = session.streamResponse(to: Prompt("A rescue cat"), generating: CatProfile.self)
    /// for try await snapshot in stream {
    ///     nameLabel = snapshot.content.name ?? ""   // CatProfile.PartiallyGenerated
    /// }
    /// ```
    public final func streamResponse<Content>(
        to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<Content> where Content: Generable {
        let turn = TurnRequest(
            prompt: prompt, schema: Content.generationSchema, responseFormat: Transcript.ResponseFormat(type: Content.self),
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
        return stream(turn, generating: Content.self)
    }

    /// Streams a value of a generable type, for a prompt given as text.
    @_disfavoredOverload
    public final func streamResponse<Content>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<Content> where Content: Generable {
        streamResponse(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a generable type, for a prompt written with a builder.
    public final func streamResponse<Content>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<Content> where Content: Generable {
        streamResponse(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
