import FoundationModels

/// Shrinks a conversation that no longer fits the context window, as the deep-dive session
/// suggests: keep the instructions, summarize the turns through the model, and keep the last
/// exchange word for word.
package struct TranscriptCondenser: Sendable {
    /// The model that writes the summary.
    package let model: any LanguageModel
    /// Sampling for the summary.
    package let options: GenerationOptions
    /// At most this many characters of the old conversation go into the summary prompt (the
    /// most recent ones), so the summary request itself always fits.
    package var maximumExcerpt = 3000

    /// A condenser that summarizes with `model`.
    package init(model: any LanguageModel, options: GenerationOptions = GenerationOptions()) {
        self.model = model
        self.options = options
    }

    /// A shorter transcript for the same conversation: the instructions with a summary of the
    /// old turns appended, then the last prompt and response.
    package func condense(_ transcript: Transcript, speaker: String) async throws -> Transcript {
        var instructions: Transcript.Instructions?
        var lines: [String] = []
        var lastPrompt: Transcript.Prompt?
        var lastResponse: Transcript.Response?
        for entry in transcript {
            switch entry {
            case .instructions(let value): instructions = instructions ?? value
            case .prompt(let prompt):
                lines.append("Player: \(TranscriptCondenser.text(of: prompt.segments))")
                lastPrompt = prompt
                lastResponse = nil
            case .response(let response):
                lines.append("\(speaker): \(TranscriptCondenser.text(of: response.segments))")
                lastResponse = response
            default: continue
            }
        }
        let excerpt = String(lines.joined(separator: "\n").suffix(maximumExcerpt))
        let summarizer = LanguageModelSession(
            model: model,
            instructions: "You summarize conversations from a game in two or three short sentences.")
        let summary = try await summarizer.respond(
            to: """
                Summarize this conversation between the Player and \(speaker). Keep names, what \
                was ordered or promised, and anything the Player told about themselves.

                \(excerpt)
                """,
            options: options
        ).content

        var entries: [Transcript.Entry] = []
        if let instructions {
            let note = Transcript.Segment.text(.init(content: "\n\nSo far in this conversation: \(summary)"))
            entries.append(.instructions(.init(segments: instructions.segments + [note], toolDefinitions: instructions.toolDefinitions)))
        }
        if let lastPrompt, let lastResponse {
            entries.append(.prompt(lastPrompt))
            entries.append(.response(lastResponse))
        }
        return Transcript(entries: entries)
    }

    /// The text of a list of segments (structured segments as their JSON).
    static func text(of segments: [Transcript.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text.content
            case .structure(let structure): structure.content.jsonString
            case .attachment, .custom: ""
            }
        }.joined()
    }
}
