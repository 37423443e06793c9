/// What `Prompt` and `Instructions` are made of: segments, adjacent text merged. One
/// definition of what they share; each type keeps its own builder and representable protocol,
/// as Apple's API declares them.
protocol SegmentedText {
    /// The pieces, adjacent text joined.
    var segments: [PromptSegment] { get }
}

extension SegmentedText {
    /// The text of all segments (structured content as JSON), joined with newlines.
    var text: String {
        segments.map { segment in
            switch segment {
            case .text(let text): text
            case .structure(_, let content): content.jsonString
            case .segment(let segment): segment.description
            }
        }.joined(separator: "\n")
    }
}
