/// One piece of a prompt or of instructions: text, or structured content shown to the model.
///
/// Adjacent text pieces are joined with a newline, the way a builder's lines read.
enum PromptSegment: Sendable, Equatable {
    /// Plain text.
    case text(String)
    /// Generated content from a value of the type named `source`.
    case structure(source: String, content: GeneratedContent)
    /// A transcript segment carried as it is: an attachment or an app-defined segment.
    case segment(Transcript.Segment)

    /// The segment showing `value`: strings as text, other scalars as their JSON text,
    /// structures and arrays as structured content.
    init(representing value: some ConvertibleToGeneratedContent) {
        let content = value.generatedContent
        switch content.kind {
        case .string(let text): self = .text(text)
        case .null, .bool, .number: self = .text(content.jsonString)
        case .array, .structure: self = .structure(source: String(describing: type(of: value)), content: content)
        }
    }

    /// Joins adjacent text segments with newlines; drops nothing else.
    static func merged(_ segments: [PromptSegment]) -> [PromptSegment] {
        var result: [PromptSegment] = []
        for segment in segments {
            if case .text(let next) = segment, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + "\n" + next)
            } else {
                result.append(segment)
            }
        }
        return result
    }

    /// The segment as a transcript segment with a fresh identity.
    var transcriptSegment: Transcript.Segment {
        switch self {
        case .text(let text): .text(Transcript.TextSegment(content: text))
        case .structure(let source, let content): .structure(Transcript.StructuredSegment(schemaName: source, content: content))
        case .segment(let segment): segment
        }
    }
}
