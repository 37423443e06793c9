import Synchronization

/// A deterministic automaton over bytes, built lazily from a `ByteNFA` by subset construction:
/// each `(state, byte class)` transition is computed the first time it is asked for, then
/// memoized. States are small integers; `dead` (0) is the state from which nothing is accepted.
///
/// ```swift
/// let dfa = try RegexPattern("[0-9]{3}-[0-9]{4}").compile()
/// var state = dfa.start
/// for byte in "555-0123".utf8 { state = dfa.next(state, byte) }
/// dfa.isAccepting(state)         // true
/// dfa.next(dfa.start, UInt8(ascii: "x")) == dfa.dead  // true
/// ```
///
/// Every DFA state holds only NFA states that can still reach acceptance, so a state is live
/// (`canReachAccept`) exactly when it is not `dead`. Invalid UTF-8 never leads anywhere but
/// `dead`: the NFA only has paths for well-formed encodings.
///
/// Thread safety: the memo table is mutated on reads, so it lives behind a `Mutex`; any thread
/// may call any method. `next` takes the lock once per byte; `withStepper` takes it once for a
/// whole walk (what a vocabulary-trie walk should use).
///
/// State limit: when a new state would exceed `maxStates`, the transition goes to `dead` instead
/// (memoized) and `hasOverflowed` becomes true. The automaton then accepts a subset of the
/// language: never a text outside it, possibly not every text inside it. Callers that need
/// exactness check `hasOverflowed` (or use `checkedNext`) and report the error.
public final class ByteDFA: Sendable {
    /// The state before any byte is read.
    public let start: Int
    /// The state from which no text is accepted; every transition out of it leads back to it.
    public let dead = 0
    /// The most states this automaton will create.
    public let maxStates: Int
    /// The number of byte equivalence classes: bytes in one class always lead to the same state.
    public let byteClassCount: Int
    /// The class of each byte value (256 entries), for callers that cache per class.
    public let byteClasses: [UInt8]

    let nfa: ByteNFA
    /// The first byte of each class.
    private let representatives: [UInt8]
    /// NFA states kept in DFA states: live ones with byte edges, and the accepting state.
    private let important: [Bool]
    private let storage: Mutex<Storage>

    private struct Storage {
        var sets: [[Int32]] = []
        var ids: [[Int32]: Int32] = [:]
        var accepting: [Bool] = []
        var transitions: [Int32] = [] // [stateCount, classCount], -1 = not computed yet
        var overflowed = false
        var marks: [UInt32]
        var generation: UInt32 = 0
    }

    /// Prepares the lazy automaton for `nfa`; only the start state is built.
    init(nfa: ByteNFA, maxStates: Int) {
        let maxStates = max(maxStates, 2)
        let live = nfa.liveStates()
        let important = nfa.importantStates(live: live)
        let (classes, representatives) = nfa.byteClasses(live: live)
        var storage = Storage(marks: [UInt32](repeating: 0, count: nfa.stateCount))
        _ = Self.intern([], in: &storage, classCount: representatives.count, maxStates: maxStates, nfa: nfa)
        for column in 0..<representatives.count { storage.transitions[column] = 0 }
        let startSet = Self.closure(of: [nfa.start], in: &storage, nfa: nfa, important: important)
        start = Int(Self.intern(startSet, in: &storage, classCount: representatives.count, maxStates: maxStates, nfa: nfa))
        self.nfa = nfa
        self.maxStates = maxStates
        self.important = important
        self.byteClasses = classes
        self.representatives = representatives
        self.byteClassCount = representatives.count
        self.storage = Mutex(storage)
    }

    /// The state after reading `byte` in `state` (a state this automaton returned; anything
    /// else is a programming error and traps).
    public func next(_ state: Int, _ byte: UInt8) -> Int {
        storage.withLock { storage in Int(step(Int32(state), byte, &storage)) }
    }

    /// Like `next`, but throws `automatonTooLarge` if the state limit has been hit, so a caller
    /// never silently works with an under-approximation.
    public func checkedNext(_ state: Int, _ byte: UInt8) throws(RegexError) -> Int {
        let (result, overflowed) = storage.withLock { storage in
            (Int(step(Int32(state), byte, &storage)), storage.overflowed)
        }
        if overflowed { throw RegexError(.automatonTooLarge(what: "the lazy DFA", limit: maxStates), at: 0) }
        return result
    }

