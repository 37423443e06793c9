/// Eager subset construction: a `ByteNFA` straight to a `DenseDFA`, every reachable state at once.
///
/// It builds the same automaton as exploring the lazy `ByteDFA` breadth-first (same states, same
/// numbering), several times faster, because everything lives in flat arrays:
/// - the NFA as compressed rows (edges as byte-class ranges, epsilon lists), live states only;
/// - DFA states as sorted runs of important NFA states in one pool, interned through an
///   open-addressing hash table;
/// - the targets of one DFA state for all byte classes gathered in one pass over its edges.
extension DenseDFA {
    /// The automaton of `nfa`; throws `automatonTooLarge(what)` when it would need more than
    /// `maxStates` states (`dead` included).
    convenience init(determinizing nfa: ByteNFA, maxStates: Int, what: String) throws(GrammarError) {
        var construction = SubsetConstruction(nfa)
        let isEmpty = try construction.run(maxStates: max(maxStates, 2), what: what)
        self.init(
            classOf: construction.classOf, classCount: construction.classCount, table: construction.table,
            accepting: construction.accepting, isEmpty: isEmpty)
    }
}

/// The working state of `DenseDFA(determinizing:)`.
struct SubsetConstruction {
    /// The class of each byte value.
    let classOf: [UInt8]
    /// The number of byte classes.
    let classCount: Int

    // The NFA, live part only, as compressed rows.
    private let edgeStart: [Int32] // [stateCount + 1]
    private let edgeLowClass: [Int32]
    private let edgeHighClass: [Int32]
    private let edgeTarget: [Int32]
    private let epsilonStart: [Int32] // [stateCount + 1]
    private let epsilonTarget: [Int32]
    private let important: [Bool]
    private let start: Int32
    private let accept: Int32

    // The DFA: state i is the sorted NFA states pool[setStart[i] ..< setStart[i + 1]].
    private var setStart: [Int32] = [0]
    private var pool: [Int32] = []
    private var hashes: [UInt64] = []
    private var slots: [Int32] = [Int32](repeating: -1, count: 64) // state ids, -1 = free
    /// `[stateCount, classCount]` transitions; 0 = `dead`.
    private(set) var table: [UInt32] = []
    /// Whether each state accepts.
    private(set) var accepting: [Bool] = []

    // Scratch space reused for every state.
    private var marks: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    private var closure: [Int32] = []
    private var classOffsets: [Int32]
    private var cursor: [Int32]
    private var gathered: [Int32] = []

    init(_ nfa: ByteNFA) {
        let live = nfa.liveStates()
        important = nfa.importantStates(live: live)
        let classes = nfa.byteClasses(live: live)
        classOf = classes.classOf
        classCount = classes.representatives.count
        var edgeStart: [Int32] = [0]
        var low: [Int32] = [], high: [Int32] = [], target: [Int32] = []
        var epsilonStart: [Int32] = [0]
        var epsilonTarget: [Int32] = []
        for state in 0..<nfa.stateCount {
            if live[state] {
                for edge in nfa.byteEdges[state] where live[Int(edge.target)] {
                    low.append(Int32(classes.classOf[Int(edge.low)]))
                    high.append(Int32(classes.classOf[Int(edge.high)]))
                    target.append(edge.target)
                }
                for next in nfa.epsilons[state] where live[Int(next)] { epsilonTarget.append(next) }
            }
            edgeStart.append(Int32(target.count))
            epsilonStart.append(Int32(epsilonTarget.count))
        }
        self.edgeStart = edgeStart
        edgeLowClass = low
        edgeHighClass = high
        edgeTarget = target
        self.epsilonStart = epsilonStart
        self.epsilonTarget = epsilonTarget
        start = nfa.start
        accept = nfa.accept
        marks = [UInt32](repeating: 0, count: nfa.stateCount)
        classOffsets = [Int32](repeating: 0, count: classCount + 1)
        cursor = [Int32](repeating: 0, count: classCount)
    }

    /// Builds every state; returns whether the language is empty.
    mutating func run(maxStates: Int, what: String) throws(GrammarError) -> Bool {
        closure.removeAll(keepingCapacity: true)
        let dead = try intern(maxStates: maxStates, what: what) // the empty set
        precondition(dead == 0)
        computeClosure(of: [start])
        guard !closure.isEmpty else { return true }
        let first = try intern(maxStates: maxStates, what: what)
        precondition(first == 1)
        var state = 1
        while state < accepting.count {
            try expand(state, maxStates: maxStates, what: what)
            state += 1
        }
        return false
    }

