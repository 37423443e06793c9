/// Sizes of a compiled grammar, for `fm schema compile` and benchmarks.
extension Grammar {
    /// How big a grammar is: its parser nodes and its lexer.
    package struct Statistics: Sendable, Hashable {
        /// Nodes of the schema graph it was compiled from.
        package var schemaNodes: Int
        /// Compiled parser nodes (schema nodes plus helper nodes).
        package var compiledNodes: Int
        /// Compiled nodes that accept no value (pruned from generation).
        package var unsatisfiableNodes: Int
        /// Distinct lexemes (punctuation, keys, strings, numbers, constants).
        package var lexemes: Int
        /// Automaton states over all lexemes.
        package var lexemeStates: Int
        /// Lexemes that are strings bounded in length (counted beside their automaton).
        package var countedLexemes: Int
    }

    /// The grammar's sizes.
    package var statistics: Statistics {
        Statistics(
            schemaNodes: schema.nodes.count, compiledNodes: nodes.count,
            unsatisfiableNodes: satisfiable.filter { !$0 }.count, lexemes: lexemes.count,
            lexemeStates: lexemes.reduce(0) { $0 + $1.dfa.stateCount },
            countedLexemes: lexemes.filter { $0.counter != nil }.count)
    }
}
