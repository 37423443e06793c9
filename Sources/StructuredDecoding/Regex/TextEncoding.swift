/// How the text a pattern describes is spelled in the bytes the automaton reads.
///
/// ```swift
/// // The bytes of a JSON string literal whose decoded content is a lowercase word.
/// let dfa = try RegexPattern("[a-z]+").compile(.init(encoding: .jsonString()))
/// dfa.matches(#""abc""#)        // true
/// dfa.matches(#""\u0061bc""#)   // true: \u0061 decodes to "a"
/// ```
public enum TextEncoding: Hashable, Sendable {
    /// Plain UTF-8: each scalar is its UTF-8 bytes.
    case utf8
    /// The text as the content of a JSON string (RFC 8259): raw UTF-8 except `"`, `\` and
    /// U+0000...U+001F, which must be escaped; escapes decode to the scalar the pattern sees.
    /// With `quoted`, the automaton also reads the surrounding `"`s.
    case jsonString(quoted: Bool = true, escapes: JSONEscapeStyle = .all)

    /// The byte spellings of one scalar set.
    func encode(_ set: ScalarSet) -> EncodedSet {
        switch self {
        case .utf8:
            return EncodedSet(paths: Self.utf8Paths(set))
        case .jsonString(_, let escapes):
            return Self.jsonPaths(set, escapes: escapes)
        }
    }

    static func utf8Paths(_ set: ScalarSet) -> [[ByteStep]] {
        set.ranges.flatMap { UTF8Sequences.split($0).map { $0.map { [$0] } } }
    }

    private static let controls = ScalarSet(ranges: [0...0x1F])
    private static let mustEscape = ScalarSet(ranges: [0...0x1F, 0x22...0x22, 0x5C...0x5C])
    /// Scalar, escape letter for the two-character escapes.
    private static let shortEscapes: [(UInt32, UInt8)] = [
        (0x22, 0x22), (0x5C, 0x5C), (0x2F, 0x2F), (0x08, 0x62), (0x0C, 0x66), (0x0A, 0x6E), (0x0D, 0x72), (0x09, 0x74),
    ]

    private static func jsonPaths(_ set: ScalarSet, escapes: JSONEscapeStyle) -> EncodedSet {
        var encoded = EncodedSet(paths: utf8Paths(set.subtracting(mustEscape)))
        let backslash: ByteStep = [0x5C...0x5C]
        let u: ByteStep = [0x75...0x75]
        var letters: ByteStep = []
        for (scalar, letter) in shortEscapes where set.contains(scalar) {
            if escapes == .minimal, scalar == 0x2F { continue }
            letters.append(letter...letter)
        }
        if !letters.isEmpty { encoded.paths.append([backslash, letters]) }
        switch escapes {
        case .minimal:
            let other = set.intersection(controls).subtracting(ScalarSet(ranges: [0x08...0x0A, 0x0C...0x0D]))
            for range in other.ranges {
                for digits in HexDigitSequences.split(range, lowercaseOnly: true) {
                    encoded.paths.append([backslash, u] + digits)
                }
            }
        case .all:
            for range in set.clamped(to: 0...0xFFFF).ranges {
                for digits in HexDigitSequences.split(range, lowercaseOnly: false) {
                    encoded.paths.append([backslash, u] + digits)
                }
            }
            for range in set.clamped(to: 0x10000...ScalarSet.maxScalar).ranges {
                for (highs, lows) in surrogateChunks(range) {
                    let heads = HexDigitSequences.split(highs, lowercaseOnly: false).map { [backslash, u] + $0 }
                    let tails = HexDigitSequences.split(lows, lowercaseOnly: false).map { [backslash, u] + $0 }
                    encoded.staged.append((heads, tails))
                }
            }
        }
        return encoded
    }

    /// Splits supplementary scalars into (high surrogates, low surrogates) blocks in which every
    /// high may pair with every low.
    private static func surrogateChunks(_ range: ClosedRange<UInt32>) -> [(ClosedRange<UInt32>, ClosedRange<UInt32>)] {
        let first = range.lowerBound - 0x10000
        let last = range.upperBound - 0x10000
        let (highFirst, lowFirst) = (0xD800 + first >> 10, 0xDC00 + first & 0x3FF)
        let (highLast, lowLast) = (0xD800 + last >> 10, 0xDC00 + last & 0x3FF)
        if highFirst == highLast { return [(highFirst...highFirst, lowFirst...lowLast)] }
        var chunks: [(ClosedRange<UInt32>, ClosedRange<UInt32>)] = []
        var fullFirst = highFirst
        var fullLast = highLast
        if lowFirst != 0xDC00 {
            chunks.append((highFirst...highFirst, lowFirst...0xDFFF))
            fullFirst += 1
        }
        if lowLast != 0xDFFF { fullLast -= 1 }
        if fullFirst <= fullLast { chunks.append((fullFirst...fullLast, 0xDC00...0xDFFF)) }
        if lowLast != 0xDFFF { chunks.append((highLast...highLast, 0xDC00...lowLast)) }
        return chunks
    }
}

/// Which JSON escapes a `.jsonString` automaton accepts.
public enum JSONEscapeStyle: Hashable, Sendable {
    /// Every spelling RFC 8259 allows: `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`, `\uXXXX` in either
    /// case for any BMP scalar, and surrogate pairs `\uD83D\uDE00` for the rest. For validating.
    case all
    /// One spelling per scalar: raw UTF-8 where allowed, `\"` `\\` `\b` `\f` `\n` `\r` `\t`, and
    /// `\u00xx` (lowercase hex) for other control characters. For generating canonical output.
    case minimal
}