    /// Calls `body` with a step function `(state, byte) -> state` and an acceptance test that
    /// run under one lock acquisition: the fast way to walk many bytes (a token, a vocabulary
    /// trie). `body` must not call other methods of this automaton (the lock is not re-entrant).
    ///
    /// ```swift
    /// let accepted = dfa.withStepper { step, isAccepting in
    ///     isAccepting("abc".utf8.reduce(dfa.start, step))
    /// }
    /// ```
    public func withStepper<Result, Failure: Error>(
        _ body: (_ step: (Int, UInt8) -> Int, _ isAccepting: (Int) -> Bool) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withLock { (storage) throws(Failure) -> Result in
            try body({ state, byte in Int(self.step(Int32(state), byte, &storage)) }, { storage.accepting[$0] })
        }
    }

    /// Whether the text read so far is in the language.
    public func isAccepting(_ state: Int) -> Bool {
        storage.withLock { storage in
            precondition(state >= 0 && state < storage.accepting.count, "ByteDFA: unknown state \(state)")
            return storage.accepting[state]
        }
    }

    /// Whether some continuation from `state` is accepted (a live state): `state != dead`.
    public func canReachAccept(_ state: Int) -> Bool { state != dead }

    /// The number of states built so far, `dead` included.
    public var stateCount: Int { storage.withLock { $0.sets.count } }

    /// Whether a transition was cut short by `maxStates` (see the type's documentation).
    public var hasOverflowed: Bool { storage.withLock { $0.overflowed } }

    // MARK: - Construction

    private func step(_ state: Int32, _ byte: UInt8, _ storage: inout Storage) -> Int32 {
        let column = Int(byteClasses[Int(byte)])
        precondition(state >= 0 && Int(state) < storage.sets.count, "ByteDFA: unknown state \(state)")
        let slot = Int(state) * byteClassCount + column
        let known = storage.transitions[slot]
        if known >= 0 { return known }
        let representative = representatives[column]
        var targets: [Int32] = []
        for nfaState in storage.sets[Int(state)] {
            for edge in nfa.byteEdges[Int(nfaState)] where edge.low <= representative && representative <= edge.high {
                targets.append(edge.target)
            }
        }
        let set = Self.closure(of: targets, in: &storage, nfa: nfa, important: important)
        let target = Self.intern(set, in: &storage, classCount: byteClassCount, maxStates: maxStates, nfa: nfa)
        storage.transitions[slot] = target
        return target
    }

    /// The important NFA states reachable from `seeds` through epsilon edges, sorted.
    private static func closure(of seeds: [Int32], in storage: inout Storage, nfa: ByteNFA, important: [Bool]) -> [Int32] {
        storage.generation &+= 1
        if storage.generation == 0 {
            for index in storage.marks.indices { storage.marks[index] = 0 }
            storage.generation = 1
        }
        let generation = storage.generation
        var stack: [Int32] = []
        for seed in seeds where storage.marks[Int(seed)] != generation {
            storage.marks[Int(seed)] = generation
            stack.append(seed)
        }
        var result: [Int32] = []
        while let state = stack.popLast() {
            if important[Int(state)] { result.append(state) }
            for next in nfa.epsilons[Int(state)] where storage.marks[Int(next)] != generation {
                storage.marks[Int(next)] = generation
                stack.append(next)
            }
        }
        result.sort()
        return result
    }

    /// The id of the DFA state for `set`, creating it (or `dead` past the limit).
    private static func intern(_ set: [Int32], in storage: inout Storage, classCount: Int, maxStates: Int, nfa: ByteNFA) -> Int32 {
        if let id = storage.ids[set] { return id }
        guard storage.sets.count < maxStates else {
            storage.overflowed = true
            return 0
        }
        let id = Int32(storage.sets.count)
        storage.sets.append(set)
        storage.ids[set] = id
        storage.accepting.append(set.contains(nfa.accept))
        storage.transitions.append(contentsOf: repeatElement(-1, count: classCount))
        return id
    }
}
