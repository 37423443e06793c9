/// The tokens inside one lexeme state below one first byte: the subtree of a depth-1 trie node
/// walked from the automaton state that byte leads to.
///
/// Memoized per (lexeme, state after the first byte, node) in a `VocabularyIndex`: many lexeme
/// states lead to the same state after one byte (a wide regex mostly returns to one state), so a
/// new lexeme state mostly reuses subtrees walked before instead of walking the whole trie.
final class SubtreeWalk: Sendable {
    /// Tokens whose bytes all stay inside the lexeme.
    let tokens: [Int32]
    /// The subtree's other tokens, when there are fewer of them than of `tokens` (a wide lexeme
    /// state's mask is then composed from all tokens minus these; see
    /// `VocabularyIndex.composedMask`).
    let gaps: [Int32]?
    /// Nodes where the lexeme has ended before their byte (see `LexemeMask.exits`).
    let exits: [Int32]

    /// Walks the subtree of `root` (of any depth; depth 1 when composing a whole mask), whose
    /// byte led to `state`.
    ///
    /// The trie keeps the tokens of consecutive nodes consecutive, so the walk only steps the
    /// automaton and notes where runs of accepted nodes break (at a dead node, whose subtree is
    /// skipped); the tokens are copied run by run afterwards.
    init(trie: TokenTrie, dfa: DenseDFA, root: Int, state: UInt32) {
        var exits: [Int32] = []
        var runs: [(from: Int32, to: Int32)] = [] // ranges of trie.tokens
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        states[Int(trie.depths[root])] = state
        let end = Int(trie.subtreeEnds[root])
        let classCount = dfa.classCount
        trie.bytes.withUnsafeBufferPointer { bytes in
            trie.depths.withUnsafeBufferPointer { depths in
                trie.subtreeEnds.withUnsafeBufferPointer { ends in
                    trie.tokenStarts.withUnsafeBufferPointer { starts in
                        dfa.table.withUnsafeBufferPointer { table in
                            dfa.classOf.withUnsafeBufferPointer { classOf in
                                dfa.accepting.withUnsafeBufferPointer { accepting in
                                    states.withUnsafeMutableBufferPointer { states in
                                        var runStart = starts[root]
                                        var i = root + 1
                                        while i < end {
                                            let depth = Int(depths[i])
                                            let parent = states[depth &- 1]
                                            let next = table[Int(parent) &* classCount &+ Int(classOf[Int(bytes[i])])]
                                            if next == 0 {
                                                if accepting[Int(parent)] { exits.append(Int32(i)) }
                                                if starts[i] > runStart { runs.append((runStart, starts[i])) }
                                                i = Int(ends[i])
                                                runStart = starts[i]
                                                continue
                                            }
                                            states[depth] = next
                                            i &+= 1
                                        }
                                        if starts[end] > runStart { runs.append((runStart, starts[end])) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var tokens: [Int32] = []
        let allowed = runs.reduce(0) { $0 + Int($1.to - $1.from) }
        tokens.reserveCapacity(allowed)
        for run in runs { tokens.append(contentsOf: trie.tokens[Int(run.from)..<Int(run.to)]) }
        let first = Int(trie.tokenStarts[root]), last = Int(trie.tokenStarts[end])
        if last - first - allowed < allowed {
            var gaps: [Int32] = []
            var from = first
            for run in runs {
                gaps.append(contentsOf: trie.tokens[from..<Int(run.from)])
                from = Int(run.to)
            }
            gaps.append(contentsOf: trie.tokens[from..<last])
            self.gaps = gaps
        } else {
            gaps = nil
        }
        self.tokens = tokens
        self.exits = exits
    }
}
