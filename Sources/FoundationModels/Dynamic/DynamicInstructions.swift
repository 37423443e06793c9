/// Instructions that are worked out again before each request from the session's state: text
/// (`Instructions`), tools, conditions and loops, composed with a builder (Apple 27.0).
///
/// ```swift
/// struct Assistant: DynamicInstructions {
///     var expert: Bool
///     var body: some DynamicInstructions {
///         Instructions("You are a helpful assistant.")
///         if expert { Instructions("Answer in technical terms.") }
///         WeatherTool()
///     }
/// }
/// let session = LanguageModelSession(dynamicInstructions: Assistant(expert: true))
/// ```
@_typeEraser(AnyDynamicInstructions)
public protocol DynamicInstructions {
    /// The type of the instructions' content.
    associatedtype Body: DynamicInstructions
    /// The instructions' content.
    @DynamicInstructionsBuilder var body: Body { get }
}

/// What dynamic instructions resolve to: the text segments, in order, and the tools.
struct ResolvedInstructions {
    /// The instructions' segments.
    var segments: [PromptSegment] = []
    /// The tools the model may call, in order of appearance.
    var tools: [any Tool] = []
}

/// Dynamic instructions that resolve themselves rather than through a body.
protocol PrimitiveDynamicInstructions {
    /// Adds this content to `resolved`.
    func resolve(into resolved: inout ResolvedInstructions)
}

extension DynamicInstructions {
    /// Adds this content (its body's, for composite instructions) to `resolved`.
    func resolve(into resolved: inout ResolvedInstructions) {
        if let primitive = self as? any PrimitiveDynamicInstructions {
            primitive.resolve(into: &resolved)
        } else {
            body.resolve(into: &resolved)
        }
    }

    /// The instructions' segments and tools.
    func resolved() -> ResolvedInstructions {
        var resolved = ResolvedInstructions()
        resolve(into: &resolved)
        return resolved
    }
}

extension DynamicInstructions {
    /// Dynamic instructions repeated over a collection.
    public typealias ForEach = DynamicInstructionsForEach
}

extension Instructions: DynamicInstructions, PrimitiveDynamicInstructions {
    /// The instructions themselves.
    public var body: some DynamicInstructions {
        StaticInstructions(instructions: self)
    }

    /// Adds the instructions' segments.
    func resolve(into resolved: inout ResolvedInstructions) {
        resolved.segments += segments
    }
}

/// Instructions as the body of `Instructions`.
struct StaticInstructions: DynamicInstructions, PrimitiveDynamicInstructions {
    /// The instructions.
    let instructions: Instructions

    /// Primitive: resolved directly.
    var body: Never { fatalError("StaticInstructions has no body") }

    /// Adds the instructions' segments.
    func resolve(into resolved: inout ResolvedInstructions) {
        instructions.resolve(into: &resolved)
    }
}

/// A tool offered by dynamic instructions.
struct ToolInstructions<T: Tool>: DynamicInstructions, PrimitiveDynamicInstructions {
    /// The tool.
    let tool: T

    /// Primitive: resolved directly.
    var body: Never { fatalError("ToolInstructions has no body") }

    /// Adds the tool.
    func resolve(into resolved: inout ResolvedInstructions) {
        resolved.tools.append(tool)
    }
}
