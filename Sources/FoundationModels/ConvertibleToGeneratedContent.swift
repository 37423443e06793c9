/// A type that can be converted to generated content.
///
/// Conforming types can appear in prompts and instructions (their content is shown to the model)
/// and can be returned from a tool's `call(arguments:)`.
///
/// ```swift
/// struct Score: ConvertibleToGeneratedContent {
///     var points: Int
///     var generatedContent: GeneratedContent {
///         GeneratedContent(properties: ["points": points])
///     }
/// }
/// let prompt = Prompt { "Comment on this score:"; Score(points: 3) }
/// ```
public protocol ConvertibleToGeneratedContent: InstructionsRepresentable, PromptRepresentable {
    /// This instance represented as generated content.
    var generatedContent: GeneratedContent { get }
}

extension ConvertibleToGeneratedContent {
    /// This instance's generated content as instructions: strings as text, other scalars as
    /// their JSON text, structures and arrays as a structured segment.
    public var instructionsRepresentation: Instructions {
        return Instructions(segments: [PromptSegment(representing: self)])
    }

    /// This instance's generated content as a prompt: strings as text, other scalars as their
    /// JSON text, structures and arrays as a structured segment.
    public var promptRepresentation: Prompt {
        return Prompt(segments: [PromptSegment(representing: self)])
    }
}
