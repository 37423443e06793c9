/// Arguments of a call, filter or test as written: positional first, then `name=value`.
struct CallArguments: Sendable {
    var positional: [Expression] = []
    var keyword: [(name: String, value: Expression)] = []
}

/// An expression node with the source line it starts on.
struct Expression: Sendable {
    indirect enum Kind: Sendable {
        /// A constant written in the template source: `none`, a boolean, a number or a string
        /// (never an array or object; those are `list` and `dict`).
        case literal(TemplateValue)
        case name(String)
        case list([Expression])
        case tuple([Expression])
        case dict([(key: Expression, value: Expression)])
        /// `object.name`
        case attribute(Expression, String)
        /// `object[key]`
        case item(Expression, Expression)
        /// `object[start:stop:step]`
        case slice(Expression, start: Expression?, stop: Expression?, step: Expression?)
        case call(Expression, CallArguments)
        /// `value | name(args)`; `value` is nil inside `{% filter %}` / `{% set x | f %}` chains.
        case filter(Expression?, name: String, CallArguments, soft: Bool)
        /// `value is name(args)`
        case test(Expression, name: String, CallArguments, soft: Bool)
        case unary(UnaryOperator, Expression)
        case binary(BinaryOperator, Expression, Expression)
        /// `a < b <= c`: the first operand and (operator, operand) pairs.
        case compare(Expression, [(ComparisonOperator, Expression)])
        case and(Expression, Expression)
        case or(Expression, Expression)
        case not(Expression)
        /// `~` with all of its operands.
        case concat([Expression])
        /// `then if test else otherwise`; without `else`, an undefined value.
        case conditional(test: Expression, then: Expression, otherwise: Expression?)
    }

    var kind: Kind
    var line: Int
}

enum UnaryOperator: Sendable { case negate, plus }

enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", floorDivide = "//", modulo = "%", power = "**"
}

enum ComparisonOperator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case contains = "in", notContains = "not in"
}

/// Where `{% set %}` and `{% for %}` store values.
indirect enum AssignTarget: Sendable {
    case name(String)
    case tuple([AssignTarget])
    /// `namespace.attribute`
    case namespaceAttribute(String, String)
}

/// A macro definition.
struct MacroDefinition: Sendable {
    var name: String
    var parameters: [String]
    /// Defaults for the last `defaults.count` parameters.
    var defaults: [Expression]
    var body: [Statement]
    /// Whether the body reads `varargs` / `kwargs`, which decides what extra arguments it accepts.
    var usesVarargs: Bool
    var usesKwargs: Bool
    var line: Int
}

/// A statement node with its source line.
struct Statement: Sendable {
    indirect enum Kind: Sendable {
        case text(String)
        case output(Expression)
        case ifChain(branches: [(test: Expression, body: [Statement])], otherwise: [Statement])
        case forLoop(target: AssignTarget, iterable: Expression, filter: Expression?, body: [Statement], otherwise: [Statement])
        case set(AssignTarget, Expression)
        /// `{% set x | filters %}…{% endset %}`; the filter chain's innermost input is nil.
        case setBlock(AssignTarget, filter: Expression?, body: [Statement])
        case macro(MacroDefinition)
        /// `{% filter chain %}…{% endfilter %}`; the chain's innermost input is nil.
        case filterBlock(Expression, body: [Statement])
        case with(assignments: [(AssignTarget, Expression)], body: [Statement])
        case breakLoop
        case continueLoop
    }

    var kind: Kind
    var line: Int
}
