extension Transcript.Entry: CustomStringConvertible {
    /// The entry's kind and content, e.g. `Prompt: Name three teas.`.
    public var description: String {
        switch self {
        case .instructions(let entry): "Instructions: \(entry)"
        case .prompt(let entry): "Prompt: \(entry)"
        case .toolCalls(let entry): "Tool calls: \(entry)"
        case .toolOutput(let entry): "Tool output (\(entry.toolName)): \(entry)"
        case .response(let entry): "Response: \(entry)"
        case .reasoning(let entry): "Reasoning: \(entry.description)"
        }
    }
}

extension Transcript.TextSegment: CustomStringConvertible {
    /// The text.
    public var description: String { content }
}

extension Transcript.StructuredSegment: CustomStringConvertible {
    /// The content as JSON.
    public var description: String { content.jsonString }
}

extension Transcript.Segment: CustomStringConvertible {
    /// The segment's text, or its content as JSON.
    public var description: String {
        switch self {
        case .text(let segment): segment.description
        case .structure(let segment): segment.description
        case .attachment(let segment): segment.description
        case .custom(let segment): segment.description
        }
    }
}

extension Transcript.Instructions: CustomStringConvertible {
    /// The instructions' segments, then the names of the tools.
    public var description: String {
        let text = segments.map(\.description).joined(separator: "\n")
        guard !toolDefinitions.isEmpty else { return text }
        return text + "\nTools: " + toolDefinitions.map(\.name).joined(separator: ", ")
    }
}

extension Transcript.Prompt: CustomStringConvertible {
    /// The prompt's segments, one per line.
    public var description: String { segments.map(\.description).joined(separator: "\n") }
}

extension Transcript.ResponseFormat: CustomStringConvertible {
    /// The format's name.
    public var description: String { name }
}

extension Transcript.ToolCalls: CustomStringConvertible {
    /// The calls, one per line.
    public var description: String { map(\.description).joined(separator: "\n") }
}

extension Transcript.ToolCall: CustomStringConvertible {
    /// The call as `toolName(arguments JSON)`.
    public var description: String { "\(toolName)(\(arguments.jsonString))" }
}

extension Transcript.ToolOutput: CustomStringConvertible {
    /// The output's segments, one per line.
    public var description: String { segments.map(\.description).joined(separator: "\n") }
}

extension Transcript.Response: CustomStringConvertible {
    /// The response's segments, one per line.
    public var description: String { segments.map(\.description).joined(separator: "\n") }
}
