/// A type that can be used as instructions (strings, `Instructions`, arrays of them, generable values).
///
/// ```swift
/// struct Persona: InstructionsRepresentable {
///     var name: String
///     var instructionsRepresentation: Instructions {
///         "You are \(name)."
///         "Stay in character."
///     }
/// }
/// ```
public protocol InstructionsRepresentable {
    /// This value as instructions.
    @InstructionsBuilder var instructionsRepresentation: Instructions { get }
}

extension String: InstructionsRepresentable {
    /// The string as text.
    public var instructionsRepresentation: Instructions {
        return Instructions(segments: [.text(self)])
    }
}

extension Array: InstructionsRepresentable where Element: InstructionsRepresentable {
    /// The elements' instructions, one after another.
    public var instructionsRepresentation: Instructions {
        return Instructions(segments: flatMap { $0.instructionsRepresentation.segments })
    }
}
