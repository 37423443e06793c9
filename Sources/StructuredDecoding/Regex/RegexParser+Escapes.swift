extension RegexParser {
    /// What a backslash escape stands for.
    enum Escape {
        /// One scalar, e.g. `\n`, `\x41`, `\u{1F600}`, `\.`.
        case scalar(UInt32)
        /// A class, e.g. `\d`, `\P{L}`.
        case set(ScalarSet)
        /// `\A`.
        case textStart
        /// `\z`.
        case textEnd
    }

    /// Reads the escape at the cursor (which is on the backslash).
    ///
    /// Character escapes: `\n \t \r \f \v \0 \a \e \cX \xHH \x{H...} \uHHHH \u{H...} \UHHHHHHHH`
    /// (a `\uHHHH\uHHHH` surrogate pair is one scalar); any ASCII punctuation or non-ASCII scalar
    /// after a backslash stands for itself. Class escapes: `\d \D \w \W \s \S \p{..} \P{..} \pL`.
    /// Inside a class `\b` is backspace. Anchors `\A \z` only outside classes. Every other letter or
    /// digit is refused: back-references, word boundaries and the like by name, the rest as unknown.
    mutating func parseEscape(inClass: Bool) throws(RegexError) -> Escape {
        let start = position
        position += 1
        guard let letter = peek() else { throw RegexError(.trailingBackslash, at: start) }
        position += 1
        func refuse(_ what: String) -> RegexError { RegexError(.unsupported(what), at: start) }
        switch letter {
        case "d", "D", "w", "W", "s", "S":
            let unicode = options.contains(.unicodeCharacterClasses)
            let set: ScalarSet =
                switch letter {
                case "d", "D": unicode ? UnicodeProperties.decimalDigits : ScalarSet.asciiDigits
                case "w", "W": unicode ? UnicodeProperties.wordCharacters : ScalarSet.asciiWord
                default: unicode ? UnicodeProperties.whitespace : ScalarSet.ecmaWhitespace
                }
            return .set(letter.properties.isUppercase ? set.inverted : set)
        case "p", "P":
            return .set(try parseProperty(negated: letter == "P", start: start))
        case "n": return .scalar(0x0A)
        case "t": return .scalar(0x09)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "v": return .scalar(0x0B)
        case "a": return .scalar(0x07)
        case "e": return .scalar(0x1B)
        case "0":
            if let next = peek(), Self.decimalValue(next) != nil { throw refuse("octal escape `\\0\(next)`") }
            return .scalar(0)
        case "1"..."9":
            throw refuse("back-reference `\\\(letter)`")
        case "b":
            if inClass { return .scalar(0x08) }
            throw refuse("word boundary `\\b`")
        case "B": throw refuse("non-word-boundary `\\B`")
        case "A", "z":
            if inClass { throw refuse("anchor `\\\(letter)` inside a class") }
            return letter == "A" ? .textStart : .textEnd
        case "Z": throw refuse("`\\Z` (end of text or before a final newline); use `$` or `\\z`")
        case "G": throw refuse("match-continuation anchor `\\G`")
        case "k": throw refuse("named back-reference `\\k<name>`")
        case "g": throw refuse("back-reference or subroutine `\\g`")
        case "K": throw refuse("match reset `\\K`")
        case "X": throw refuse("grapheme cluster `\\X`")
        case "R": throw refuse("line-break sequence `\\R`")
        case "N": throw refuse("`\\N` (named character or non-newline)")
        case "h", "H": throw refuse("horizontal whitespace `\\\(letter)`")
        case "V": throw refuse("vertical whitespace `\\V`")
        case "Q", "E": throw refuse("`\\E` without an opening `\\Q`")
        case "c":
            guard let control = peek(), ("a"..."z").contains(control) || ("A"..."Z").contains(control) else {
                throw RegexError(.invalidEscape("`\\c` must be followed by an ASCII letter"), at: start)
            }
            position += 1
            return .scalar(control.value % 32)
        case "x":
            return .scalar(try parseHexEscape(start: start, fixedDigits: 2))
        case "u":
            return .scalar(try parseUnicodeEscape(start: start))
        case "U":
            return .scalar(try parseHexEscape(start: start, fixedDigits: 8))
        default:
            if letter.isASCII, letter.properties.isAlphabetic || Self.decimalValue(letter) != nil {
                throw RegexError(.unknownEscape("\\\(letter)"), at: start)
            }
            return .scalar(letter.value) // `\.`, `\/`, `\\`, `\é`, ...
        }
    }

    /// `\x{H...}` (1-8 digits) or exactly `fixedDigits` hex digits; the cursor is after the letter.
    private mutating func parseHexEscape(start: Int, fixedDigits: Int) throws(RegexError) -> UInt32 {
        var value: UInt32 = 0
        if peekIs("{") {
            position += 1
            var digits = 0
            while let next = peek(), let digit = Self.hexValue(next) {
                guard digits < 8 else { break }
                value = value << 4 | digit
                digits += 1
                position += 1
            }
            guard digits > 0, peekIs("}") else {
                throw RegexError(.invalidEscape("expected 1 to 8 hex digits and `}`"), at: start)
            }
            position += 1
        } else {
            for _ in 0..<fixedDigits {
                guard let next = peek(), let digit = Self.hexValue(next) else {
                    throw RegexError(.invalidEscape("expected \(fixedDigits) hex digits"), at: start)
                }
                value = value << 4 | digit
                position += 1
            }
        }
        return try checkedScalar(value, start: start)
    }

    /// `\uHHHH` (pairing a high surrogate with a following `\uHHHH` low surrogate) or `\u{H...}`.
    private mutating func parseUnicodeEscape(start: Int) throws(RegexError) -> UInt32 {
        if peekIs("{") { return try parseHexEscape(start: start, fixedDigits: 4) }
        let high = try fourHexDigits(start: start)
        if (0xD800...0xDBFF).contains(high), peekIs("\\"), peekIs("u", 1) {
            let resume = position
            position += 2
            if let low = try? fourHexDigits(start: start), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            position = resume
        }
        return try checkedScalar(high, start: start)
    }

    private mutating func fourHexDigits(start: Int) throws(RegexError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let next = peek(), let digit = Self.hexValue(next) else {
                throw RegexError(.invalidEscape("expected 4 hex digits"), at: start)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func checkedScalar(_ value: UInt32, start: Int) throws(RegexError) -> UInt32 {
        if ScalarSet.surrogates.contains(value) {
            throw RegexError(.invalidEscape("lone surrogate U+\(String(value, radix: 16, uppercase: true))"), at: start)
        }
        guard value <= ScalarSet.maxScalar else {
            throw RegexError(.invalidEscape("U+\(String(value, radix: 16, uppercase: true)) is above U+10FFFF"), at: start)
        }
        return value
    }

    /// `\p{Name}`, `\p{Name=Value}`, `\p{^Name}` or the one-letter `\pL`; the cursor is after
    /// the `p`/`P`.
    private mutating func parseProperty(negated: Bool, start: Int) throws(RegexError) -> ScalarSet {
        var name: String
        if peekIs("{") {
            position += 1
            let nameStart = position
            while let next = peek(), next != "}" { position += 1 }
            guard peekIs("}") else {
                throw RegexError(.invalidEscape("`\\p{` without a closing `}`"), at: start)
            }
            name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
            position += 1
        } else {
            guard let letter = peek(), ("A"..."Z").contains(letter) || ("a"..."z").contains(letter) else {
                throw RegexError(.invalidEscape("`\\p` must be followed by `{name}` or a letter"), at: start)
            }
            position += 1
            name = String(letter)
        }
        var invert = negated
        if name.hasPrefix("^") {
            invert.toggle()
            name.removeFirst()
        }
        guard let set = UnicodeProperties.scalars(named: name) else {
            throw RegexError(.unknownProperty(name), at: start)
        }
        return invert ? set.inverted : set
    }
}
