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

    /// The automaton of `a ∩ b`, `a ∪ b` or `a \ b`.
    static func product(_ a: DenseDFA, _ b: DenseDFA, _ mode: ProductMode, what: String) throws(GrammarError) -> DenseDFA {
        var pairs: [UInt16: UInt8] = [:]
        var classOf = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        for byte in 0..<256 {
            let key = UInt16(a.classOf[byte]) << 8 | UInt16(b.classOf[byte])
            if let known = pairs[key] { classOf[byte] = known; continue }
            guard representatives.count < 256 else { throw GrammarError.automatonTooLarge(what) }
            pairs[key] = UInt8(representatives.count)
            classOf[byte] = UInt8(representatives.count)
            representatives.append(UInt8(byte))
        }
        struct Pair: Hashable { var a: UInt32, b: UInt32 }
        let isDead: (Pair) -> Bool = { pair in
            switch mode {
            case .intersection: pair.a == dead || pair.b == dead
            case .union: pair.a == dead && pair.b == dead
            case .difference: pair.a == dead
            }
        }
        let built = try explore(
            start: Pair(a: a.start, b: b.start), isDead: isDead, classOf: classOf, representatives: representatives,
            step: { pair, byte in Pair(a: a.next(pair.a, byte), b: b.next(pair.b, byte)) },
            isAccepting: { pair in
                switch mode {
                case .intersection: a.isAccepting(pair.a) && b.isAccepting(pair.b)
                case .union: a.isAccepting(pair.a) || b.isAccepting(pair.b)
                case .difference: a.isAccepting(pair.a) && !b.isAccepting(pair.b)
                }
            }, what: what)
        return DenseDFA(built)
    }

    /// Tables before wrapping.
    struct Built {
        var classOf: [UInt8]
        var classCount: Int
        var table: [UInt32]
        var accepting: [Bool]
        var isEmpty: Bool
    }

    private convenience init(_ built: Built) {
        self.init(
            classOf: built.classOf, classCount: built.classCount, table: built.table,
            accepting: built.accepting, isEmpty: built.isEmpty)
    }

    /// Breadth-first exploration from `start`, then pruning of states that cannot reach
    /// acceptance, numbered `dead` = 0, start = 1.
    private static func explore<Key: Hashable>(
        start: Key, isDead: (Key) -> Bool, classOf: [UInt8], representatives: [UInt8],
        step: (Key, UInt8) -> Key, isAccepting: (Key) -> Bool, what: String
    ) throws(GrammarError) -> Built {
        let classCount = representatives.count
        var ids: [Key: Int] = [:]
        var keys: [Key] = []
        var rows: [Int32] = [] // [explored, classCount], -1 = dead
        if !isDead(start) {
            ids[start] = 0
            keys.append(start)
        }
        var index = 0
        while index < keys.count {
            let key = keys[index]
            for column in 0..<classCount {
                let target = step(key, representatives[column])
                if isDead(target) { rows.append(-1); continue }
                if let known = ids[target] { rows.append(Int32(known)); continue }
                guard keys.count < maxStates else { throw GrammarError.automatonTooLarge(what) }
                ids[target] = keys.count
                keys.append(target)
                rows.append(Int32(keys.count - 1))
            }
            index += 1
        }
        // Liveness: states from which an accepting state is reachable.
        let count = keys.count
        var reverse = [[Int32]](repeating: [], count: count)
        for state in 0..<count {
            for column in 0..<classCount where rows[state * classCount + column] >= 0 {
                reverse[Int(rows[state * classCount + column])].append(Int32(state))
            }
        }
        var live = keys.map(isAccepting)
        var stack = (0..<count).filter { live[$0] }
        while let state = stack.popLast() {
            for previous in reverse[state] where !live[Int(previous)] {
                live[Int(previous)] = true
                stack.append(Int(previous))
            }
        }
        guard count > 0, live[0] else {
            return Built(
                classOf: classOf, classCount: classCount, table: [UInt32](repeating: 0, count: classCount),
                accepting: [false], isEmpty: true)
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
            accepting[Int(newID[state])] = isAccepting(keys[state])
        }
        return Built(classOf: classOf, classCount: classCount, table: table, accepting: accepting, isEmpty: false)
    }
}
