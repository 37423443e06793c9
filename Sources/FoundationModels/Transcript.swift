import Foundation

/// The record of a session: instructions, prompts, tool calls, tool outputs and responses, in
/// order.
///
/// Read a session's `transcript` to show a conversation, or start a new session from some of
/// its entries to carry a conversation over:
///
/// ```swift
/// let entries = session.transcript
/// let condensed = Transcript(entries: [entries.first!, entries.last!])
/// let next = LanguageModelSession(transcript: condensed)
/// ```
///
/// Transcripts are `Codable` in Apple's format
/// (`{"version": 1, "type": "FoundationModels.Transcript", "transcript": {"entries": […]}}`).
public struct Transcript: Sendable, Equatable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// Entries are indexed by position.
    public typealias Index = Int

    /// The entries, in order.
    var storage: [Entry]

    /// The entry at `index`.
    public subscript(index: Index) -> Entry {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// The position of the first entry (0).
    public var startIndex: Int { storage.startIndex }

    /// The position after the last entry.
    public var endIndex: Int { storage.endIndex }

    /// Creates a transcript from entries.
    ///
    /// ```swift
    /// let transcript = Transcript(entries: [.instructions(Transcript.Instructions(
    ///     segments: [.text(.init(content: "You are a poet."))], toolDefinitions: []))])
    /// ```
    public init(entries: some Sequence<Entry> = []) {
        self.storage = Array(entries)
    }

    /// An entry of a transcript.
    public enum Entry: Sendable, Identifiable, Equatable {
        /// The session's instructions and the definitions of its tools.
        case instructions(Transcript.Instructions)
        /// A prompt, with its options and response format.
        case prompt(Transcript.Prompt)
        /// The tool calls the model made.
        case toolCalls(Transcript.ToolCalls)
        /// A tool's output.
        case toolOutput(Transcript.ToolOutput)
        /// The model's response.
        case response(Transcript.Response)
        /// The model's reasoning before it answered.
        case reasoning(Transcript.Reasoning)

        /// The identity of the entry's content.
        public var id: String {
            switch self {
            case .instructions(let entry): entry.id
            case .prompt(let entry): entry.id
            case .toolCalls(let entry): entry.id
            case .toolOutput(let entry): entry.id
            case .response(let entry): entry.id
            case .reasoning(let entry): entry.id
            }
        }
    }

    /// A piece of an entry's content: text or structured content.
    public enum Segment: Sendable, Identifiable, Equatable {
        /// Text.
        case text(Transcript.TextSegment)
        /// Structured content.
        case structure(Transcript.StructuredSegment)
        /// An attachment, such as an image.
        case attachment(Transcript.AttachmentSegment)
        /// Content of a type the app defines.
        case custom(any Transcript.CustomSegment)

        /// The identity of the segment.
        public var id: String {
            switch self {
            case .text(let segment): segment.id
            case .structure(let segment): segment.id
            case .attachment(let segment): segment.id
            case .custom(let segment): segment.id
            }
        }

        /// Equal segments have the same kind and content.
        public static func == (lhs: Segment, rhs: Segment) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a == b
            case (.structure(let a), .structure(let b)): a == b
            case (.attachment(let a), .attachment(let b)): a == b
            case (.custom(let a), .custom(let b)): a.isEqual(to: b)
            default: false
            }
        }
    }

    /// A text segment.
    public struct TextSegment: Sendable, Identifiable, Equatable {
        /// The segment's identity.
        public var id: String
        /// The text.
        public var content: String

        /// Creates a text segment.
        public init(id: String = UUID().uuidString, content: String) {
            self.id = id
            self.content = content
        }
    }

    /// A segment of structured content, generated or shown to the model.
    public struct StructuredSegment: Sendable, Identifiable, Equatable {
        /// The segment's identity.
        public var id: String
        /// The name of the type the content comes from or is generated for.
        @available(*, deprecated, renamed: "schemaName")
        public var source: String {
            get { schemaName }
            set { schemaName = newValue }
        }
        /// The name of the schema the content comes from or is generated for.
        public var schemaName: String
        /// The content.
        public var content: GeneratedContent

        /// Creates a structured segment.
        @available(*, deprecated, renamed: "init(id:schemaName:content:)")
        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.init(id: id, schemaName: source, content: content)
        }

        /// Creates a structured segment for content of the schema named `schemaName`.
        ///
        /// ```swift
        /// let segment = Transcript.StructuredSegment(schemaName: "Cat", content: cat.generatedContent)
        /// ```
        public init(id: String = UUID().uuidString, schemaName: String, content: GeneratedContent) {
            self.id = id
            self.schemaName = schemaName
            self.content = content
        }
    }
}
