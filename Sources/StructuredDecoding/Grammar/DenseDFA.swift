import Synchronization

/// A lexeme's automaton, fully built and immutable: the form the mask walks read.
///
/// States are `UInt32`; `dead` (0) rejects everything and `start` is 1 (or 0 for the empty
/// language). Every other state can still reach acceptance (the tables are pruned), so a walk
/// that has not reached `dead` can always be finished. Bytes are folded into classes so the
/// table stays small: `next(s, b) = table[s * classCount + classOf[b]]`.
///
/// Built from a lazy `ByteDFA` (regex, JSON strings), from literal byte strings (punctuation,
/// keys, constants), or as the product of two others (bounds, several patterns).
final class DenseDFA: Sendable {
    /// The state that accepts nothing.
    static let dead: UInt32 = 0
    /// The class of each byte value.
    let classOf: [UInt8]
    /// The number of byte classes.
    let classCount: Int
    /// `[stateCount, classCount]` transitions.
    let table: [UInt32]
    /// Whether each state accepts.
    let accepting: [Bool]
    /// The initial state (`dead` when the language is empty).
    let start: UInt32
    /// The bytes that can begin a word of the language (`next(start, b) != dead`).
    let firstBytes: ByteSet
    /// The byte axis as runs of one class: `classRuns[i]` covers the bytes after the previous
    /// run's `last` up to its own `last` (the final run ends at 255).
    let classRuns: [(last: UInt8, byteClass: UInt8)]
    /// Each state's *shadow*, when the automaton has them: a state whose language differs from
    /// this one's along few byte paths, and is its own shadow. An additional-property key's
    /// state inside the trie of declared names (`strings(_:except:)`) has the plain string state
    /// it lies in: a byte off the trie continues both alike, so the two differ only along the
    /// names. A shadowed state's mask is the shadow's memoized one, corrected along those paths
    /// (`ShadowWalk`). `nil` for other automata.
    let shadows: [UInt32]?

    /// `transitionRuns`, once made.
    private let runsOnce = Mutex<TransitionRuns?>(nil)
    /// `loopGroups`, once made.
    let loopsOnce = Mutex<[UInt64]?>(nil)

    /// The number of states, `dead` included.
    var stateCount: Int { accepting.count }

    /// Each state's transitions as maximal runs of bytes leading to one state: state `s`'s are
    /// `runs[starts[s] ..< starts[s + 1]]`, each as `appendRuns` writes them.
    struct TransitionRuns: Sendable {
        let starts: [Int32]
        let runs: [UInt64]
    }

    /// The most states whose runs `transitionRuns` makes all at once. Making them costs a pass
    /// over every state's row, and the canonical form that reads them visits at most
    /// `LexemeLanguage.maxStates` states: for a large automaton (the names of an object with a
    /// hundred properties, a long enumeration) that pass took 3 to 8 ms inside the first mask
    /// that needed one state's language, so a large automaton's states are read one at a time.
    static let maxStatesWithRuns = 512

    /// The transitions of every state as runs, made on first use and kept (`LexemeLanguage`
    /// reads a few states of many automata, each state many times); `nil` for automata over
    /// `maxStatesWithRuns` states, whose states are read with `appendRuns` one at a time.
    var transitionRuns: TransitionRuns? {
        guard stateCount <= Self.maxStatesWithRuns else { return nil }
        return runsOnce.withLock { made in
            if let made { return made }
            var starts: [Int32] = [0]
            var runs: [UInt64] = []
            starts.reserveCapacity(stateCount + 1)
            for state in 0..<stateCount {
                appendRuns(of: UInt32(state), to: &runs)
                starts.append(Int32(runs.count))
            }
            let result = TransitionRuns(starts: starts, runs: runs)
            made = result
            return result
        }
    }

    /// Appends the transitions of `state` as maximal runs of bytes leading to one state, in byte
    /// order, each `lastByte << 32 | target` (the last one ends at 255).
    func appendRuns(of state: UInt32, to runs: inout [UInt64]) {
        let row = Int(state) * classCount
        var target = table[row + Int(classRuns[0].byteClass)]
        var last = classRuns[0].last
        for run in classRuns.dropFirst() {
            let next = table[row + Int(run.byteClass)]
            if next != target {
                runs.append(UInt64(last) << 32 | UInt64(target))
                target = next
            }
            last = run.last
        }
        runs.append(255 << 32 | UInt64(target))
    }

    /// Wraps tables that are already pruned (every non-dead state live) and numbered with
    /// `dead` = 0 and the start at 1, with each state's shadow if known (see `shadows`).
    init(classOf: [UInt8], classCount: Int, table: [UInt32], accepting: [Bool], isEmpty: Bool, shadows: [UInt32]? = nil) {
        precondition(shadows.map { s in s.count == accepting.count && s.allSatisfy { s[Int($0)] == $0 } } ?? true, "a shadow is its own shadow")
        self.shadows = shadows
        self.classOf = classOf
        self.classCount = classCount
        self.table = table
        self.accepting = accepting
        start = isEmpty ? Self.dead : 1
        var first = ByteSet()
        if !isEmpty {
            for byte in 0..<256 where table[classCount + Int(classOf[byte])] != Self.dead { first.insert(UInt8(byte)) }
        }
        firstBytes = first
        var runs: [(last: UInt8, byteClass: UInt8)] = []
        for byte in 0..<256 {
            if byte > 0, classOf[byte] == classOf[byte - 1] {
                runs[runs.count - 1].last = UInt8(byte)
            } else {
                runs.append((UInt8(byte), classOf[byte]))
            }
        }
        classRuns = runs
    }

    /// The state after `byte`.
    @inline(__always)
    func next(_ state: UInt32, _ byte: UInt8) -> UInt32 {
        table[Int(state) &* classCount &+ Int(classOf[Int(byte)])]
    }

    /// Whether `state` accepts.
    @inline(__always)
    func isAccepting(_ state: UInt32) -> Bool { accepting[Int(state)] }

    /// Whether at most `limit` byte values continue `state`, and it does not accept (a literal's
    /// inside, an enumerated string's: masks read few subtrees there).
    func isNarrow(_ state: UInt32, limit: Int) -> Bool {
        guard !isAccepting(state) else { return false }
        let row = Int(state) * classCount
        var count = 0, first = 0
        for run in classRuns {
            if table[row + Int(run.byteClass)] != Self.dead {
                count += Int(run.last) - first + 1
                if count > limit { return false }
            }
            first = Int(run.last) + 1
        }
        return true
    }

    /// Whether the whole of `bytes` is in the language.
    func matches(_ bytes: some Sequence<UInt8>) -> Bool {
        var state = start
        for byte in bytes {
            state = next(state, byte)
            if state == Self.dead { return false }
        }
        return isAccepting(state)
    }
}

/// A set of byte values as four words.
struct ByteSet: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    init() {}

    /// Adds `byte`.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word >> UInt64(byte & 63) & 1 != 0
    }

    /// Adds every byte of `other`.
    mutating func formUnion(_ other: ByteSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    /// The number of bytes in the set.
    var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// The bytes in increasing order.
    var elements: [UInt8] { (0...255).compactMap { contains(UInt8($0)) ? UInt8($0) : nil } }

    static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
