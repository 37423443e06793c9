import Foundation

extension Generable {
    /// The value's generated content as a prompt: strings as text, other scalars as their JSON
    /// text, structures and arrays as a structured segment.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: cat)   // a @Generable value as the prompt
    /// ```
    public var promptRepresentation: Prompt {
        Prompt(segments: [PromptSegment(representing: self)])
    }

    /// The value's generated content as instructions.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [PromptSegment(representing: self)])
    }
}

extension Bool {
    /// The value as a prompt: its JSON text.
    public var promptRepresentation: Prompt {
        Prompt(segments: [PromptSegment(representing: self)])
    }

    /// The value as instructions: its JSON text.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [PromptSegment(representing: self)])
    }
}

extension Int {
    /// The value as a prompt: its JSON text.
    public var promptRepresentation: Prompt {
        Prompt(segments: [PromptSegment(representing: self)])
    }

    /// The value as instructions: its JSON text.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [PromptSegment(representing: self)])
    }
}

extension Float {
    /// The value as a prompt: its JSON text.
    public var promptRepresentation: Prompt {
        Prompt(segments: [PromptSegment(representing: self)])
    }

    /// The value as instructions: its JSON text.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [PromptSegment(representing: self)])
    }
}

extension Double {
    /// The value as a prompt: its JSON text.
    public var promptRepresentation: Prompt {
        Prompt(segments: [PromptSegment(representing: self)])
    }

    /// The value as instructions: its JSON text.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [PromptSegment(representing: self)])
    }
}

extension Decimal {
    /// The value as a prompt: its JSON text.
    public var promptRepresentation: Prompt {
        Prompt(segments: [PromptSegment(representing: self)])
    }

    /// The value as instructions: its JSON text.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [PromptSegment(representing: self)])
    }
}
