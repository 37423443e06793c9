/// Sizes of a compiled grammar, for `fm schema compile` and benchmarks.
extension Grammar {
    /// How big a grammar is: its parser nodes and its lexer.
    public struct Statistics: Sendable, Hashable {
        /// Nodes of the schema graph it was compiled from.
        public var schemaNodes: Int
        /// Compiled parser nodes (schema nodes plus helper nodes).
        public var compiledNodes: Int
        /// Compiled nodes that accept no value (pruned from generation).
        public var unsatisfiableNodes: Int
        /// Distinct lexemes (punctuation, keys, strings, numbers, constants).
        public var lexemes: Int
        /// Automaton states over all lexemes.
        public var lexemeStates: Int
        /// Lexemes that are strings bounded in length (counted beside their automaton).
        public var countedLexemes: Int
    }

    /// The grammar's sizes.
    public var statistics: Statistics {
        Statistics(
            schemaNodes: schema.nodes.count, compiledNodes: nodes.count,
            unsatisfiableNodes: satisfiable.filter { !$0 }.count, lexemes: lexemes.count,
            lexemeStates: lexemes.reduce(0) { $0 + $1.dfa.stateCount },
            countedLexemes: lexemes.filter { $0.counter != nil }.count)
    }
}
