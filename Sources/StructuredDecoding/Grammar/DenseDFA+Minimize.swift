/// Minimization: the automaton with the fewest states that accepts the same language, by
/// Hopcroft's partition refinement.
///
/// Masks are memoized by the language a lexeme state accepts (`LexemeLanguage` numbers the
/// automaton reachable from a state canonically), and that canonical form names a language only
/// when no two states of the automaton accept the same one. Subset construction and products
/// leave many such twins: in `[\s\S]*[0-9a-f]+[\s\S]*`, every state after the first hex digit
/// accepts the rest of any string, yet subset construction gives each digit that follows a state
/// of its own, so each of them had its own first mask, a walk of the whole vocabulary. Merged,
/// they are one state, whose language is the plain string's, whose mask preprocessing computed.
extension DenseDFA {
    /// The largest table (states × classes) minimized by default. Minimizing costs about 8 ns
    /// per transition here: 0.1 ms for a pattern's few hundred states, 1.2 to 1.6 ms for the
    /// 2,500- to 3,700-state automata of the largest patterns in JSONSchemaBench and the `uri`
    /// format (205k transitions, 3,669 states, 1,150 of them distinct). Larger automata keep
    /// their twins rather than cost a compile more.
    static let maxTransitionsMinimized = 1 << 18

    /// The minimal automaton of this one's language, numbered `dead` = 0, start = 1, then
    /// breadth-first in byte order; `self` when it is already minimal, empty, has shadows
    /// (whose states are kept apart on purpose, see `shadows`), or has more than
    /// `maxTransitions` transitions.
    func minimized(maxTransitions: Int = DenseDFA.maxTransitionsMinimized) -> DenseDFA {
        guard shadows == nil, start != Self.dead, stateCount > 2, table.count <= maxTransitions else { return self }
        let refinement = PartitionRefinement(self)
        refinement.run()
        guard refinement.blockCount < stateCount else { return self }
        return refinement.quotient()
    }
}

/// The working state of `DenseDFA.minimized()`: the states in blocks of states not yet told
/// apart, refined until every block's states lead, byte class by byte class, into one block.
///
/// The blocks lie in `elements` as contiguous ranges; while a splitter is applied, the states
/// it reaches are moved to the front of their block (`marked`). `dead` stays in a block of its
/// own and is never a splitter: every other state is live, so it differs from `dead` from the
/// start, and stability with respect to the other blocks implies it with respect to `dead`
/// (whose predecessors are therefore never listed: most transitions of a sparse automaton lead
/// there). The arrays are raw buffers: it runs at compile time over automata of thousands of
/// states by dozens of classes, where checked array accesses doubled its time.
private final class PartitionRefinement {
    let dfa: DenseDFA
    private let stateCount: Int
    /// Transitions into live states, grouped by target: `inverse[inverseStart[t] ..<
    /// inverseStart[t + 1]]` are `source << 8 | class` of the transitions into `t`.
    private let inverseStart: UnsafeMutableBufferPointer<Int32>
    private let inverse: UnsafeMutableBufferPointer<UInt32>
    // The partition: states in block order, each state's place and block, each block's range
    // and how many of its states are marked (at the front of the range).
    private let elements: UnsafeMutableBufferPointer<Int32>
    private let position: UnsafeMutableBufferPointer<Int32>
    private let blockOf: UnsafeMutableBufferPointer<Int32>
    private let blockStart: UnsafeMutableBufferPointer<Int32>
    private let blockEnd: UnsafeMutableBufferPointer<Int32>
    private let marked: UnsafeMutableBufferPointer<Int32>
    private(set) var blockCount = 0
    /// Blocks still to be used as splitters (at most one entry per block).
    private var worklist: [Int32] = []