    /// Fills the table row of `state`: one target set per byte class.
    private mutating func expand(_ state: Int, maxStates: Int, what: String) throws(GrammarError) {
        let members = Int(setStart[state])..<Int(setStart[state + 1])
        // Count the targets of each class, then gather them class by class.
        for c in 0...classCount { classOffsets[c] = 0 }
        for k in members {
            let nfaState = Int(pool[k])
            for e in Int(edgeStart[nfaState])..<Int(edgeStart[nfaState + 1]) {
                for c in Int(edgeLowClass[e])...Int(edgeHighClass[e]) { classOffsets[c + 1] += 1 }
            }
        }
        for c in 0..<classCount {
            classOffsets[c + 1] += classOffsets[c]
            cursor[c] = classOffsets[c]
        }
        let total = Int(classOffsets[classCount])
        if gathered.count < total { gathered.append(contentsOf: repeatElement(0, count: total - gathered.count)) }
        for k in members {
            let nfaState = Int(pool[k])
            for e in Int(edgeStart[nfaState])..<Int(edgeStart[nfaState + 1]) {
                for c in Int(edgeLowClass[e])...Int(edgeHighClass[e]) {
                    gathered[Int(cursor[c])] = edgeTarget[e]
                    cursor[c] += 1
                }
            }
        }
        let row = state * classCount
        for c in 0..<classCount {
            let seeds = Int(classOffsets[c])..<Int(classOffsets[c + 1])
            if seeds.isEmpty { continue }
            if c > 0, sameSeeds(seeds, Int(classOffsets[c - 1])..<Int(classOffsets[c])) {
                table[row + c] = table[row + c - 1]
                continue
            }
            computeClosure(seeds: seeds)
            table[row + c] = UInt32(try intern(maxStates: maxStates, what: what))
        }
    }

    private func sameSeeds(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.count where gathered[a.lowerBound + k] != gathered[b.lowerBound + k] { return false }
        return true
    }

    private mutating func computeClosure(of seeds: [Int32]) {
        gathered = seeds
        computeClosure(seeds: 0..<seeds.count)
    }

    /// The important states reachable from `gathered[seeds]` by epsilon edges, sorted, in `closure`.
    private mutating func computeClosure(seeds: Range<Int>) {
        generation &+= 1
        if generation == 0 {
            for index in marks.indices { marks[index] = 0 }
            generation = 1
        }
        closure.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        for k in seeds {
            let seed = Int(gathered[k])
            if marks[seed] != generation {
                marks[seed] = generation
                stack.append(Int32(seed))
            }
        }
        while let state = stack.popLast() {
            let s = Int(state)
            if important[s] { closure.append(state) }
            for k in Int(epsilonStart[s])..<Int(epsilonStart[s + 1]) {
                let next = Int(epsilonTarget[k])
                if marks[next] != generation {
                    marks[next] = generation
                    stack.append(Int32(next))
                }
            }
        }
        closure.sort()
    }

    /// The id of the state whose set is `closure`, creating it (with a zero table row) if new.
    private mutating func intern(maxStates: Int, what: String) throws(GrammarError) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(closure.count)
        for value in closure { hash = (hash ^ UInt64(UInt32(bitPattern: value))) &* 0x100_0000_01b3 }
        hash ^= hash >> 29
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let id = Int(slots[slot])
            if hashes[id] == hash, equalsClosure(id) { return id }
            slot = (slot + 1) & mask
        }
        let id = accepting.count
        guard id < maxStates else { throw GrammarError.automatonTooLarge(what) }
        slots[slot] = Int32(id)
        hashes.append(hash)
        pool.append(contentsOf: closure)
        setStart.append(Int32(pool.count))
        accepting.append(closure.contains(accept))
        table.append(contentsOf: repeatElement(0, count: classCount))
        if accepting.count * 2 > slots.count { rehash() }
        return id
    }

    private func equalsClosure(_ id: Int) -> Bool {
        let lower = Int(setStart[id])
        guard Int(setStart[id + 1]) - lower == closure.count else { return false }
        for k in 0..<closure.count where pool[lower + k] != closure[k] { return false }
        return true
    }

    private mutating func rehash() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for id in 0..<accepting.count {
            var slot = Int(truncatingIfNeeded: hashes[id]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }
}
