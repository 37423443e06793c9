/// A byte-level recogniser the token trie walks: from a state, a byte leads to another state or
/// is rejected. Lexers, regex automata and whole grammars all present themselves this way.
public protocol ByteMatcher {
    /// A position in the recogniser; cheap to copy (the trie keeps one per depth).
    associatedtype State

    /// The state after `byte`, or `nil` when `byte` cannot come next.
    func step(_ state: State, _ byte: UInt8) -> State?
}
