/// The tokens inside one lexeme state below one first byte: the subtree of a depth-1 trie node
/// walked from the automaton state that byte leads to.
///
/// Memoized per (lexeme, state after the first byte, node) in a `VocabularyIndex`: many lexeme
/// states lead to the same state after one byte (a wide regex mostly returns to one state), so a
/// new lexeme state mostly reuses subtrees walked before instead of walking the whole trie.
final class SubtreeWalk: Sendable {
    /// Tokens whose bytes all stay inside the lexeme.
    let tokens: [Int32]
    /// Nodes where the lexeme has ended before their byte (see `LexemeMask.exits`).
    let exits: [Int32]

    /// Walks the subtree of `root` (depth 1), whose byte led to `state`.
    init(trie: TokenTrie, dfa: DenseDFA, root: Int, state: UInt32) {
        var tokens: [Int32] = []
        var exits: [Int32] = []
        for k in Int(trie.tokenStarts[root])..<Int(trie.tokenStarts[root + 1]) { tokens.append(trie.tokens[k]) }
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        states[1] = state
        let end = Int(trie.subtreeEnds[root])
        let classCount = dfa.classCount
        trie.bytes.withUnsafeBufferPointer { bytes in
        trie.depths.withUnsafeBufferPointer { depths in
        trie.subtreeEnds.withUnsafeBufferPointer { ends in
        trie.tokenStarts.withUnsafeBufferPointer { starts in
        trie.tokens.withUnsafeBufferPointer { trieTokens in
        dfa.table.withUnsafeBufferPointer { table in
        dfa.classOf.withUnsafeBufferPointer { classOf in
        dfa.accepting.withUnsafeBufferPointer { accepting in
        states.withUnsafeMutableBufferPointer { states in
            var i = root + 1
            while i < end {
                let depth = Int(depths[i])
                let parent = states[depth &- 1]
                let next = table[Int(parent) &* classCount &+ Int(classOf[Int(bytes[i])])]
                if next == 0 {
                    if accepting[Int(parent)] { exits.append(Int32(i)) }
                    i = Int(ends[i])
                    continue
                }
                states[depth] = next
                var k = Int(starts[i])
                let hi = Int(starts[i &+ 1])
                while k < hi {
                    tokens.append(trieTokens[k])
                    k &+= 1
                }
                i &+= 1
            }
        }}}}}}}}}
        self.tokens = tokens
        self.exits = exits
    }
}
