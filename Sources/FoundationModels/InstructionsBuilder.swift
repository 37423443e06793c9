/// The result builder that composes instructions from strings, `Instructions` values and other
/// `InstructionsRepresentable` values, with `if`, `if/else`, `for` and availability checks.
///
/// ```swift
/// let instructions = Instructions {
///     "Line one."
///     for item in items { item }
///     if verbose { "Explain your reasoning." }
/// }
/// ```
@resultBuilder
public struct InstructionsBuilder {
    /// Joins the lines of a block, in order.
    public static func buildBlock<each Component>(_ components: repeat each Component) -> Instructions
    where repeat each Component: InstructionsRepresentable {
        Instructions(repeat each components)
    }

    /// Joins the results of a `for` loop.
    public static func buildArray(_ instructions: [some InstructionsRepresentable]) -> Instructions {
        Instructions(instructions)
    }

    /// The first branch of an `if/else`.
    public static func buildEither(first component: some InstructionsRepresentable) -> Instructions {
        Instructions(component)
    }

    /// The second branch of an `if/else`.
    public static func buildEither(second component: some InstructionsRepresentable) -> Instructions {
        Instructions(component)
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: Instructions?) -> Instructions {
        component ?? Instructions()
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: some InstructionsRepresentable) -> Instructions {
        Instructions(component)
    }

    /// A representable line, kept as it is.
    @_disfavoredOverload
    public static func buildExpression<Component>(_ expression: Component) -> Component where Component: InstructionsRepresentable {
        expression
    }

    /// A `Instructions` line.
    public static func buildExpression(_ expression: Instructions) -> Instructions {
        expression
    }

    /// Any other value is rejected at compile time.
    @available(*, unavailable, message: "Only `Instructions` and `InstructionsRepresentable` are supported.")
    public static func buildExpression<T>(_ expression: T) -> Instructions {
        fatalError()
    }
}
