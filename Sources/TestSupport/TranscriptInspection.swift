import FoundationModels

// Reading recorded transcripts in tests.

/// The kind of each transcript entry, e.g. `["instructions", "prompt", "response"]`: what
/// session tests compare a recorded turn with.
package func kinds(_ entries: some Sequence<Transcript.Entry>) -> [String] {
    entries.map { entry in
        switch entry {
        case .instructions: "instructions"
        case .prompt: "prompt"
        case .toolCalls: "toolCalls"
        case .toolOutput: "toolOutput"
        case .response: "response"
        case .reasoning: "reasoning"
        }
    }
}

/// The text of segments, joined (structured content as its JSON): what a test compares a
/// recorded prompt or response with.
package func text(of segments: [Transcript.Segment]) -> String {
    segments.map { segment in
        switch segment {
        case .text(let text): text.content
        case .structure(let structure): structure.content.jsonString
        case .attachment(let attachment): attachment.description
        case .custom(let custom): custom.description
        }
    }.joined()
}
