/// A type that can be used as a prompt (strings, `Prompt`, arrays of them, generable values).
///
/// ```swift
/// struct Order: PromptRepresentable {
///     var drink: String
///     var promptRepresentation: Prompt {
///         "Judge this order:"
///         drink
///     }
/// }
/// ```
public protocol PromptRepresentable {
    /// This value as a prompt.
    @PromptBuilder var promptRepresentation: Prompt { get }
}

extension String: PromptRepresentable {
    /// The string as text.
    public var promptRepresentation: Prompt {
        return Prompt(segments: [.text(self)])
    }
}

extension Array: PromptRepresentable where Element: PromptRepresentable {
    /// The elements' prompts, one after another.
    public var promptRepresentation: Prompt {
        return Prompt(segments: flatMap { $0.promptRepresentation.segments })
    }
}
