extension LanguageModelSession {
    /// Creates a session configured by a dynamic profile, worked out again before each
    /// request step, continuing `history`.
    ///
    /// ```swift
    /// let session = LanguageModelSession(profile: Profile { Instructions("Be brief.") }.temperature(0.3))
    /// ```
    public convenience init(profile: sending some DynamicProfile, history: some Collection<Transcript.Entry> = []) {
        self.init(profileBox: ProfileBox(profile, properties: SessionPropertyValues()), history: Array(history))
    }

    /// A session configured by `box`, its instructions resolved once for the transcript's
    /// first entry.
    private convenience init(profileBox box: ProfileBox, history: [Transcript.Entry]) {
        let resolved = box.resolve()
        let entries = Self.entries(history: history, instructions: resolved.instructions)
        self.init(
            connection: ModelConnection(SystemLanguageModel.default), tools: [], toolDefinitions: [], transcript: Transcript(entries: entries),
            profile: box)
    }

    /// Creates a session whose instructions and tools are worked out again before each request
    /// step, continuing `history`.
    ///
    /// ```swift
    /// let session = LanguageModelSession(dynamicInstructions: Assistant(expert: true))
    /// ```
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, dynamicInstructions: sending some DynamicInstructions,
        history: some Collection<Transcript.Entry> = []
    ) {
        let instructions = AnyDynamicInstructions(dynamicInstructions)
        let profile = LanguageModelSession.Profile { instructions }.model(model)
        self.init(profileBox: ProfileBox(profile, properties: SessionPropertyValues()), history: Array(history))
    }

    /// The values `@SessionProperty` reads and writes in this session.
    ///
    /// ```swift
    /// print(session.properties.history.count)
    /// ```
    public final var properties: SessionPropertyValues {
        propertyValues
    }

    /// `history` after an instructions entry made from `instructions` (none when they have
    /// neither text nor tools); an instructions entry leading `history` is replaced.
    static func entries(history: [Transcript.Entry], instructions: ResolvedInstructions) -> [Transcript.Entry] {
        var entries = history
        if case .instructions? = entries.first { entries.removeFirst() }
        guard !instructions.segments.isEmpty || !instructions.tools.isEmpty else { return entries }
        let entry = Transcript.Instructions(
            segments: instructions.segments.map(\.transcriptSegment),
            toolDefinitions: instructions.tools.map { Transcript.ToolDefinition(tool: $0) })
        return [.instructions(entry)] + entries
    }
}
