/// What one lexeme state contributes to a mask, independent of the parser: the tokens whose
/// bytes all stay inside the lexeme, and the trie nodes where the lexeme has ended inside a token
/// (its automaton accepts and the next byte cannot continue it), whose subtrees depend on what
/// the parser allows next.
///
/// Memoized per (lexeme, state) in a `VocabularyIndex`: mid-string, mid-number and
/// mid-key masks are then a copy plus a short walk from the few exit nodes.
final class LexemeMask: Sendable {
    /// Tokens that stay inside the lexeme: a bitset when many, a list when few.
    enum Tokens: Sendable {
        case dense([UInt64])
        case sparse([Int32])
    }

    let tokens: Tokens
    /// Trie nodes whose byte starts the next lexeme (the lexeme accepts just before it).
    let exits: [Int32]
    /// Nodes visited when it was computed (for benchmarks).
    let visited: Int

    /// Walks the whole trie with `dfa` from `state`.
    init(trie: TokenTrie, dfa: DenseDFA, state: UInt32) {
        var list: [Int32] = []
        var exits: [Int32] = []
        var visited = 0
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        states[0] = state
        trie.bytes.withUnsafeBufferPointer { bytes in
            trie.depths.withUnsafeBufferPointer { depths in
                trie.subtreeEnds.withUnsafeBufferPointer { ends in
                    trie.tokenStarts.withUnsafeBufferPointer { starts in
                        dfa.table.withUnsafeBufferPointer { table in
                            dfa.classOf.withUnsafeBufferPointer { classOf in
                                dfa.accepting.withUnsafeBufferPointer { accepting in
                                    let classCount = dfa.classCount
                                    let count = bytes.count
                                    var i = 0
                                    while i < count {
                                        visited &+= 1
                                        let depth = Int(depths[i])
                                        let parent = states[depth &- 1]
                                        let next = table[Int(parent) &* classCount &+ Int(classOf[Int(bytes[i])])]
                                        if next == 0 {
                                            if accepting[Int(parent)] { exits.append(Int32(i)) }
                                            i = Int(ends[i])
                                            continue
                                        }
                                        states[depth] = next
                                        let lo = Int(starts[i]), hi = Int(starts[i &+ 1])
                                        if lo < hi { for k in lo..<hi { list.append(trie.tokens[k]) } }
                                        i &+= 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if list.count > 1024 {
            var mask = TokenMask(count: trie.vocabularySize)
            for id in list { mask.insert(Int(id)) }
            tokens = .dense(mask.words)
        } else {
            tokens = .sparse(list)
        }
        self.exits = exits
        self.visited = visited
    }

    /// Adds the inside tokens to `mask`.
    func addTokens(to mask: inout TokenMask) {
        switch tokens {
        case .dense(let words): mask.formUnion(words: words)
        case .sparse(let ids): for id in ids { mask.insert(Int(id)) }
        }
    }
}
