/// One walk of the trie for a base state of a counted string's automaton (of any string, or of a
/// pattern without its bounds), recording for each token how many scalars it uses, so a
/// length-bounded string's mask for any count is a lookup: tokens that stay inside and use at
/// most the scalars left (exactly within the bounds in a rigid state), tokens that close the
/// string within the bounds, and exit nodes whose string closed within the bounds.
///
/// A walk may hand subtrees to the walk of any string (`Delegate`): where a pattern has been
/// satisfied (after the first letter of a `[a-zA-Z0-9_.-]+` search), the rest of the string is
/// unconstrained and every token below costs what it costs in that walk, which preprocessing
/// made. The walk then visits only the nodes before the pattern is satisfied (spaces,
/// punctuation, other scripts) instead of all of the trie's nodes, 2-5 ms for Qwen's.
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
    /// The walk the delegated subtrees' tokens are read from, with those tokens as a bitset.
    let delegate: (walk: CountedWalk, tokens: [UInt64])?

    /// Where a walk may stop and read the rest from another: the walk of a base state whose
    /// language is any string's content (`walk`), and the states of this walk's automaton that
    /// accept that same language (`states[s]` is 1). A subtree entered in such a state has, token for
    /// token, the costs it has in `walk` (the scalars before it count alike from two states at
    /// a character boundary inside the quotes, and the rest is the same language), and the same
    /// exits.
    struct Delegate {
        let walk: CountedWalk
        let states: [UInt8]
    }

    /// Walks the trie from `base`, handing to `delegate` the subtrees entered in one of its
    /// states (`base` must then lie between two scalars inside the quotes).
    init(trie: TokenTrie, dfa: DenseDFA, counter: LengthCounter, base: UInt32, delegate: Delegate? = nil) {
        var open: [[Int32]] = []
        var rigid: [(Int32, Int32)] = []
        var closing: [(Int32, Int32)] = []
        var exits: [(Int32, Int32)] = []
        var delegated: [(from: Int32, to: Int32)] = [] // node ranges
        let handsOver = delegate?.states ?? []
        let count = trie.nodeCount
        let start = dfa.start
        let depthCount = trie.maxDepth + 1
        let states = UnsafeMutablePointer<UInt32>.allocate(capacity: depthCount)
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: depthCount)
        defer {
            states.deallocate()
            counts.deallocate()
        }
        states[0] = base
        counts[0] = 0
        TrieStepper.with(trie, dfa) { step in
            trie.tokens.withUnsafeBufferPointer { tokens in
                counter.info.withUnsafeBufferPointer { info in
                    handsOver.withUnsafeBufferPointer { handsOver in
                        var i = 0
                        while i < count {
                            let depth = Int(step.depths[i])
                            let parent = states[depth &- 1]
                            let next = step.next(parent, at: i)
                            if next == 0 {
                                if info[Int(parent)] & LengthCounter.accepting != 0 {
                                    exits.append((Int32(i), counts[depth &- 1]))
                                }
                                i = Int(step.ends[i])
                                continue
                            }
                            if !handsOver.isEmpty && handsOver[Int(next)] != 0 {
                                delegated.append((Int32(i), step.ends[i]))
                                i = Int(step.ends[i])
                                continue
                            }
                            let stateInfo = info[Int(next)]
                            let scalars =
                                counts[depth &- 1] &+ (stateInfo & LengthCounter.boundary != 0 && parent != start ? 1 : 0)
                            states[depth] = next
                            counts[depth] = scalars
                            let lo = Int(step.starts[i]), hi = Int(step.starts[i &+ 1])
                            if lo < hi {
                                let cost = Int(scalars) &+ Int(stateInfo >> 3)
                                if stateInfo & LengthCounter.accepting != 0 {
                                    for k in lo..<hi { closing.append((tokens[k], scalars)) }
                                } else if stateInfo & LengthCounter.rigid != 0 {
                                    for k in lo..<hi { rigid.append((tokens[k], Int32(cost))) }
                                } else {
                                    // Below 4096 plus the token's length: the fewest scalars
                                    // left is at most the states (`LengthCounter` takes up to
                                    // 4095).
                                    while open.count <= cost { open.append([]) }
                                    for k in lo..<hi { open[cost].append(tokens[k]) }
                                }
                            }
                            i &+= 1
                        }
                    }
                }
            }
        }
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
        if let delegate {
            // The delegated tokens as a bitset, made from the smaller side: the delegated ranges
            // of the trie's token list, or the rest of it, inverted (a bit beyond the trie's
            // tokens is harmless: the delegate never allows one).
            let ranges = delegated.map { Int(trie.tokenStarts[Int($0.from)])..<Int(trie.tokenStarts[Int($0.to)]) }
            let handedCount = ranges.reduce(0) { $0 + $1.count }
            var words = [UInt64](repeating: 0, count: (trie.vocabularySize + 63) / 64)
            if handedCount <= trie.tokens.count / 2 {
                for range in ranges { TokenMask.setBits(trie.tokens[range], in: &words) }
            } else {
                var from = 0
                for range in ranges + [trie.tokens.count..<trie.tokens.count] {
                    TokenMask.setBits(trie.tokens[from..<range.lowerBound], in: &words)
                    from = range.upperBound
                }
                for w in words.indices { words[w] = ~words[w] }
            }
            var handed: [(Int32, Int32)] = []
            var range = 0
            // Both lists are in node order: the delegate's exits inside the delegated subtrees.
            for exit in delegate.walk.exits {
                while range < delegated.count && delegated[range].to <= exit.node { range += 1 }
                if range < delegated.count && delegated[range].from <= exit.node { handed.append(exit) }
            }
            self.exits = (exits + handed).sorted { $0.node < $1.node }
            self.delegate = (delegate.walk, words)
        } else {
            self.exits = exits
            self.delegate = nil
        }
    }

    static let denseLevels = 16

    /// The mask of the counted state with `count` scalars written.
    func mask(count: Int, counter: LengthCounter, vocabularySize: Int) -> LexemeMask {
        var words = tokenWords(count: count, counter: counter, vocabularySize: vocabularySize)
        if let (walk, handed) = delegate {
            let theirs = walk.tokenWords(count: count, counter: counter, vocabularySize: vocabularySize)
            for w in words.indices { words[w] |= theirs[w] & handed[w] }
        }
        let left = counter.maximum - count
        let needed = counter.minimum - count
        let exits = exits.filter { Int($0.count) >= needed && Int($0.count) <= left }.map(\.node)
        return LexemeMask(tokens: .dense(words), exits: exits)
    }

    /// The tokens this walk visited that the counted state with `count` scalars written allows.
    private func tokenWords(count: Int, counter: LengthCounter, vocabularySize: Int) -> [UInt64] {
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
        return words
    }
}
