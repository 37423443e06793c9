/// Builds dynamic instructions from `Instructions`, tools, conditions and loops.
///
/// ```swift
/// @DynamicInstructionsBuilder var body: some DynamicInstructions {
///     Instructions("Be brief.")
///     if allowSearch { SearchTool() }
/// }
/// ```
@resultBuilder
public struct DynamicInstructionsBuilder {}

extension DynamicInstructionsBuilder {
    /// A tool, offered to the model while these instructions apply.
    public static func buildExpression<T>(_ expression: T) -> some DynamicInstructions where T: Tool {
        ToolInstructions(tool: expression)
    }

    /// Dynamic instructions, as they are.
    public static func buildExpression<T>(_ expression: T) -> T where T: DynamicInstructions {
        expression
    }

    /// An array of tools, each offered to the model.
    public static func buildExpression(_ tools: [any Tool]) -> some DynamicInstructions {
        DynamicInstructionsForEach(tools, id: \.name) { tool in
            AnyDynamicInstructions(Self.buildExpression(tool))
        }
    }

    /// Several pieces, in order.
    @_disfavoredOverload
    public static func buildBlock<each Content>(_ contents: repeat each Content) -> TupleDynamicInstructions<repeat each Content>
    where repeat each Content: DynamicInstructions {
        TupleDynamicInstructions(repeat each contents)
    }

    /// One piece.
    public static func buildBlock<T>(_ content: T) -> T where T: DynamicInstructions {
        content
    }

    /// Nothing.
    public static func buildBlock() -> EmptyDynamicInstructions {
        EmptyDynamicInstructions()
    }

    /// The first branch of a condition.
    public static func buildEither<TrueContent, FalseContent>(
        first content: TrueContent
    ) -> ConditionalDynamicInstructions<
        TrueContent, FalseContent
    > where TrueContent: DynamicInstructions, FalseContent: DynamicInstructions {
        ConditionalDynamicInstructions(.trueContent(content))
    }

    /// The second branch of a condition.
    public static func buildEither<TrueContent, FalseContent>(
        second content: FalseContent
    ) -> ConditionalDynamicInstructions<
        TrueContent, FalseContent
    > where TrueContent: DynamicInstructions, FalseContent: DynamicInstructions {
        ConditionalDynamicInstructions(.falseContent(content))
    }

    /// An `if` without `else`.
    public static func buildOptional<Content>(_ content: Content?) -> Content? where Content: DynamicInstructions {
        content
    }

    /// Content behind an availability check.
    public static func buildLimitedAvailability(_ content: some DynamicInstructions) -> AnyDynamicInstructions {
        AnyDynamicInstructions(content)
    }
}
