/// Why a `SchemaGraph` could not be compiled into a `Grammar`. Each case names the node.
public enum GrammarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The root (or the node named) accepts no value at all, so no output could ever complete.
    case unsatisfiable(node: SchemaNode.ID)
    /// A node id points outside the graph.
    case unknownNode(SchemaNode.ID, referencedFrom: SchemaNode.ID?)
    /// A number bound is not a finite number.
    case nonFiniteBound(node: SchemaNode.ID)
    /// A `multipleOf` divisor is not a positive finite number.
    case invalidDivisor(node: SchemaNode.ID)
    /// An object's key class has no pattern to match (it would overlap every other key).
    case keyClassWithoutPattern(node: SchemaNode.ID)
    /// A string node's pattern or format could not be compiled.
    case regex(node: SchemaNode.ID, RegexError)
    /// A lexeme automaton would exceed `DenseDFA.maxStates` states (the text says which).
    case automatonTooLarge(String)
    /// `anyOf` nodes refer to each other in a cycle that never reads a byte.
    case emptyRecursion(node: SchemaNode.ID)
    /// An option is out of range.
    case invalidOption(String)
    /// An array node has more `distinctItems` than `ArrayNode.maxDistinctItems`.
    case tooManyDistinctItems(node: SchemaNode.ID, count: Int)

    /// The problem in one line, naming the node.
    public var description: String {
        switch self {
        case .unsatisfiable(let node): "schema node \(node) accepts no value"
        case .unknownNode(let id, let from):
            "schema node \(id) does not exist" + (from.map { " (referenced from node \($0))" } ?? "")
        case .nonFiniteBound(let node): "schema node \(node): number bound is not finite"
        case .invalidDivisor(let node): "schema node \(node): multipleOf is not a positive finite number"
        case .keyClassWithoutPattern(let node): "schema node \(node): an object key class has no pattern to match"
        case .regex(let node, let error): "schema node \(node): \(error)"
        case .automatonTooLarge(let what): "automaton for \(what) is too large"
        case .emptyRecursion(let node): "schema node \(node): anyOf recursion that reads nothing"
        case .invalidOption(let text): "invalid grammar option: \(text)"
        case .tooManyDistinctItems(let node, let count):
            "schema node \(node): \(count) distinct items (at most \(ArrayNode.maxDistinctItems))"
        }
    }
}
