/// Every non-special token of a vocabulary in one flat, depth-first byte trie, built once per
/// vocabulary and walked to compute a mask: a rejected byte skips the whole subtree below it, so
/// the cost follows the bytes the grammar allows, not the vocabulary size.
///
/// Layout (preorder, the root excluded): node `i` has the byte on its incoming edge `bytes[i]`,
/// its depth `depths[i]` (1 for first bytes), the index just past its subtree `subtreeEnds[i]`,
/// and the tokens that end exactly there `tokens[tokenStarts[i]..<tokenStarts[i + 1]]` (several
/// tokens may share the same bytes).
public struct TokenTrie: Sendable {
    /// Byte on the edge into node `i`.
    public let bytes: [UInt8]
    /// Depth of node `i` (the length of its byte string).
    public let depths: [UInt16]
    /// One past the last node of the subtree rooted at `i`.
    public let subtreeEnds: [Int32]
    /// `tokenStarts[i]..<tokenStarts[i + 1]` indexes `tokens` for node `i`.
    public let tokenStarts: [Int32]
    /// Token ids grouped by node.
    public let tokens: [Int32]
    /// The deepest node (the longest token, in bytes).
    public let maxDepth: Int
    /// The vocabulary size the trie was built for.
    public let vocabularySize: Int

    /// The number of nodes.
    public var nodeCount: Int { bytes.count }

    /// The longest token the trie holds, in bytes; longer tokens are left out (never allowed).
    public static let maxTokenLength = Int(UInt16.max)

    /// Builds the trie of `vocabulary`'s non-special, non-empty tokens.
    public init(_ vocabulary: some Vocabulary) {
        let n = vocabulary.tokenCount
        // All token bytes in one buffer, ids sorted by their bytes (then by id).
        var flatBytes: [UInt8] = []
        var offsets = [Int](repeating: 0, count: n + 1)
        var ids: [Int32] = []
        ids.reserveCapacity(n)
        for id in 0..<n {
            offsets[id] = flatBytes.count
            guard !vocabulary.isSpecial(id) else { continue }
            let b = vocabulary.tokenBytes(id)
            if !b.isEmpty, b.count <= Self.maxTokenLength {
                flatBytes.append(contentsOf: b)
                ids.append(Int32(id))
            }
        }
        offsets[n] = flatBytes.count
        flatBytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            ids.sort { a, b in
                let la = offsets[Int(a) + 1] - offsets[Int(a)], lb = offsets[Int(b) + 1] - offsets[Int(b)]
                let pa = base + offsets[Int(a)], pb = base + offsets[Int(b)]
                for k in 0..<min(la, lb) where pa[k] != pb[k] { return pa[k] < pb[k] }
                return la != lb ? la < lb : a < b
            }
        }

        var bytes: [UInt8] = [], depths: [UInt16] = [], tokenLists: [[Int32]] = []
        var ends: [Int32] = []
        var path: [Int] = [] // node index at each depth of the current string, path[d - 1]
        var previous: ArraySlice<UInt8> = []
        for id in ids {
            let key = flatBytes[offsets[Int(id)]..<offsets[Int(id) + 1]]
            var common = 0
            while common < min(previous.count, key.count),
                previous[previous.startIndex + common] == key[key.startIndex + common]
            { common += 1 }
            // Nodes leaving the path have seen their whole subtree: it ends at the next new node.
            while path.count > common { ends[path.removeLast()] = Int32(bytes.count) }
            for d in common..<key.count {
                bytes.append(key[key.startIndex + d])
                depths.append(UInt16(d + 1))
                tokenLists.append([])
                ends.append(0)
                path.append(bytes.count - 1)
            }
            tokenLists[path[key.count - 1]].append(id)
            previous = key
        }
        for j in path { ends[j] = Int32(bytes.count) }
        var starts: [Int32] = [0]
        var flat: [Int32] = []
        for list in tokenLists { flat.append(contentsOf: list); starts.append(Int32(flat.count)) }
        self.bytes = bytes
        self.depths = depths
        self.subtreeEnds = ends
        self.tokenStarts = starts
        self.tokens = flat
        self.maxDepth = Int(depths.max() ?? 0)
        self.vocabularySize = n
    }

    /// Adds to `mask` every token whose bytes `matcher` accepts from `start` (each byte must
    /// step; a token is allowed when all its bytes do), skipping subtrees at the first rejected
    /// byte. Returns the number of trie nodes visited.
    /// Inlinable so that it is specialised for each matcher in the caller's module.
    @inlinable @discardableResult
    public func fill<M: ByteMatcher>(_ mask: inout TokenMask, matcher: M, from start: M.State) -> Int {
        var stack = [M.State](repeating: start, count: maxDepth + 1)
        var visited = 0
        var i = 0
        let count = bytes.count
        while i < count {
            visited += 1
            let depth = Int(depths[i])
            guard let next = matcher.step(stack[depth - 1], bytes[i]) else {
                i = Int(subtreeEnds[i])
                continue
            }
            stack[depth] = next
            let lo = Int(tokenStarts[i]), hi = Int(tokenStarts[i + 1])
            for k in lo..<hi { mask.insert(Int(tokens[k])) }
            i += 1
        }
        return visited
    }
}
