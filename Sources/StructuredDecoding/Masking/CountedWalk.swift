/// One walk of the trie for a base state of a counted string's automaton (of any string, or of a
/// pattern without its bounds), recording for each token how many scalars it uses, so a
/// length-bounded string's mask for any count is a lookup: tokens that stay inside and use at
/// most the scalars left (exactly within the bounds in a rigid state), tokens that close the
/// string within the bounds, and exit nodes whose string closed within the bounds.
final class CountedWalk: Sendable {
    /// Tokens that stay inside the string in an open state, by cost (scalars completed, plus the
    /// fewest the state reached still needs before the string can close: `LengthCounter.info`).
    let openByCost: [[Int32]]
    /// `cumulative[k]`: the bitset of `openByCost[0...k]`, for the first `denseLevels` costs
    /// (few tokens cost more; those are added one by one).
    let cumulative: [[UInt64]]
    /// Tokens that stay inside the string in a rigid state (`LengthCounter.rigid`), with their
    /// cost, which must then fall within the bounds exactly.
    let rigid: [(token: Int32, cost: Int32)]
    /// Tokens whose last byte closes the string, with the scalars before the quote.
    let closing: [(token: Int32, count: Int32)]
    /// Trie nodes just past the closing quote, with the scalars before it.
    let exits: [(node: Int32, count: Int32)]

    init(trie: TokenTrie, dfa: DenseDFA, counter: LengthCounter, base: UInt32) {
        // The cost of each token that stays inside in an open state (-1: none).
        var costs = [Int16](repeating: -1, count: trie.vocabularySize)
        var maxCost = -1
        var rigid: [(Int32, Int32)] = []
        var closing: [(Int32, Int32)] = []
        var exits: [(Int32, Int32)] = []
        let count = trie.nodeCount
        let classCount = dfa.classCount, start = dfa.start
        let depthCount = trie.maxDepth + 1
        let states = UnsafeMutablePointer<UInt32>.allocate(capacity: depthCount)
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: depthCount)
        defer {
            states.deallocate()
            counts.deallocate()
        }
        states[0] = base
        counts[0] = 0
        trie.bytes.withUnsafeBufferPointer { bytes in
            trie.depths.withUnsafeBufferPointer { depths in
                trie.subtreeEnds.withUnsafeBufferPointer { ends in
                    trie.tokenStarts.withUnsafeBufferPointer { starts in
                        trie.tokens.withUnsafeBufferPointer { tokens in
                            dfa.table.withUnsafeBufferPointer { table in
                                dfa.classOf.withUnsafeBufferPointer { classOf in
                                    counter.info.withUnsafeBufferPointer { info in
                                        costs.withUnsafeMutableBufferPointer { costs in
                                            var i = 0
                                            while i < count {
                                                let depth = Int(depths[i])
                                                let parent = states[depth &- 1]
                                                let next = table[Int(parent) &* classCount &+ Int(classOf[Int(bytes[i])])]
                                                if next == 0 {
                                                    if info[Int(parent)] & LengthCounter.accepting != 0 {
                                                        exits.append((Int32(i), counts[depth &- 1]))
                                                    }
                                                    i = Int(ends[i])
                                                    continue
                                                }
                                                let stateInfo = info[Int(next)]
                                                let scalars =
                                                    counts[depth &- 1] &+ (stateInfo & LengthCounter.boundary != 0 && parent != start ? 1 : 0)
                                                states[depth] = next
                                                counts[depth] = scalars
                                                let lo = Int(starts[i]), hi = Int(starts[i &+ 1])
                                                if lo < hi {
                                                    let cost = Int(scalars) &+ Int(stateInfo >> 3)
                                                    if stateInfo & LengthCounter.accepting != 0 {
                                                        for k in lo..<hi { closing.append((tokens[k], scalars)) }
                                                    } else if stateInfo & LengthCounter.rigid != 0 {
                                                        for k in lo..<hi { rigid.append((tokens[k], Int32(cost))) }
                                                    } else {
                                                        maxCost = max(maxCost, cost)
                                                        let clamped = Int16(truncatingIfNeeded: min(cost, Int(Int16.max)))
                                                        for k in lo..<hi { costs[Int(tokens[k])] = clamped }
                                                    }
                                                }
                                                i &+= 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var open = [[Int32]](repeating: [], count: maxCost + 1)
        for (token, cost) in costs.enumerated() where cost >= 0 { open[Int(cost)].append(Int32(token)) }
        var cumulative: [[UInt64]] = []
        var words = [UInt64](repeating: 0, count: (trie.vocabularySize + 63) / 64)
        for level in open.prefix(Self.denseLevels) {
            TokenMask.setBits(level, in: &words)
            cumulative.append(words)
        }
        openByCost = open
        self.cumulative = cumulative
        self.closing = closing
        self.rigid = rigid
        self.exits = exits
    }

    static let denseLevels = 16

    /// The mask of the counted state with `count` scalars written.
    func mask(count: Int, counter: LengthCounter, vocabularySize: Int) -> LexemeMask {
        let left = counter.maximum - count
        let needed = counter.minimum - count
        var words =
            left >= 0 && !cumulative.isEmpty
            ? cumulative[min(left, cumulative.count - 1)]
            : [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
        if left >= cumulative.count {
            for level in openByCost[cumulative.count..<min(left + 1, openByCost.count)] {
                TokenMask.setBits(level, in: &words)
            }
        }
        for (token, cost) in rigid where Int(cost) >= needed && Int(cost) <= left {
            words[Int(token) >> 6] |= 1 << UInt64(token & 63)
        }
        for (token, scalars) in closing where Int(scalars) >= needed && Int(scalars) <= left {
            words[Int(token) >> 6] |= 1 << UInt64(token & 63)
        }
        let exits = exits.filter { Int($0.count) >= needed && Int($0.count) <= left }.map(\.node)
        return LexemeMask(tokens: .dense(words), exits: exits)
    }
}
