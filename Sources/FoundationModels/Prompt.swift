/// A prompt is what you ask the model in one request; it becomes a prompt entry in the session's transcript.
///
/// Build them from strings and other `PromptRepresentable` values with the `PromptBuilder`
/// result builder; lines are joined with newlines:
///
/// ```swift
/// let response = try await session.respond {
///     "Write a haiku about coffee."
///     if includeExample { "For example: Dark roast rising…" }
/// }
/// let prompt = Prompt("Name three teas.")
/// ```
public struct Prompt: Sendable, SegmentedText {
    /// The pieces, adjacent text joined.
    let segments: [PromptSegment]

    init(segments: [PromptSegment]) {
        self.segments = PromptSegment.merged(segments)
    }

    /// Creates a prompt from any representable value.
    public init(_ content: some PromptRepresentable) {
        self = content.promptRepresentation
    }

    /// Creates a prompt from several representable values, in order (the builder's
    /// `buildBlock`); no values make an empty prompt.
    init<each Component: PromptRepresentable>(_ components: repeat each Component) {
        var segments: [PromptSegment] = []
        for component in repeat each components {
            segments += component.promptRepresentation.segments
        }
        self.init(segments: segments)
    }

    /// Creates prompt with a builder.
    ///
    /// ```swift
    /// let prompt = try Prompt {
    ///     "First line."
    ///     try loadMoreText()
    /// }
    /// ```
    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }
}

extension Prompt: PromptRepresentable {
    /// Itself.
    public var promptRepresentation: Prompt {
        return self
    }
}
