extension StringNode {
    /// The largest count of a one-class pattern kept in its automaton.
    static let largestPatternCount = 8

    /// The same strings, with each pattern that only repeats one class of scalars
    /// (`^[0-9a-zA-Z_-]{1,255}$`) read as that class repeated any number of times and its
    /// counts moved into `minLength`/`maxLength`; `nil` when no pattern is of that kind.
    ///
    /// A count in a pattern costs an automaton state per count (and per JSON spelling of each
    /// scalar: 255 counts took 12 ms to compile); a length bound costs none, as a
    /// `LengthCounter` counts beside the automaton of the class. Small counts (`+`, `{2}`) stay
    /// in the pattern: its automaton is small, and its masks are shared with every automaton
    /// that has the same language left, while a counted string walks the whole vocabulary
    /// once per state (`CountedWalk`).
    func countsAsLengths() -> StringNode? {
        var result = self
        var changed = false
        for (index, pattern) in patterns.enumerated() {
            guard let (set, low, high) = pattern.singleClassRepetition, Swift.max(low, high ?? 0) > Self.largestPatternCount else {
                continue
            }
            result.patterns[index] = RegexPattern(repeating: set, from: pattern)
            result.minLength = Swift.max(result.minLength, low)
            if let high { result.maxLength = Swift.min(result.maxLength ?? high, high) }
            changed = true
        }
        return changed ? result : nil
    }
}
