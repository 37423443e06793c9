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

    init(tokens: Tokens, exits: [Int32], visited: Int) {
        self.tokens = tokens
        self.exits = exits
        self.visited = visited
    }

    /// A mask from a bitset of `allowed` tokens (kept as a list when few).
    convenience init(words: [UInt64], allowed: Int, exits: [Int32]) {
        if allowed > 512 {
            self.init(tokens: .dense(words), exits: exits, visited: 0)
            return
        }
        var list: [Int32] = []
        for (w, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                list.append(Int32(w << 6 | bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        self.init(tokens: .sparse(list), exits: exits, visited: 0)
    }

    /// Walks the whole trie with `dfa` from `state`.
    init(trie: TokenTrie, dfa: DenseDFA, state: UInt32) {
        var words = [UInt64](repeating: 0, count: (trie.vocabularySize + 63) / 64)
        var exits: [Int32] = []
        var allowed = 0
        var visited = 0
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        states[0] = state
        let classCount = dfa.classCount
        let count = trie.nodeCount
        trie.bytes.withUnsafeBufferPointer { bytes in
        trie.depths.withUnsafeBufferPointer { depths in
        trie.subtreeEnds.withUnsafeBufferPointer { ends in
        trie.tokenStarts.withUnsafeBufferPointer { starts in
        trie.tokens.withUnsafeBufferPointer { tokens in
        dfa.table.withUnsafeBufferPointer { table in
        dfa.classOf.withUnsafeBufferPointer { classOf in
        dfa.accepting.withUnsafeBufferPointer { accepting in
        words.withUnsafeMutableBufferPointer { words in
        states.withUnsafeMutableBufferPointer { states in
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
                var k = Int(starts[i])
                let hi = Int(starts[i &+ 1])
                while k < hi {
                    let id = Int(tokens[k])
                    words[id &>> 6] |= 1 &<< UInt64(id & 63)
                    allowed &+= 1
                    k &+= 1
                }
                i &+= 1
            }
        }}}}}}}}}}
        if allowed > 512 {
            tokens = .dense(words)
        } else {
            var list: [Int32] = []
            for (w, word) in words.enumerated() where word != 0 {
                var bits = word
                while bits != 0 {
                    list.append(Int32(w << 6 | bits.trailingZeroBitCount))
                    bits &= bits - 1
                }
            }
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
