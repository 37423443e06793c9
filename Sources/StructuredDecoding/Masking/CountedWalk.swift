/// One walk of the trie for a base state of the unbounded string automaton, recording for each
/// token how many scalars it uses, so a length-bounded string's mask for any count is a lookup:
/// tokens that stay inside and use at most the scalars left, tokens that close the string
/// within the bounds, and exit nodes whose string closed within the bounds.
final class CountedWalk: Sendable {
    /// Tokens that stay inside the string, by cost (scalars completed, plus one if the token
    /// ends inside a scalar).
    let openByCost: [[Int32]]
    /// `cumulative[k]`: the bitset of `openByCost[0...k]`.
    let cumulative: [[UInt64]]
    /// Tokens whose last byte closes the string, with the scalars before the quote.
    let closing: [(token: Int32, count: Int32)]
    /// Trie nodes just past the closing quote, with the scalars before it.
    let exits: [(node: Int32, count: Int32)]

    init(trie: TokenTrie, dfa: DenseDFA, counter: LengthCounter, base: UInt32) {
        var open: [[Int32]] = []
        var closing: [(Int32, Int32)] = []
        var exits: [(Int32, Int32)] = []
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        var counts = [Int32](repeating: 0, count: trie.maxDepth + 1)
        states[0] = base
        var i = 0
        let count = trie.nodeCount
        while i < count {
            let depth = Int(trie.depths[i])
            let parent = states[depth - 1]
            let next = dfa.next(parent, trie.bytes[i])
            if next == DenseDFA.dead {
                if dfa.isAccepting(parent) { exits.append((Int32(i), counts[depth - 1])) }
                i = Int(trie.subtreeEnds[i])
                continue
            }
            let scalars = counts[depth - 1] + (counter.completes(from: parent, to: next, start: dfa.start) ? 1 : 0)
            states[depth] = next
            counts[depth] = scalars
            let lo = Int(trie.tokenStarts[i]), hi = Int(trie.tokenStarts[i + 1])
            if lo < hi {
                if dfa.isAccepting(next) {
                    for k in lo..<hi { closing.append((trie.tokens[k], scalars)) }
                } else {
                    let cost = Int(scalars) + (counter.midScalar[Int(next)] ? 1 : 0)
                    while open.count <= cost { open.append([]) }
                    for k in lo..<hi { open[cost].append(trie.tokens[k]) }
                }
            }
            i += 1
        }
        var cumulative: [[UInt64]] = []
        var words = [UInt64](repeating: 0, count: (trie.vocabularySize + 63) / 64)
        for level in open {
            for id in level { words[Int(id) >> 6] |= 1 << UInt64(id & 63) }
            cumulative.append(words)
        }
        openByCost = open
        self.cumulative = cumulative
        self.closing = closing
        self.exits = exits
    }

    /// The mask of the counted state with `count` scalars written.
    func mask(count: Int, counter: LengthCounter, vocabularySize: Int) -> LexemeMask {
        let left = counter.maximum - count
        let needed = counter.minimum - count
        var words = left >= 0 && !cumulative.isEmpty ? cumulative[min(left, cumulative.count - 1)]
            : [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
        for (token, scalars) in closing where Int(scalars) >= needed && Int(scalars) <= left {
            words[Int(token) >> 6] |= 1 << UInt64(token & 63)
        }
        let exits = exits.filter { Int($0.count) >= needed && Int($0.count) <= left }.map(\.node)
        return LexemeMask(tokens: .dense(words), exits: exits, visited: 0)
    }
}
