/// A recursive-descent parser for the regex syntax of Swift regex literals and JSON Schema
/// (ECMAScript) patterns, producing a `RegexNode`.
///
/// Grammar (precedence from loosest): alternation `a|b`, concatenation, quantified atoms
/// (`* + ? {n} {n,} {n,m} {,m}`, each optionally lazy `?`), atoms (literals, `.`, classes,
/// escapes, groups, `^`, `$`). Everything that is not a regular language (or that dialects
/// disagree on) is refused with a `RegexError` naming the construct and its offset.
struct RegexParser {
    /// The pattern as Unicode scalars; offsets in errors index into it.
    let scalars: [Unicode.Scalar]
    /// The reading options.
    let options: RegexOptions
    /// The index of the next unread scalar.
    var position = 0
    /// How many groups are open around `position`.
    var depth = 0

    /// Creates a parser over `source`.
    init(_ source: String, options: RegexOptions) {
        scalars = Self.expandingQuotes(Array(source.unicodeScalars))
        self.options = options
    }

    /// The pattern with every `\Q...\E` quotation (PCRE, ICU, Swift: the text between stands for
    /// itself; an unterminated `\Q` quotes to the end) rewritten as escaped literals, so a
    /// quantifier after it binds to the last quoted character as in those engines. Swift's
    /// `RegexBuilder` prints its string components this way (`Regex { "Mr" ". " }` becomes
    /// `Mr\Q. \E`). Offsets in errors after a quotation index the rewritten pattern.
    static func expandingQuotes(_ pattern: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard pattern.contains("Q") else { return pattern }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(pattern.count)
        var i = 0
        while i < pattern.count {
            let scalar = pattern[i]
            guard scalar == "\\", i + 1 < pattern.count else {
                out.append(scalar)
                i += 1
                continue
            }
            guard pattern[i + 1] == "Q" else {
                out += [scalar, pattern[i + 1]]
                i += 2
                continue
            }
            i += 2
            while i < pattern.count, !(pattern[i] == "\\" && i + 1 < pattern.count && pattern[i + 1] == "E") {
                let quoted = pattern[i]
                if quoted.isASCII, quoted.properties.isPatternSyntax || quoted == "\\" { out.append("\\") }
                out.append(quoted)
                i += 1
            }
            i += 2 // past `\E` (or the end)
        }
        return out
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexError) -> RegexNode {
        let node = try parseAlternation()
        if position < scalars.count {
            // The only way `parseAlternation` stops early is a `)` without a group.
            throw RegexError(.unmatchedClosingParenthesis, at: position)
        }
        return node
    }

    // MARK: - Reading

    /// The scalar `ahead` positions after the cursor, if any.
    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    /// Whether the scalar `ahead` positions after the cursor is `character`.
    func peekIs(_ character: Unicode.Scalar, _ ahead: Int = 0) -> Bool { peek(ahead) == character }

    // MARK: - Structure

    /// `branch ( "|" branch )*`
    mutating func parseAlternation() throws(RegexError) -> RegexNode {
        var branches = [try parseConcatenation()]
        while peekIs("|") {
            position += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// `quantified*`, up to `|`, `)` or the end.
    mutating func parseConcatenation() throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek(), next != "|", next != ")" {
            if let item = try parseQuantified() { items.append(item) }
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    /// An atom and its optional quantifier; `nil` for a comment group.
    mutating func parseQuantified() throws(RegexError) -> RegexNode? {
        guard let atom = try parseAtom() else { return nil }
        guard let quantifier = try parseQuantifier() else { return atom }
        guard atom.isQuantifiable else { throw RegexError(.nothingToRepeat, at: quantifier.offset) }
        if peekIs("?") {
            position += 1 // lazy: the same language
        } else if peekIs("+") {
            throw RegexError(.unsupported("possessive quantifier `\(quantifier.text)+`"), at: position)
        }
        if let next = peek(), next == "*" || next == "+" || next == "?" || (next == "{" && scanBraces() != nil) {
            throw RegexError(.nothingToRepeat, at: position)
        }
        return .repetition(atom, min: quantifier.min, max: quantifier.max)
    }

    /// A quantifier at the cursor, consumed; `nil` (nothing consumed) if there is none.
    mutating func parseQuantifier() throws(RegexError) -> (min: Int, max: Int?, offset: Int, text: String)? {
        let start = position
        guard let next = peek() else { return nil }
        switch next {
        case "*": position += 1; return (0, nil, start, "*")
        case "+": position += 1; return (1, nil, start, "+")
        case "?": position += 1; return (0, 1, start, "?")
        case "{":
            guard let braces = scanBraces() else { return nil }
            position = braces.end
            let text = String(String.UnicodeScalarView(scalars[start..<braces.end]))
            let limit = RegexPattern.maxRepetitionCount
            for count in [braces.min, braces.max ?? 0] where count > limit {
                throw RegexError(.repetitionTooLarge(count: count, limit: limit), at: start)
            }
            if let max = braces.max, max < braces.min {
                throw RegexError(.invalidRepetitionBounds(min: braces.min, max: max), at: start)
            }
            return (braces.min, braces.max, start, text)
        default:
            return nil
        }
    }

    /// Reads `{n}`, `{n,}`, `{n,m}` or `{,m}` at the cursor without consuming it; `nil` if the
    /// brace does not start a quantifier (it is then a literal `{`, as in ECMAScript and Python).
    /// Numbers saturate at `Int.max / 2` so that huge counts report "too large", not overflow.
    func scanBraces() -> (min: Int, max: Int?, end: Int)? {
        guard peekIs("{") else { return nil }
        var index = position + 1
        func number() -> Int? {
            var value: Int?
            while index < scalars.count, let digit = Self.decimalValue(scalars[index]) {
                value = min((value ?? 0) * 10 + digit, Int.max / 20)
                index += 1
            }
            return value
        }
        let low = number()
        guard index < scalars.count else { return nil }
        if scalars[index] == "}" {
            guard let low else { return nil }
            return (low, low, index + 1)
        }
        guard scalars[index] == "," else { return nil }
        index += 1
        let high = number()
        guard index < scalars.count, scalars[index] == "}", low != nil || high != nil else { return nil }
        return (low ?? 0, high, index + 1)
    }

    /// The value of an ASCII decimal digit.
    static func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 48) : nil
    }

    /// The value of an ASCII hexadecimal digit.
    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    // MARK: - Atoms

    /// One atom at the cursor; `nil` for a comment group `(?#...)`.
    mutating func parseAtom() throws(RegexError) -> RegexNode? {
        guard let next = peek() else { return .empty }
        switch next {
        case "(":
            return try parseGroup()
        case "[":
            return .scalars(try parseClass())
        case ".":
            position += 1
            return .scalars(options.contains(.dotAll) ? .all : ScalarSet.dot)
        case "^":
            position += 1
            return .textStart
        case "$":
            position += 1
            return .textEnd
        case "\\":
            switch try parseEscape(inClass: false) {
            case .scalar(let value): return .scalars(ScalarSet(value))
            case .set(let set): return .scalars(set)
            case .textStart: return .textStart
            case .textEnd: return .textEnd
            }
        case "*", "+", "?":
            throw RegexError(.nothingToRepeat, at: position)
        case "{" where scanBraces() != nil:
            throw RegexError(.nothingToRepeat, at: position)
        default:
            position += 1
            return .scalars(ScalarSet(next.value))
        }
    }
}
