extension LanguageModelSession {
    /// Asks the model to get ready for this session's next request — load its weights, process
    /// the instructions (and `promptPrefix`, if you know how the next prompt starts) — so the
    /// response starts sooner. Returns at once; the work happens in the background, and
    /// problems (a missing model) surface with the next request instead.
    ///
    /// ```swift
    /// session.prewarm(promptPrefix: Prompt("Write a haiku about"))
    /// ```
    public final func prewarm(promptPrefix: Prompt? = nil) {
        var entries = Array(transcript)
        if let promptPrefix {
            entries.append(.prompt(Transcript.Prompt(segments: promptPrefix.segments.map(\.transcriptSegment))))
        }
        let connection = connection
        let transcript = Transcript(entries: entries)
        Task {
            try? connection.prewarm(transcript)
        }
    }
}
