extension ScalarSet {
    /// `\d` (ECMAScript): `[0-9]`.
    static let asciiDigits = ScalarSet(ranges: [0x30...0x39])

    /// `\w` (ECMAScript): `[A-Za-z0-9_]`.
    static let asciiWord = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])

    /// `\s` (ECMAScript WhiteSpace and LineTerminator): tab, LF, VT, FF, CR, space, U+00A0,
    /// U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.
    static let ecmaWhitespace = ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])

    /// ECMAScript line terminators: LF, CR, U+2028, U+2029.
    static let lineTerminators = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])

    /// `.` without `dotAll`: every scalar but a line terminator.
    static let dot = lineTerminators.inverted
}
