/// The tokens inside one lexeme state below one first byte: the subtree of a depth-1 trie node
/// walked from the automaton state that byte leads to.
///
/// Memoized per (lexeme, state after the first byte, node) in a `VocabularyIndex`: many lexeme
/// states lead to the same state after one byte (a wide regex mostly returns to one state), so a
/// new lexeme state mostly reuses subtrees walked before instead of walking the whole trie.
final class SubtreeWalk: Sendable {
    /// The tokens whose bytes all stay inside the lexeme, as ranges of the trie's token list in
    /// trie order: the trie keeps the tokens of a subtree together, so a walk that allows most
    /// of a wide subtree is a few ranges, not a copy of 100k token ids (which every new wide
    /// mask used to allocate, and every memo turnover to free).
    let runs: [Range<Int32>]
    /// The subtree's range of the trie's token list.
    let subtree: Range<Int32>
    /// The number of tokens in `runs`.
    let tokenCount: Int
    /// Nodes where the lexeme has ended before their byte (see `LexemeMask.exits`).
    let exits: [Int32]

    /// The subtree's other tokens, in number (a wide lexeme state's mask is composed from
    /// all tokens minus these when they are fewer; see `VocabularyIndex.composedMask`).
    var gapCount: Int { subtree.count - tokenCount }

    /// Sets the bits of the tokens inside.
    func setTokens(in words: inout [UInt64], from trie: TokenTrie) {
        for run in runs { TokenMask.setBits(trie.tokens[Int(run.lowerBound)..<Int(run.upperBound)], in: &words) }
    }

    /// Clears the bits of the subtree's other tokens.
    func clearGaps(in words: inout [UInt64], from trie: TokenTrie) {
        var from = subtree.lowerBound
        for run in runs + [subtree.upperBound..<subtree.upperBound] {
            if run.lowerBound > from { TokenMask.clearBits(trie.tokens[Int(from)..<Int(run.lowerBound)], in: &words) }
            from = run.upperBound
        }
    }

    /// Appends the tokens inside to `tokens`.
    func appendTokens(to tokens: inout [Int32], from trie: TokenTrie) {
        for run in runs { tokens.append(contentsOf: trie.tokens[Int(run.lowerBound)..<Int(run.upperBound)]) }
    }

    /// Walks the subtree of `root` (of any depth; depth 1 when composing a whole mask), whose
    /// byte led to `state`.
    ///
    /// The trie keeps the tokens of consecutive nodes consecutive, so the walk only steps the
    /// automaton and notes where runs of accepted nodes break (at a dead node, whose subtree is
    /// skipped); those runs are the result. A live node whose subtree spells
    /// only characters its state loops on (`groupsBelow`, `DenseDFA.loopGroups`) is skipped too,
    /// its tokens left inside the run: inside a wide string that leaves about a tenth of the
    /// nodes to visit.
    init(trie: TokenTrie, groupsBelow: [UInt64], dfa: DenseDFA, root: Int, state: UInt32) {
        var exits: [Int32] = []
        var runs: [(from: Int32, to: Int32)] = [] // ranges of trie.tokens
        let end = Int(trie.subtreeEnds[root])
        // Without loops to read (an automaton too large for them), a table of none: the skip
        // test then passes only at leaves, which the walk would step past anyway.
        let known = dfa.loopGroups
        let loops = known.isEmpty ? [UInt64](repeating: 0, count: dfa.stateCount) : known
        if groupsBelow[root] & ~loops[Int(state)] == 0 {
            if trie.tokenStarts[end] > trie.tokenStarts[root] { runs.append((trie.tokenStarts[root], trie.tokenStarts[end])) }
        } else {
            var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
            states[Int(trie.depths[root])] = state
            TrieStepper.with(trie, dfa) { step in
                dfa.accepting.withUnsafeBufferPointer { accepting in
                    loops.withUnsafeBufferPointer { loops in
                        groupsBelow.withUnsafeBufferPointer { below in
                            states.withUnsafeMutableBufferPointer { states in
                                var runStart = step.starts[root]
                                var i = root + 1
                                while i < end {
                                    let depth = Int(step.depths[i])
                                    let parent = states[depth &- 1]
                                    let next = step.next(parent, at: i)
                                    if next == 0 {
                                        if accepting[Int(parent)] { exits.append(Int32(i)) }
                                        if step.starts[i] > runStart { runs.append((runStart, step.starts[i])) }
                                        i = Int(step.ends[i])
                                        runStart = step.starts[i]
                                    } else if below[i] & ~loops[Int(next)] == 0 {
                                        i = Int(step.ends[i]) // all below stays in `next`: inside the run
                                    } else {
                                        states[depth] = next
                                        i &+= 1
                                    }
                                }
                                if step.starts[end] > runStart { runs.append((runStart, step.starts[end])) }
                            }
                        }
                    }
                }
            }
        }
        self.runs = runs.map { $0.from..<$0.to }
        subtree = trie.tokenStarts[root]..<trie.tokenStarts[end]
        tokenCount = runs.reduce(0) { $0 + Int($1.to - $1.from) }
        self.exits = exits
    }
}
