/// The result builder that composes prompts from strings, `Prompt` values and other
/// `PromptRepresentable` values, with `if`, `if/else`, `for` and availability checks.
///
/// ```swift
/// let prompt = Prompt {
///     "Line one."
///     for item in items { item }
///     if verbose { "Explain your reasoning." }
/// }
/// ```
@resultBuilder
public struct PromptBuilder {
    /// Joins the lines of a block, in order.
    public static func buildBlock<each Component>(_ components: repeat each Component) -> Prompt where repeat each Component: PromptRepresentable {
        Prompt(repeat each components)
    }

    /// Joins the results of a `for` loop.
    public static func buildArray(_ prompts: [some PromptRepresentable]) -> Prompt {
        Prompt(prompts)
    }

    /// The first branch of an `if/else`.
    public static func buildEither(first component: some PromptRepresentable) -> Prompt {
        Prompt(component)
    }

    /// The second branch of an `if/else`.
    public static func buildEither(second component: some PromptRepresentable) -> Prompt {
        Prompt(component)
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: Prompt?) -> Prompt {
        component ?? Prompt()
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: some PromptRepresentable) -> Prompt {
        Prompt(component)
    }

    /// A representable line, kept as it is.
    @_disfavoredOverload
    public static func buildExpression<Component>(_ expression: Component) -> Component where Component: PromptRepresentable {
        expression
    }

    /// A `Prompt` line.
    public static func buildExpression(_ expression: Prompt) -> Prompt {
        expression
    }

    /// Any other value is rejected at compile time.
    @available(*, unavailable, message: "Only `Prompt` and `PromptRepresentable` are supported.")
    public static func buildExpression<T>(_ expression: T) -> Prompt {
        fatalError()
    }
}
