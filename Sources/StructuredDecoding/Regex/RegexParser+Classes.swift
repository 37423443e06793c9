extension RegexParser {
    /// A bracket class at the cursor (which is on the `[`): members, ranges `a-z`, class escapes,
    /// negation `[^...]`.
    ///
    /// `-` is literal first, last, or right after a range. Refused because dialects disagree:
    /// `[]`/`[^]` (empty in ECMAScript, a class holding `]` elsewhere), a `[` inside a class
    /// (nested classes and POSIX classes in Swift, a literal in ECMAScript), `&&` (intersection in
    /// Swift), and class escapes as range ends (`[\d-z]`).
    mutating func parseClass() throws(RegexError) -> ScalarSet {
        let open = position
        position += 1
        var negated = false
        if peekIs("^") {
            negated = true
            position += 1
        }
        if peekIs("]") { throw RegexError(.ambiguousEmptyClass, at: open) }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let next = peek() else { throw RegexError(.missingClosingBracket, at: open) }
            if next == "]" {
                position += 1
                break
            }
            if next == "[" {
                throw RegexError(.unsupported("nested class or POSIX class `[` inside a class; write `\\[`"), at: position)
            }
            if next == "&", peekIs("&", 1) {
                throw RegexError(.unsupported("class intersection `&&`; write `\\&&` for literals"), at: position)
            }
            let itemStart = position
            let first = try parseClassItem()
            let isRange = peekIs("-") && peek(1) != nil && !peekIs("]", 1)
            switch first {
            case .scalar(let low) where isRange:
                position += 1
                guard case .scalar(let high) = try parseClassItem() else {
                    throw RegexError(.invalidRange("a class escape cannot end a range"), at: itemStart)
                }
                guard low <= high else {
                    throw RegexError(.invalidRange("U+\(hex(low)) is above U+\(hex(high))"), at: itemStart)
                }
                ranges.append(low...high)
            case .scalar(let value):
                ranges.append(value...value)
            case .set(let set):
                if isRange {
                    throw RegexError(.invalidRange("a class escape cannot start a range"), at: itemStart)
                }
                ranges.append(contentsOf: set.ranges)
            case .textStart, .textEnd:
                throw RegexError(.unsupported("anchor inside a class"), at: itemStart)
            }
        }
        let set = ScalarSet(ranges: ranges)
        return negated ? set.inverted : set
    }

    /// One member at the cursor: an escape or a literal scalar.
    private mutating func parseClassItem() throws(RegexError) -> Escape {
        guard let next = peek() else { throw RegexError(.missingClosingBracket, at: position) }
        if next == "\\" { return try parseEscape(inClass: true) }
        position += 1
        return .scalar(next.value)
    }

    private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
