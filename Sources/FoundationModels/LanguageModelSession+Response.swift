extension LanguageModelSession {
    /// The result of a request: the generated value, the content it was made from, and the
    /// transcript entries the request added.
    ///
    /// ```swift
    /// let response = try await session.respond(to: "A cat", generating: CatProfile.self)
    /// response.content.name          // the typed value
    /// response.rawContent.jsonString // {"name": "Mochi", "age": 3}
    /// response.transcriptEntries     // prompt, tool calls and outputs, response
    /// ```
    public struct Response<Content> where Content: Generable {
        /// The generated value.
        public let content: Content
        /// The generated content the value was made from.
        public let rawContent: GeneratedContent
        /// The transcript entries of the whole turn, from the prompt to the response.
        public let transcriptEntries: ArraySlice<Transcript.Entry>
        /// The tokens the request read and generated, over all its steps (tool calls included).
        public let usage: LanguageModelSession.Usage

        /// Creates a response.
        init(
            content: Content, rawContent: GeneratedContent, transcriptEntries: ArraySlice<Transcript.Entry>,
            usage: LanguageModelSession.Usage = .zero
        ) {
            self.content = content
            self.rawContent = rawContent
            self.transcriptEntries = transcriptEntries
            self.usage = usage
        }
    }
}

/// A response can cross tasks when its content can (as in Apple's 27.0 SDK).
extension LanguageModelSession.Response: Sendable where Content: Sendable {}
