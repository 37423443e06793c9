/// Forced continuations: where the grammar leaves only one way forward, the caller can append
/// the bytes (or tokens) without sampling.
extension GrammarMatcher {
    /// The bytes that must come next, up to the first point with a choice (or where the output
    /// may end). At most `limit` bytes.
    ///
    /// ```swift
    /// // schema {"name": string}, nothing generated yet
    /// matcher.forcedBytes()   // Array(#"{"name": ""#.utf8)
    /// ```
    public func forcedBytes(limit: Int = 4096) -> [UInt8] {
        var copy = self
        var bytes: [UInt8] = []
        while bytes.count < limit, !copy.isFinished, !copy.grammar.isComplete(copy.threads) {
            let next = copy.nextBytes()
            guard next.count == 1, let byte = next.elements.first else { break }
            var stepped: [ParserThread] = []
            copy.grammar.step(copy.threads, byte, into: &stepped)
            copy.threads = stepped
            bytes.append(byte)
        }
        return bytes
    }

    /// Tokens that spell a prefix of `forcedBytes()`, longest match first. The last token is
    /// left out when a longer token begins with the same bytes (the model may prefer to go on
    /// across the forced part), so committing these never cuts a choice short.
    public func forcedTokens(limit: Int = 4096) -> [Int] {
        let forced = forcedBytes(limit: limit)
        var tokens: [Int] = []
        var position = 0
        while position < forced.count {
            var node: Int?
            var best: (token: Int, length: Int, node: Int)?
            var cursor = position
            while cursor < forced.count, let child = index.child(of: node, byte: forced[cursor]) {
                node = child
                cursor += 1
                let trie = index.trie
                if trie.tokenStarts[child] < trie.tokenStarts[child + 1] {
                    best = (Int(trie.tokens[Int(trie.tokenStarts[child])]), cursor - position, child)
                }
            }
            guard let chosen = best else { break }
            let reachesEnd = position + chosen.length == forced.count
            let hasLonger = Int(index.trie.subtreeEnds[chosen.node]) > chosen.node + 1
            if reachesEnd && hasLonger { break }
            tokens.append(chosen.token)
            position += chosen.length
        }
        return tokens
    }
}
