/// Building `DenseDFA`s from literal byte strings and as products (regexes: `DenseDFA+Determinize`).
extension DenseDFA {
    /// The most states a lexeme automaton may have before compilation refuses it.
    static let maxStates = 200_000

    /// The automaton accepting exactly the byte strings `words`: their trie, built straight
    /// into the transition table (every trie node lies on a word, so every state is live).
    convenience init(literals words: [[UInt8]]) {
        var classOf = [UInt8](repeating: 0, count: 256)
        var used = ByteSet()
        for word in words { for byte in word { used.insert(byte) } }
        // Class 0 holds every unused byte (if any); each used byte gets its own class.
        var classCount = used.count == 256 ? 0 : 1
        for byte in used.elements {
            classOf[Int(byte)] = UInt8(classCount)
            classCount += 1
        }
        guard !words.isEmpty else {
            self.init(
                classOf: classOf, classCount: classCount, table: [UInt32](repeating: 0, count: classCount),
                accepting: [false], isEmpty: true)
            return
        }
        // Rows: 0 = dead, 1 = the root.
        var table = [UInt32](repeating: 0, count: 2 * classCount)
        var accepting = [false, false]
        for word in words {
            var node = 1
            for byte in word {
                let slot = node * classCount + Int(classOf[Int(byte)])
                if table[slot] == 0 {
                    table[slot] = UInt32(accepting.count)
                    accepting.append(false)
                    table.append(contentsOf: repeatElement(0, count: classCount))
                }
                node = Int(table[slot])
            }
            accepting[node] = true
        }
        self.init(classOf: classOf, classCount: classCount, table: table, accepting: accepting, isEmpty: false)
    }

    /// How two automata combine in `product`.
    enum ProductMode { case intersection, union, difference }

    /// The automaton of `a ∩ b`, `a ∪ b` or `a \ b`: the reachable pairs of states, explored
    /// breadth-first from the pair of starts, then pruned to the live ones.
    ///
    /// Pairs are numbered through a flat `[a.stateCount, b.stateCount]` table when that is
    /// small (it is for the common products: a string automaton of a few dozen states by a name
    /// or pattern automaton), through a dictionary otherwise.
    static func product(_ a: DenseDFA, _ b: DenseDFA, _ mode: ProductMode, what: String) throws(GrammarError) -> DenseDFA {
        var pairs: [UInt16: UInt8] = [:]
        var classOf = [UInt8](repeating: 0, count: 256)
        var aClass: [Int] = [], bClass: [Int] = [] // per product class, its class in `a` and in `b`
        for byte in 0..<256 {
            let key = UInt16(a.classOf[byte]) << 8 | UInt16(b.classOf[byte])
            if let known = pairs[key] { classOf[byte] = known; continue }
            guard aClass.count < 256 else { throw GrammarError.automatonTooLarge(what) }
            pairs[key] = UInt8(aClass.count)
            classOf[byte] = UInt8(aClass.count)
            aClass.append(Int(a.classOf[byte]))
            bClass.append(Int(b.classOf[byte]))
        }
        let classCount = aClass.count
        var index = PairIndex(aStates: a.stateCount, bStates: b.stateCount)
        var membersA: [UInt32] = [], membersB: [UInt32] = [] // explored pair i
        var rows: [Int32] = [] // [explored, classCount], -1 = dead
        rows.reserveCapacity(64 * classCount)
        let deadA = mode != .union, deadB = mode == .intersection // which side's death kills the pair
        if !(a.start == dead && (deadA || b.start == dead)) && !(deadB && b.start == dead) {
            _ = index.id(a.start, b.start, next: 0)
            membersA.append(a.start)
            membersB.append(b.start)
        }
        let aCount = a.classCount, bCount = b.classCount
        let aTable = a.table, bTable = b.table
        var explored = 0
        while explored < membersA.count {
            let aRow = Int(membersA[explored]) &* aCount, bRow = Int(membersB[explored]) &* bCount
            for column in 0..<classCount {
                let x = aTable[aRow &+ aClass[column]], y = bTable[bRow &+ bClass[column]]
                if (x == dead && (deadA || y == dead)) || (deadB && y == dead) {
                    rows.append(-1)
                    continue
                }
                let id = index.id(x, y, next: Int32(membersA.count))
                if Int(id) == membersA.count {
                    guard membersA.count < maxStates else { throw GrammarError.automatonTooLarge(what) }
                    membersA.append(x)
                    membersB.append(y)
                }
                rows.append(id)
            }
            explored += 1
        }
        let accepting = zip(membersA, membersB).map { x, y in
            switch mode {
            case .intersection: a.isAccepting(x) && b.isAccepting(y)
            case .union: a.isAccepting(x) || b.isAccepting(y)
            case .difference: a.isAccepting(x) && !b.isAccepting(y)
            }
        }
        return DenseDFA(pruning: rows, accepting: accepting, classOf: classOf, classCount: classCount)
    }

