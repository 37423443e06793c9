/// Counts the Unicode scalars of a JSON string literal beside a string automaton, so
/// `minLength`/`maxLength` cost no extra automaton states (and no extra mask walks).
///
/// The automaton is the one of unbounded strings, or of a `pattern`/`format` without bounds.
/// Each of its states lies either between two whole scalars inside the quotes (`atBoundary`:
/// after raw UTF-8, a short escape, `\uXXXX`, a surrogate pair) or in the middle of one, which
/// will count once finished. A state of the counted lexeme is `count << 12 | base`: `count`
/// scalars are complete, `base` is the automaton's state.
///
/// A state is kept only while the string can still close within the bounds: `need[base]` is the
/// fewest scalars left to complete (the one begun included) before the closing quote, and from
/// each state either every number from `need` on can be completed (open: any unbounded string,
/// `[a-z]+`, `\w[\w-]*\w`) or only `need` (rigid: after `/` in `[\w/-]|\w[\w/-]*\w`). The
/// initializer checks that every state is one or the other and returns `nil` otherwise
/// (`(ab)+`, `a|bbb`), and the caller builds the exact bounded automaton instead.
struct LengthCounter: Sendable {
    /// Bits of the base state.
    static let baseBits: UInt32 = 12
    static let baseMask: UInt32 = (1 << baseBits) - 1
    /// The largest count a state can hold.
    static let maxCount = Int(UInt32.max >> baseBits) - 1

    let minimum: Int
    let maximum: Int
    /// Per automaton state, packed for the walks that read it per byte: the fewest scalars still
    /// to complete before the string can close `<< 3`, then `accepting` (4), `rigid` (2: that
    /// number is the only one left, else every larger one is too) and `boundary` (1: between two
    /// whole scalars inside the quotes).
    let info: [UInt32]
    static let boundary: UInt32 = 1, rigid: UInt32 = 2, accepting: UInt32 = 4

    /// The counter for `dfa`, a quoted JSON string automaton, whose scalar boundaries are read
    /// off `strings` (the unbounded quoted JSON string automaton, which returns to one state
    /// after every whole scalar); `nil` when either automaton is not of the expected shape, when
    /// a state of `dfa` is neither rigid nor open, or when no string of `dfa` fits the bounds
    /// (the caller then builds an exact automaton instead).
    init?(_ dfa: DenseDFA, strings: DenseDFA, minimum: Int, maximum: Int) {
        guard dfa.stateCount <= Int(Self.baseMask), maximum <= Self.maxCount, minimum <= maximum else { return nil }
        let boundary = strings.next(strings.start, UInt8(ascii: "\""))
        // Whole scalars of each spelling lead back to the same state.
        for spelling in ["a", "\\n", "\\u00e9", "\\ud83d\\ude00", "é", "😀"] {
            var state = boundary
            for byte in spelling.utf8 { state = strings.next(state, byte) }
            guard state == boundary else { return nil }
        }
        guard dfa.start != DenseDFA.dead, let atBoundary = Self.boundaries(dfa, strings: strings, boundary: boundary) else { return nil }
        let need = Self.fewestScalarsLeft(dfa, atBoundary: atBoundary)
        guard let rigid = Self.rigidity(dfa, atBoundary: atBoundary, need: need) else { return nil }
        let fewest = Int(need[Int(dfa.start)])
        guard fewest <= maximum, !rigid[Int(dfa.start)] || fewest >= minimum else { return nil }
        self.minimum = minimum
        self.maximum = maximum
        info = (0..<dfa.stateCount).map { state in
            let flags = (dfa.accepting[state] ? Self.accepting : 0) | (rigid[state] ? Self.rigid : 0) | (atBoundary[state] ? Self.boundary : 0)
            return UInt32(min(Int(need[state]), 1 << 28)) << 3 | flags
        }
    }

    /// The counted state after `byte`.
    @inline(__always)
    func next(_ state: UInt32, _ byte: UInt8, _ dfa: DenseDFA) -> UInt32 {
        let base = state & Self.baseMask
        let nextBase = dfa.next(base, byte)
        if nextBase == DenseDFA.dead { return DenseDFA.dead }
        var count = Int(state >> Self.baseBits)
        let next = info[Int(nextBase)]
        if next & Self.boundary != 0 && base != dfa.start { count += 1 } // a scalar completed
        if next & Self.accepting != 0 {
            if count < minimum { return DenseDFA.dead }
        } else {
            let total = count + Int(next >> 3)
            if total > maximum || (next & Self.rigid != 0 && total < minimum) { return DenseDFA.dead }
        }
        return UInt32(count) << Self.baseBits | nextBase
    }
}
