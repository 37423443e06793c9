extension LanguageModelSession {
    /// Creates a session with instructions given as text.
    ///
    /// ```swift
    /// let session = LanguageModelSession(tools: [WeatherTool()], instructions: "Help with the weather.")
    /// ```
    @_disfavoredOverload
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], instructions: String? = nil) {
        self.init(model: model, tools: tools, instructions: instructions.map { Instructions($0) })
    }

    /// Creates a session with instructions written with a builder.
    ///
    /// ```swift
    /// let session = LanguageModelSession {
    ///     "You are a friendly barista."
    ///     "Answer in one sentence."
    /// }
    /// ```
    public convenience init(
        model: SystemLanguageModel = .default, tools: [any Tool] = [], @InstructionsBuilder instructions: () throws -> Instructions
    ) rethrows {
        self.init(model: model, tools: tools, instructions: try instructions())
    }

    /// Creates a session with instructions. The transcript starts with an instructions entry
    /// holding them and the tools' definitions (no entry when there are neither).
    ///
    /// ```swift
    /// let session = LanguageModelSession(instructions: Instructions("Be brief."))
    /// ```
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], instructions: Instructions? = nil) {
        self.init(connecting: ModelConnection(model), tools: tools, instructions: instructions)
    }

    /// Creates a session that continues a conversation: the transcript is kept as it is, and the
    /// session's tools are `tools`.
    ///
    /// ```swift
    /// let saved = try JSONDecoder().decode(Transcript.self, from: data)
    /// let session = LanguageModelSession(tools: [WeatherTool()], transcript: saved)
    /// ```
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], transcript: Transcript) {
        self.init(connecting: ModelConnection(model), tools: tools, transcript: transcript)
    }

    /// Creates a session on any language model with instructions written with a builder.
    ///
    /// ```swift
    /// let session = LanguageModelSession(model: myModel) { "You are a poet." }
    /// ```
    public convenience init<Failure: Swift.Error>(
        model: some LanguageModel, tools: [any Tool] = [], @InstructionsBuilder instructions: () throws(Failure) -> Instructions
    ) throws(Failure) {
        self.init(connecting: ModelConnection(model), tools: tools, instructions: try instructions())
    }

    /// Creates a session on any language model that continues a conversation.
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], transcript: Transcript) {
        self.init(connecting: ModelConnection(model), tools: tools, transcript: transcript)
    }

    /// Creates a session on any language model with instructions.
    ///
    /// ```swift
    /// let session = LanguageModelSession(model: myModel, instructions: Instructions("Be brief."))
    /// ```
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], instructions: Instructions? = nil) {
        self.init(connecting: ModelConnection(model), tools: tools, instructions: instructions)
    }

    /// Creates a session on any language model with instructions given as text.
    @_disfavoredOverload
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], instructions: String? = nil) {
        self.init(connecting: ModelConnection(model), tools: tools, instructions: instructions.map { Instructions($0) })
    }

    /// Creates a session whose transcript starts with the instructions entry.
    convenience init(connecting connection: ModelConnection, tools: [any Tool], instructions: Instructions?) {
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        var entries: [Transcript.Entry] = []
        if instructions != nil || !definitions.isEmpty {
            let segments = instructions?.segments.map(\.transcriptSegment) ?? []
            entries.append(.instructions(Transcript.Instructions(segments: segments, toolDefinitions: definitions)))
        }
        self.init(connection: connection, tools: tools, toolDefinitions: definitions, transcript: Transcript(entries: entries))
    }

    /// Creates a session that continues `transcript`.
    convenience init(connecting connection: ModelConnection, tools: [any Tool], transcript: Transcript) {
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        self.init(connection: connection, tools: tools, toolDefinitions: definitions, transcript: transcript)
    }
}
