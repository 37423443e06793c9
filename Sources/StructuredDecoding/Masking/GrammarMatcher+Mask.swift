/// Computing the mask: per thread, the memoized tokens inside its lexeme, then a walk of the
/// few trie subtrees where the lexeme ends inside a token (`", "`, `"}]`, `1,`), with the
/// parser consulted at that boundary.
extension GrammarMatcher {
    /// Sets `mask` to the tokens allowed next (end-of-sequence tokens exactly when complete).
    /// Returns the number of trie nodes walked outside memoized lexeme masks.
    @discardableResult
    public func fillMask(_ mask: inout TokenMask) -> Int {
        if mask.count != index.tokenCount { mask = TokenMask(count: index.tokenCount) } else { mask.removeAll() }
        guard !isFinished else { return 0 }
        var walked = 0
        for thread in threads {
            let lexeme = grammar.lexemes[Int(thread.lexeme)]
            let inside = index.lexemeMask(lexeme, state: thread.state)
            inside.addTokens(to: &mask)
            guard !inside.exits.isEmpty else { continue }
            let following = grammar.following(thread)
            var firstBytes = ByteSet()
            for next in following { firstBytes.formUnion(grammar.lexemes[Int(next.lexeme)].firstBytes) }
            var started: [ParserThread] = []
            for exit in inside.exits {
                let node = Int(exit)
                let byte = index.trie.bytes[node]
                guard firstBytes.contains(byte) else { continue }
                started.removeAll(keepingCapacity: true)
                grammar.step(following, byte, into: &started)
                if started.isEmpty { continue }
                walked += walkSubtree(node, from: started, into: &mask)
            }
        }
        let complete = grammar.isComplete(threads)
        for id in index.endOfSequenceTokens {
            if complete { mask.insert(id) } else { mask.remove(id) }
        }
        return walked
    }

    /// Adds the tokens of `root` (reached with `threads`) and of its subtree that the grammar
    /// accepts, stepping the full parser byte by byte.
    private func walkSubtree(_ root: Int, from threads: [ParserThread], into mask: inout TokenMask) -> Int {
        let trie = index.trie
        addTokens(at: root, to: &mask)
        let base = Int(trie.depths[root])
        var states: [[ParserThread]] = [threads]
        var caches: [[[ParserThread]?]] = [[]]
        var visited = 1
        var i = root + 1
        let end = Int(trie.subtreeEnds[root])
        var next: [ParserThread] = []
        while i < end {
            visited += 1
            let level = Int(trie.depths[i]) - base
            next.removeAll(keepingCapacity: true)
            grammar.step(states[level - 1], trie.bytes[i], following: &caches[level - 1], into: &next)
            if next.isEmpty {
                i = Int(trie.subtreeEnds[i])
                continue
            }
            if states.count > level {
                states[level] = next
                caches[level] = []
            } else {
                states.append(next)
                caches.append([])
            }
            addTokens(at: i, to: &mask)
            i += 1
        }
        return visited
    }

    private func addTokens(at node: Int, to mask: inout TokenMask) {
        let trie = index.trie
        for k in Int(trie.tokenStarts[node])..<Int(trie.tokenStarts[node + 1]) { mask.insert(Int(trie.tokens[k])) }
    }

    /// The mask as a new value (see `fillMask(_:)`).
    public var mask: TokenMask {
        var mask = TokenMask(count: index.tokenCount)
        fillMask(&mask)
        return mask
    }
}
