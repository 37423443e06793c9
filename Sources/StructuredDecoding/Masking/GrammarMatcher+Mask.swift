/// Computing the mask: per thread, the memoized tokens inside its lexeme, then a walk of the
/// few trie subtrees where the lexeme ends inside a token (`", "`, `"}]`, `1,`), with the
/// parser consulted at that boundary. What a thread allows past its lexeme depends on the
/// thread alone (its stack, lexeme and state), so those walks are remembered per grammar and
/// thread in the vocabulary index: inside a string, or at the same place of the next array
/// item or the next generation, the walk is not repeated.
extension GrammarMatcher {
    /// Sets `mask` to the tokens allowed next (end-of-sequence tokens exactly when complete).
    /// Returns the number of trie nodes walked outside memoized masks and walks.
    @discardableResult
    public func fillMask(_ mask: inout TokenMask) -> Int {
        if mask.count != index.tokenCount { mask = TokenMask(count: index.tokenCount) } else { mask.removeAll() }
        guard !isFinished else { return 0 }
        var tokens: [Int32] = []
        var visited = 0
        for thread in threads {
            let lexeme = grammar.lexemes[Int(thread.lexeme)]
            let inside = index.lexemeMask(lexeme, state: thread.state)
            inside.addTokens(to: &mask)
            guard !inside.exits.isEmpty else { continue }
            if let known = index.exitTokens(grammar, thread) {
                mask.insert(contentsOf: known)
                continue
            }
            tokens.removeAll(keepingCapacity: true)
            visited += exitWalks.walk(thread, exits: inside.exits, into: &tokens)
            mask.insert(contentsOf: tokens)
            index.rememberExitTokens(tokens, grammar, thread)
        }
        let complete = grammar.isComplete(threads)
        for id in index.endOfSequenceTokens {
            if complete { mask.insert(id) } else { mask.remove(id) }
        }
        return visited
    }

    /// The mask as a new value (see `fillMask(_:)`).
    public var mask: TokenMask {
        var mask = TokenMask(count: index.tokenCount)
        fillMask(&mask)
        return mask
    }
}
