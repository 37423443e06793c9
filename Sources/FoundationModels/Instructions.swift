/// Instructions tell the model how to behave for a whole session: its role, the rules it follows, examples of good output. They are the first transcript entry and take precedence over prompts.
///
/// Build them from strings and other `InstructionsRepresentable` values with the `InstructionsBuilder`
/// result builder; lines are joined with newlines:
///
/// ```swift
/// let session = LanguageModelSession {
///     "You are a friendly barista in a pixel-art coffee shop."
///     if isHoliday { "Mention the holiday special." }
///     Instructions("Answer in at most two sentences.")
/// }
/// ```
public struct Instructions: Sendable, SegmentedText {
    /// The pieces, adjacent text joined.
    let segments: [PromptSegment]

    init(segments: [PromptSegment]) {
        self.segments = PromptSegment.merged(segments)
    }

    /// Creates instructions from any representable value.
    public init(_ content: some InstructionsRepresentable) {
        self = content.instructionsRepresentation
    }

    /// Creates instructions from several representable values, in order (the builder's
    /// `buildBlock`); no values make empty instructions.
    init<each Component: InstructionsRepresentable>(_ components: repeat each Component) {
        var segments: [PromptSegment] = []
        for component in repeat each components {
            segments += component.instructionsRepresentation.segments
        }
        self.init(segments: segments)
    }

    /// Creates instructions with a builder.
    ///
    /// ```swift
    /// let instructions = try Instructions {
    ///     "First line."
    ///     try loadMoreText()
    /// }
    /// ```
    public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
        self = try content()
    }
}

extension Instructions: InstructionsRepresentable {
    /// Itself.
    public var instructionsRepresentation: Instructions {
        return self
    }
}
