import FMSupport
import TestSupport
import Testing

@testable import StructuredDecoding

/// Seeded random patterns: parsing either succeeds or throws a `RegexError`, compiling stays
/// within limits, and matching never traps.
@Suite struct RegexRobustnessTests {
    static let pieces = [
        "a", "b", "é", "😀", ".", "|", "(", ")", "(?:", "(?<n>", "(?=", "[", "]", "[^", "-", "^", "$",
        "*", "+", "?", "{", "}", "{2}", "{1,3}", "{,2}", "{3,}", ",", "\\", "\\d", "\\w", "\\s", "\\p{L}",
        "\\P{N}", "\\u{41}", "\\x4", "\\u00e9", "\\1", "\\b", "\\k<n>", "\\p{", "\\", "0", "9", "&&", "#",
    ]

    @Test func randomPatternsNeverTrap() throws {
        var generator = SplitMix64(seed: 42)
        var parsed = 0
        var refused = 0
        let limits = AutomatonLimits(scalarNFAStates: 5_000, byteNFAStates: 50_000, dfaStates: 500)
        for _ in 0..<3000 {
            let count = 1 + Int(generator.next() % 12)
            let pattern = (0..<count).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
            let regex: RegexPattern
            do {
                regex = try RegexPattern(pattern)
            } catch {
                refused += 1
                #expect(error.offset >= 0 && error.offset <= pattern.unicodeScalars.count, "/\(pattern)/ \(error)")
                continue
            }
            parsed += 1
            for mode in [MatchMode.wholeMatch, .search] {
                guard let dfa = try? regex.compile(AutomatonOptions(mode: mode, limits: limits)) else { continue }
                for text in ["", "a", "ab", "é😀", "aaaa", "\n", "{2}"] { _ = dfa.matches(text) }
                _ = dfa.matches(bytes: (0..<8).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            }
        }
        #expect(parsed > 300 && refused > 300)
    }

    @Test func randomScalarsInPatternsNeverTrap() {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<2000 {
            var pattern = ""
            for _ in 0..<Int(generator.next() % 10) {
                let value = UInt32(generator.next() % 0x11_0000)
                if let scalar = Unicode.Scalar(value) { pattern.unicodeScalars.append(scalar) }
            }
            if let regex = try? RegexPattern(pattern), let dfa = try? regex.compile() { _ = dfa.matches(pattern) }
        }
    }
}
