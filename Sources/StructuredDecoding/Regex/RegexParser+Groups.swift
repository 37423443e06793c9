extension RegexParser {
    /// The deepest group nesting accepted (keeps every recursive pass shallow).
    static let maxNestingDepth = 100

    /// A group at the cursor (`(`...`)`), or `nil` for a comment `(?#...)`.
    ///
    /// Accepted: `( )`, `(?: )`, `(?<name> )`, `(?P<name> )`, `(?'name' )`, `(?# comment )`.
    /// Everything else starting with `(?` is refused with the construct's name.
    mutating func parseGroup() throws(RegexError) -> RegexNode? {
        let open = position
        position += 1
        if peekIs("?") {
            if try parseGroupPrefix(open: open) { return nil }
        }
        depth += 1
        guard depth <= Self.maxNestingDepth else {
            throw RegexError(.nestingTooDeep(limit: Self.maxNestingDepth), at: open)
        }
        let inner = try parseAlternation()
        depth -= 1
        guard peekIs(")") else { throw RegexError(.missingClosingParenthesis, at: open) }
        position += 1
        return inner
    }

    /// Reads what follows `(?`. Returns `true` if the group was a comment and was skipped whole;
    /// `false` leaves the cursor at the start of the group's body.
    private mutating func parseGroupPrefix(open: Int) throws(RegexError) -> Bool {
        let kind = peek(1)
        func refuse(_ what: String) -> RegexError { RegexError(.unsupported(what), at: open) }
        switch kind {
        case ":":
            position += 2
        case "<":
            if peekIs("=", 2) { throw refuse("look-behind `(?<=...)`") }
            if peekIs("!", 2) { throw refuse("negative look-behind `(?<!...)`") }
            position += 2
            try parseGroupName(terminator: ">", open: open)
        case "P":
            if peekIs("<", 2) {
                position += 3
                try parseGroupName(terminator: ">", open: open)
            } else if peekIs("=", 2) {
                throw refuse("named back-reference `(?P=name)`")
            } else {
                throw refuse("recursion or unknown group `(?P...`")
            }
        case "'":
            position += 2
            try parseGroupName(terminator: "'", open: open)
        case "=": throw refuse("look-ahead `(?=...)`")
        case "!": throw refuse("negative look-ahead `(?!...)`")
        case ">": throw refuse("atomic group `(?>...)`")
        case "|": throw refuse("branch reset group `(?|...)`")
        case "(": throw refuse("conditional `(?(...)...)`")
        case "*": throw refuse("non-atomic look-around `(?*...)`")
        case "#":
            position += 2
            while let next = peek(), next != ")" { position += 1 }
            guard peekIs(")") else { throw RegexError(.missingClosingParenthesis, at: open) }
            position += 1
            return true
        case .some(let scalar)
        where scalar == "R" || scalar == "&" || scalar == "+"
            || RegexParser.decimalValue(scalar) != nil:
            throw refuse("recursion or subroutine call `(?\(scalar)...)`")
        case .some(let scalar)
        where scalar == "-" || scalar == "^" || ("a"..."z").contains(scalar)
            || ("A"..."Z").contains(scalar):
            throw refuse("inline options `(?\(scalar)...)`")
        case .some(let scalar):
            throw refuse("unknown group syntax `(?\(scalar)`")
        case .none:
            throw RegexError(.missingClosingParenthesis, at: open)
        }
        return false
    }

    /// Reads a group name up to `terminator` (consumed) and checks it is an identifier.
    private mutating func parseGroupName(terminator: Unicode.Scalar, open: Int) throws(RegexError) {
        let start = position
        while let next = peek(), next != terminator, next != ")" { position += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        guard peekIs(terminator) else { throw RegexError(.invalidGroupName(name), at: start) }
        position += 1
        let valid = name.unicodeScalars.enumerated().allSatisfy { index, scalar in
            scalar == "_" || scalar.properties.isAlphabetic
                || (index > 0 && (scalar.properties.numericType == .decimal))
        }
        guard !name.isEmpty, valid else { throw RegexError(.invalidGroupName(name), at: start) }
    }
}
