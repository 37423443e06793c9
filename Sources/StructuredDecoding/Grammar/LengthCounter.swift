/// Counts the Unicode scalars of a JSON string literal beside the automaton of unbounded
/// strings, so `minLength`/`maxLength` cost no extra automaton states (and no extra mask walks).
///
/// The unbounded automaton returns to one state, `boundary`, after every whole scalar (raw
/// UTF-8, short escape, `\uXXXX`, surrogate pair); any other state inside the quotes is in the
/// middle of a scalar, which will count once finished. A state of the counted lexeme is
/// `count << 12 | base`: `count` scalars are complete, `base` is the unbounded state.
struct LengthCounter: Sendable {
    /// Bits of the base state.
    static let baseBits: UInt32 = 12
    static let baseMask: UInt32 = (1 << baseBits) - 1
    /// The largest count a state can hold.
    static let maxCount = Int(UInt32.max >> baseBits) - 1

    let minimum: Int
    let maximum: Int
    /// The state between scalars.
    let boundary: UInt32
    /// States inside a scalar (a byte of it read, not all).
    let midScalar: [Bool]

    /// The counter for `strings` (the unbounded quoted JSON string automaton), or `nil` when
    /// its shape is not the expected one (the caller then builds an exact automaton instead).
    init?(strings dfa: DenseDFA, minimum: Int, maximum: Int) {
        guard dfa.stateCount <= Int(Self.baseMask), maximum <= Self.maxCount, minimum <= maximum else { return nil }
        let boundary = dfa.next(dfa.start, UInt8(ascii: "\""))
        // Whole scalars of each spelling lead back to the same state.
        for spelling in ["a", "\\n", "\\u00e9", "\\ud83d\\ude00", "é", "😀"] {
            var state = boundary
            for byte in spelling.utf8 { state = dfa.next(state, byte) }
            guard state == boundary else { return nil }
        }
        self.minimum = minimum
        self.maximum = maximum
        self.boundary = boundary
        midScalar = (0..<dfa.stateCount).map { state in
            state != Int(DenseDFA.dead) && state != Int(dfa.start) && state != Int(boundary) && !dfa.accepting[state]
        }
    }

    /// Scalars the step from `base` to `next` completes (0 or 1).
    @inline(__always)
    func completes(from base: UInt32, to next: UInt32, start: UInt32) -> Bool { next == boundary && base != start }

    /// The counted state after `byte`.
    @inline(__always)
    func next(_ state: UInt32, _ byte: UInt8, _ dfa: DenseDFA) -> UInt32 {
        let base = state & Self.baseMask
        let nextBase = dfa.next(base, byte)
        if nextBase == DenseDFA.dead { return DenseDFA.dead }
        var count = Int(state >> Self.baseBits)
        if completes(from: base, to: nextBase, start: dfa.start) { count += 1 }
        if dfa.isAccepting(nextBase) {
            if count < minimum { return DenseDFA.dead }
        } else if count + (midScalar[Int(nextBase)] ? 1 : 0) > maximum {
            return DenseDFA.dead
        }
        return UInt32(count) << Self.baseBits | nextBase
    }
}
