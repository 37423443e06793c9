import FoundationModels

/// The kind of each transcript entry, e.g. `["instructions", "prompt", "response"]`: what
/// session tests compare a recorded turn with.
public func kinds(_ entries: some Sequence<Transcript.Entry>) -> [String] {
    entries.map { entry in
        switch entry {
        case .instructions: "instructions"
        case .prompt: "prompt"
        case .toolCalls: "toolCalls"
        case .toolOutput: "toolOutput"
        case .response: "response"
        }
    }
}
