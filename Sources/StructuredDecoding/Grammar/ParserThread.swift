/// One frame of the parser's stack: what remains to be read of an enclosing value.
enum ParserFrame: Hashable, Sendable {
    /// A value of the node comes next.
    case value(Int32)
    /// The key/value separator comes next.
    case colon
    /// Inside an array node with `count` elements so far (saturating at the node's `countCap`);
    /// bit `i` of `used` is set once distinct item `i` has filled an element.
    case array(node: Int32, count: Int32, used: UInt64, phase: Phase)
    /// Inside an object node: ordered objects have decided every property before `next`;
    /// any-order objects have used the properties in `used` (bit `i` = property `i`). `count`
    /// is the members so far when the object counts them (`CompiledObject.counts`; saturating
    /// at `minMembers` when there is no most), else 0.
    case object(node: Int32, next: Int32, used: [UInt64], count: Int32, phase: Phase)

    /// Where in a container the parser is.
    enum Phase: UInt8, Hashable, Sendable {
        /// Right after `[` or `{`.
        case afterOpen
        /// After an element or member.
        case afterItem
        /// After a separator `,`.
        case afterComma
    }
}

/// One live alternative of the parser: the stack to continue with once the current lexeme
/// ends, the lexeme being read and its automaton state. A matcher holds several when the
/// bytes so far fit several readings (`anyOf`, optional keys, a lexeme that may end or go on).
struct ParserThread: Hashable, Sendable {
    /// The continuation after the current lexeme, innermost frame last.
    var stack: [ParserFrame]
    /// The grammar's lexeme index being read.
    var lexeme: Int32
    /// The lexeme automaton's state (its start before any byte).
    var state: UInt32

    init(stack: [ParserFrame], lexeme: Int32, state: UInt32 = 1) {
        self.stack = stack
        self.lexeme = lexeme
        self.state = state
    }
}
