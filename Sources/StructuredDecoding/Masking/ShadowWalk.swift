/// The mask of a shadowed lexeme state (see `DenseDFA.shadows`) from its shadow's memoized mask:
/// the trie is walked with the two states side by side, and only where they differ.
///
/// Below a node where both reach the same state, the two masks agree. Where only the shadow
/// lives, its tokens and exits there are dropped; where only the state lives, that subtree is
/// walked alone (`SubtreeWalk`). An additional-property key after its opening quote is thus the
/// plain string's mask (computed during preprocessing) less the tokens that finish a declared
/// name: a copy of the mask and a walk along the names. Composed from subtree walks instead, it
/// walked the whole subtree of every byte a name begins with, tens of thousands of trie nodes.
enum ShadowWalk {
    /// The mask of `state`, whose shadow `shadow` of `dfa` has the mask `shadowMask`.
    static func mask(
        of state: UInt32, shadow: UInt32, shadowMask: LexemeMask, dfa: DenseDFA, trie: TokenTrie, groupsBelow: [UInt64], tokenCount: Int
    ) -> LexemeMask {
        var words: [UInt64]
        switch shadowMask.tokens {
        case .dense(let shadowWords):
            words = shadowWords
        case .sparse(let ids):
            words = [UInt64](repeating: 0, count: (tokenCount + 63) / 64)
            TokenMask.setBits(ids, in: &words)
        }
        var dropped: [Range<Int32>] = [] // nodes whose shadow exits are not the state's, in trie order
        var added: [Int32] = [] // the state's exits the shadow does not have
        // The pair of states after each depth's byte along the current path; depth 0 the roots'.
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        var shadows = states
        states[0] = state
        shadows[0] = shadow
        var node = 0
        while node < trie.nodeCount {
            let depth = Int(trie.depths[node]), end = Int(trie.subtreeEnds[node])
            let parent = states[depth - 1], parentShadow = shadows[depth - 1]
            let next = dfa.next(parent, trie.bytes[node]), nextShadow = dfa.next(parentShadow, trie.bytes[node])
            if next == nextShadow {
                // The same state from here: the same tokens and exits below. At a dead byte, an
                // exit is where the lexeme could end before it, which may differ.
                if next == DenseDFA.dead, dfa.isAccepting(parent) != dfa.isAccepting(parentShadow) {
                    if dfa.isAccepting(parent) { added.append(Int32(node)) } else { dropped.append(Int32(node)..<Int32(node + 1)) }
                }
                node = end
            } else if next == DenseDFA.dead {
                // Only the shadow goes on: none of the subtree's tokens, none of its exits.
                let tokens = Int(trie.tokenStarts[node])..<Int(trie.tokenStarts[end])
                TokenMask.clearBits(trie.tokens[tokens], in: &words)
                dropped.append(Int32(node)..<Int32(end))
                if dfa.isAccepting(parent) { added.append(Int32(node)) }
                node = end
            } else if nextShadow == DenseDFA.dead {
                // Only the state goes on: the shadow has nothing below but perhaps an exit here.
                if dfa.isAccepting(parentShadow) { dropped.append(Int32(node)..<Int32(node + 1)) }
                let walk = SubtreeWalk(trie: trie, groupsBelow: groupsBelow, dfa: dfa, root: node, state: next)
                walk.setTokens(in: &words, from: trie)
                added.append(contentsOf: walk.exits)
                node = end
            } else {
                // Both live in different states: the node's own tokens are inside both; go down.
                states[depth] = next
                shadows[depth] = nextShadow
                node += 1
            }
        }
        var exits = shadowMask.exits
        if !dropped.isEmpty { exits.removeAll { Self.contains(dropped, $0) } }
        exits += added
        exits.sort()
        let allowed = words.reduce(0) { $0 + $1.nonzeroBitCount }
        return LexemeMask(words: words, allowed: allowed, exits: exits)
    }

    /// Whether `node` lies in one of `ranges` (disjoint, in increasing order).
    private static func contains(_ ranges: [Range<Int32>], _ node: Int32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= node { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(node)
    }
}
