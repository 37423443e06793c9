import Testing
@testable import StructuredDecoding

/// The eager subset construction against the lazy `ByteDFA` explored breadth-first: both number
/// states in discovery order over the same byte classes, so their tables must be identical.
@Suite struct DenseDFADeterminizeTests {
    /// Patterns with counted repetition, alternation, Unicode classes, anchors and the formats.
    static let patterns: [String] = [
        "ab+c", "(?:ab|ac)*", "[a-z]+[0-9]", "a{2,5}b?", "a+", "^a*$", "x|y|z|xyz", "(a|b)*abb",
        #"\d{3}-\d{4}"#, #"\w+@\w+\.com"#, #"[^"\\]*"#, #"\p{Lu}\p{Ll}*"#, #"[\u{80}-\u{10FFFF}]+"#,
        "colou?r", "[Hh]ello", "a^b", "", #"\s*\S+\s*"#, "[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,3}",
    ] + StringFormat.allCases.map(\.pattern)

    static let encodings: [TextEncoding] = [.utf8, .jsonString()]

    @Test(arguments: patterns, encodings)
    func eagerEqualsLazy(pattern: String, encoding: TextEncoding) throws {
        let regex = try RegexPattern(pattern)
        let options = AutomatonOptions(encoding: encoding)
        let lazy = try DenseDFA(regex.compile(options), what: "lazy")
        let eager = try DenseDFA(determinizing: regex.byteNFA(options), maxStates: options.limits.dfaStates, what: "eager")
        #expect(eager.classOf == lazy.classOf)
        #expect(eager.classCount == lazy.classCount)
        #expect(eager.start == lazy.start)
        #expect(eager.accepting == lazy.accepting, "\(pattern): \(eager.stateCount) vs \(lazy.stateCount) states")
        #expect(eager.table == lazy.table, "\(pattern)")
    }

    /// Length bounds add a counter to the NFA: still the same automaton both ways.
    @Test func lengthConstrainedEqualsLazy() throws {
        let regex = try RegexPattern(#"[a-zé]+"#)
        let options = AutomatonOptions(mode: .wholeMatch, encoding: .jsonString(), minLength: 2, maxLength: 7)
        let lazy = try DenseDFA(regex.compile(options), what: "lazy")
        let eager = try DenseDFA(determinizing: regex.byteNFA(options), maxStates: options.limits.dfaStates, what: "eager")
        #expect(eager.table == lazy.table && eager.accepting == lazy.accepting)
        #expect(eager.matches(#""aé""#.utf8) && !eager.matches(#""a""#.utf8) && !eager.matches(#""abcdefgh""#.utf8))
    }

    /// Past the state limit the construction stops with a typed error instead of growing.
    @Test func stateLimitIsAnError() throws {
        let regex = try RegexPattern("(a|b)*a(a|b){12}")  // needs 2^13 states
        #expect(throws: GrammarError.automatonTooLarge("limited")) {
            try DenseDFA(determinizing: regex.byteNFA(AutomatonOptions()), maxStates: 1000, what: "limited")
        }
        let full = try DenseDFA(determinizing: regex.byteNFA(AutomatonOptions()), maxStates: 20_000, what: "full")
        #expect(full.stateCount > 8000)
        #expect(full.matches(("ba" + String(repeating: "b", count: 12)).utf8))
        #expect(!full.matches(("ab" + String(repeating: "b", count: 12)).utf8))
    }
}
