extension Transcript {
    /// A segment of a type the app defines, carried through the transcript as it is.
    ///
    /// ```swift
    /// struct Note: Transcript.CustomSegment {
    ///     var id = UUID().uuidString
    ///     var content: String
    ///     var description: String { content }
    /// }
    /// ```
    public protocol CustomSegment: InstructionsRepresentable, PromptRepresentable, CustomStringConvertible, Equatable, Identifiable, Sendable {
        /// The content's type.
        associatedtype Content: Codable, Equatable, Sendable
        /// The segment's identity.
        var id: String { get }
        /// The content.
        var content: Content { get }
    }
}

extension Transcript.CustomSegment {
    /// The segment as a prompt: the segment itself (models read its description).
    public var promptRepresentation: Prompt {
        Prompt(segments: [.segment(.custom(self))])
    }

    /// The segment's content, described.
    public var description: String {
        String(describing: content)
    }

    /// Whether `other` is a segment of the same type with equal value.
    func isEqual(to other: any Transcript.CustomSegment) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension Transcript.CustomSegment {
    /// The segment as instructions: the segment itself.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [.segment(.custom(self))])
    }
}