    init(_ dfa: DenseDFA) {
        self.dfa = dfa
        let count = dfa.stateCount, classCount = dfa.classCount
        stateCount = count
        let starts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count + 1)
        starts.initialize(repeating: 0)
        var live = 0
        dfa.table.withUnsafeBufferPointer { table in
            for target in table where target != DenseDFA.dead { starts[Int(target) &+ 1] &+= 1 }
            for state in 0..<count { starts[state &+ 1] &+= starts[state] }
            live = Int(starts[count])
        }
        let sources = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(live, 1))
        let fill = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count + 1)
        defer { fill.deallocate() }
        _ = fill.initialize(from: starts)
        dfa.table.withUnsafeBufferPointer { table in
            for state in 1..<count {
                let row = state &* classCount
                for column in 0..<classCount {
                    let target = Int(table[row &+ column])
                    guard target != 0 else { continue }
                    sources[Int(fill[target])] = UInt32(state) << 8 | UInt32(column)
                    fill[target] &+= 1
                }
            }
        }
        inverseStart = starts
        inverse = UnsafeMutableBufferPointer(rebasing: sources[..<live])
        elements = .allocate(capacity: count)
        position = .allocate(capacity: count)
        blockOf = .allocate(capacity: count)
        blockStart = .allocate(capacity: count)
        blockEnd = .allocate(capacity: count)
        marked = .allocate(capacity: count)
        marked.initialize(repeating: 0)
        // Blocks: {dead}, the accepting states, the other live ones (when there are any).
        var next = 0
        for part in 0..<3 {
            let from = next
            for state in 0..<count {
                let belongs = part == 0 ? state == 0 : state != 0 && dfa.accepting[state] == (part == 1)
                guard belongs else { continue }
                elements[next] = Int32(state)
                position[state] = Int32(next)
                blockOf[state] = Int32(blockCount)
                next += 1
            }
            guard next > from else { continue }
            blockStart[blockCount] = Int32(from)
            blockEnd[blockCount] = Int32(next)
            if blockCount > 0 { worklist.append(Int32(blockCount)) }
            blockCount += 1
        }
    }

    deinit {
        for buffer in [inverseStart, elements, position, blockOf, blockStart, blockEnd, marked] { buffer.deallocate() }
        inverse.deallocate()
    }

    /// Refines until no splitter is left. Per splitter: the transitions into its states,
    /// bucketed by class (a counting sort), then per class the sources marked and their blocks
    /// split.
    func run() {
        let classCount = dfa.classCount
        let gathered = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(inverse.count, 1))
        let sorted = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(inverse.count, 1))
        let bucket = UnsafeMutableBufferPointer<Int32>.allocate(capacity: classCount + 1)
        let touched = UnsafeMutableBufferPointer<Int32>.allocate(capacity: stateCount)
        defer { for buffer in [sorted, bucket, touched] { buffer.deallocate() } }
        defer { gathered.deallocate() }
        while let splitter = worklist.popLast() {
            var count = 0
            bucket.initialize(repeating: 0)
            for index in Int(blockStart[Int(splitter)])..<Int(blockEnd[Int(splitter)]) {
                let target = Int(elements[index])
                for k in Int(inverseStart[target])..<Int(inverseStart[target &+ 1]) {
                    let entry = inverse[k]
                    gathered[count] = entry
                    count &+= 1
                    bucket[Int(entry & 0xFF) &+ 1] &+= 1
                }
            }
            guard count > 0 else { continue }
            for column in 0..<classCount { bucket[column &+ 1] &+= bucket[column] }
            for k in 0..<count { // afterwards bucket[c] is where class c's run ends
                let entry = gathered[k]
                let column = Int(entry & 0xFF)
                sorted[Int(bucket[column])] = Int32(entry >> 8)
                bucket[column] &+= 1
            }
            var from = 0
            for column in 0..<classCount {
                let end = Int(bucket[column])
                guard end > from else { continue }
                var touchedCount = 0
                for k in from..<end { mark(sorted[k], touched: touched, count: &touchedCount) }
                for k in 0..<touchedCount { split(touched[k]) }
                from = end
            }
        }
    }

    /// Moves `state` to the marked front of its block (once), noting the block when it is the
    /// first marked there.
    @inline(__always)
    private func mark(_ state: Int32, touched: UnsafeMutableBufferPointer<Int32>, count: inout Int) {
        let block = Int(blockOf[Int(state)])
        let first = blockStart[block] &+ marked[block]
        let at = position[Int(state)]
        guard at >= first else { return } // already marked
        let other = elements[Int(first)]
        elements[Int(first)] = state
        elements[Int(at)] = other
        position[Int(state)] = first
        position[Int(other)] = at
        if marked[block] == 0 {
            touched[count] = Int32(block)
            count &+= 1
        }
        marked[block] &+= 1
    }

    /// Splits `block` into its marked and unmarked states, if both are there. The smaller part
    /// becomes the new block, and a splitter: whether or not `block` still waits to be one,
    /// refining by the smaller part suffices (Hopcroft's argument), which bounds the work to
    /// O(transitions × log states).
    private func split(_ block: Int32) {
        let b = Int(block)
        let count = marked[b]
        marked[b] = 0
        let size = blockEnd[b] &- blockStart[b]
        guard count < size else { return }
        let newBlock = blockCount
        let range: Range<Int32>
        if count <= size &- count {
            range = blockStart[b]..<blockStart[b] &+ count
            blockStart[b] &+= count
        } else {
            range = blockStart[b] &+ count..<blockEnd[b]
            blockEnd[b] = blockStart[b] &+ count
        }
        blockStart[newBlock] = range.lowerBound
        blockEnd[newBlock] = range.upperBound
        marked[newBlock] = 0
        blockCount += 1
        for index in range { blockOf[Int(elements[Int(index)])] = Int32(newBlock) }
        worklist.append(Int32(newBlock))
    }

    /// The automaton whose states are the blocks, numbered `dead` = 0, start = 1, then in the
    /// order a breadth-first walk in class order reaches them.
    func quotient() -> DenseDFA {
        let classCount = dfa.classCount
        var number = [Int32](repeating: -1, count: blockCount)
        number[Int(blockOf[0])] = 0
        number[Int(blockOf[Int(dfa.start)])] = 1
        var order: [Int32] = [blockOf[0], blockOf[Int(dfa.start)]]
        var table: [UInt32] = []
        table.reserveCapacity(blockCount * classCount)
        var accepting: [Bool] = []
        accepting.reserveCapacity(blockCount)
        var next = 0
        while next < order.count {
            let representative = Int(elements[Int(blockStart[Int(order[next])])])
            next += 1
            accepting.append(dfa.accepting[representative])
            for column in 0..<classCount {
                let target = Int(blockOf[Int(dfa.table[representative * classCount + column])])
                if number[target] < 0 {
                    number[target] = Int32(order.count)
                    order.append(Int32(target))
                }
                table.append(UInt32(number[target]))
            }
        }
        return DenseDFA(classOf: dfa.classOf, classCount: classCount, table: table, accepting: accepting, isEmpty: false)
    }
}