    /// Numbers for pairs of states: a flat table when `aStates * bStates` is small, else a
    /// dictionary.
    private struct PairIndex {
        static let maxFlat = 1 << 18
        let bStates: Int
        var flat: [Int32]
        var dictionary: [UInt64: Int32] = [:]

        init(aStates: Int, bStates: Int) {
            self.bStates = bStates
            flat = aStates * bStates <= Self.maxFlat ? [Int32](repeating: -1, count: aStates * bStates) : []
        }

        /// The number of pair (`x`, `y`), which becomes `next` if the pair is new.
        @inline(__always)
        mutating func id(_ x: UInt32, _ y: UInt32, next: Int32) -> Int32 {
            if !flat.isEmpty {
                let slot = Int(x) &* bStates &+ Int(y)
                let known = flat[slot]
                if known >= 0 { return known }
                flat[slot] = next
                return next
            }
            let key = UInt64(x) << 32 | UInt64(y)
            if let known = dictionary[key] { return known }
            dictionary[key] = next
            return next
        }
    }

    /// Wraps explored `rows` (`[accepting.count, classCount]`, -1 = dead; state 0 the start)
    /// after pruning the states that cannot reach acceptance, renumbered `dead` = 0, start = 1.
    convenience init(pruning rows: [Int32], accepting explored: [Bool], classOf: [UInt8], classCount: Int) {
        let count = explored.count
        // Liveness, backwards from the accepting states over reverse edges in compressed rows.
        var reverseStart = [Int32](repeating: 0, count: count + 1)
        for target in rows where target >= 0 { reverseStart[Int(target) + 1] += 1 }
        for state in 0..<count { reverseStart[state + 1] += reverseStart[state] }
        var fill = reverseStart
        var reverse = [Int32](repeating: 0, count: Int(reverseStart[count]))
        for state in 0..<count {
            for target in rows[state * classCount..<(state + 1) * classCount] where target >= 0 {
                reverse[Int(fill[Int(target)])] = Int32(state)
                fill[Int(target)] += 1
            }
        }
        var live = explored
        var stack = (0..<count).filter { live[$0] }
        while let state = stack.popLast() {
            for k in Int(reverseStart[state])..<Int(reverseStart[state + 1]) where !live[Int(reverse[k])] {
                live[Int(reverse[k])] = true
                stack.append(Int(reverse[k]))
            }
        }
        guard count > 0, live[0] else {
            self.init(classOf: classOf, classCount: classCount, table: [UInt32](repeating: 0, count: classCount), accepting: [false], isEmpty: true)
            return
        }
        var newID = [UInt32](repeating: 0, count: count)
        var next: UInt32 = 1
        for state in 0..<count where live[state] { newID[state] = next; next += 1 }
        var table = [UInt32](repeating: 0, count: Int(next) * classCount)
        var accepting = [Bool](repeating: false, count: Int(next))
        for state in 0..<count where live[state] {
            let row = Int(newID[state]) * classCount
            for column in 0..<classCount {
                let target = rows[state * classCount + column]
                if target >= 0 { table[row + column] = newID[Int(target)] }
            }
            accepting[Int(newID[state])] = explored[state]
        }
        self.init(classOf: classOf, classCount: classCount, table: table, accepting: accepting, isEmpty: false)
    }
}
