import FMSupport
import StructuredDecoding
import TestSupport
import Testing

/// Length-bounded strings count scalars beside the automaton without bounds (of any string, or of
/// their pattern); they must agree byte for byte with the exact automaton the regex pipeline
/// builds with the bounds inside (`AutomatonOptions.minLength`/`maxLength`).
@Suite struct GrammarStringLengthTests {
    static let pieces = ["a", "b", "-", "/", "é", "😀", "\\n", "\\u00e9", "\\u0061", "\\/", "\\uD83D\\uDE00", "\\\"", "\"", "\\", "\\u12", "\u{1}"]

    /// Patterns whose every state leaves either one length or every length from its fewest on
    /// (counted: `x` in `x|a+` leaves one, `a` every one), and some with a state that leaves
    /// other sets (built exactly: in `x|y/|a+`, `\u007` leaves 1 or 2 scalars, as `x` or `y`):
    /// both must agree with the reference.
    static let patterns: [(source: String, counted: Bool)] = [
        (#"[\s\S]*"#, true), ("[a-z]+", true), (#"([\w/-]|[\w-][\w/-]*[\w-])"#, true), ("é*a[ab]*", true), ("x|a+", true), ("x|y/|a+", false),
        ("[A-Z]{2}", true), ("[A-Z]{2}x", true), ("(ab)+", false), ("a|bbb", false), ("[a-z][a-z][a-z]+", true),
    ]

    @Test(arguments: [(0, 0), (0, 3), (1, 1), (2, 5), (3, 3), (4, 9)])
    func countedAgreesWithTheExactAutomaton(_ bounds: (Int, Int)) throws {
        var accepted = 0
        for (source, counted) in Self.patterns {
            accepted += try check(source, counted: counted, bounds: bounds)
        }
        // Each pattern alone may accept few of the random spellings; together they must accept some.
        #expect(accepted > 20 || bounds.1 == 0, "too few accepted samples to mean anything: \(accepted)")
        _ = try check(nil, counted: true, bounds: bounds)
    }

    /// `source` (nil: no pattern) with `bounds` against the regex pipeline's exact automaton,
    /// on random spellings of a few scalars, closed or not, some cut inside a scalar; returns how
    /// many the reference accepted.
    func check(_ source: String?, counted: Bool, bounds: (Int, Int)) throws -> Int {
        let node = StringNode(patterns: source.map { [pattern($0)] } ?? [], minLength: bounds.0, maxLength: bounds.1)
        let exact = try RegexPattern(source ?? #"[\s\S]*"#).compile(
            AutomatonOptions(encoding: .jsonString(), minLength: bounds.0, maxLength: bounds.1))
        let empty = exact.start == exact.dead
        // No string fits: the compiler refuses the schema rather than accept nothing.
        guard !empty else {
            #expect(throws: GrammarError.self, "\(source ?? "any") \(bounds)") { try Grammar.compile(schema(.string(node)), options: .appleCompact) }
            return 0
        }
        let grammar = try Grammar.compile(schema(.string(node)), options: .appleCompact)
        #expect(grammar.statistics.countedLexemes == (counted ? 1 : 0), "\(source ?? "any") \(bounds)")
        var random = SplitMix64(seed: UInt64(bounds.0 * 10 + bounds.1))
        var accepted = 0
        for _ in 0..<2000 {
            var text = "\""
            for _ in 0..<Int(random.next() % 8) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            if random.next() % 3 != 0 { text += "\"" }
            var bytes = Array(text.utf8)
            if random.next() % 5 == 0, bytes.count > 2 { bytes.removeLast(Int(random.next() % 2) + 1) } // cut a scalar
            let got = grammar.firstRejectedOffset(bytes), want = Self.firstRejectedOffset(exact, bytes)
            #expect(
                got == want,
                "\(source ?? "any") \(bounds): \(String(decoding: bytes, as: UTF8.self)) grammar \(String(describing: got)) exact \(String(describing: want))"
            )
            if want == nil { accepted += 1 }
        }
        #expect(accepted > 5 || bounds.1 == 0 || source != nil, "too few accepted samples to mean anything: \(accepted)")
        return accepted
    }

    /// `Grammar.firstRejectedOffset`'s answer from a byte automaton (whose every state but `dead`
    /// can still reach acceptance).
    static func firstRejectedOffset(_ dfa: ByteDFA, _ bytes: [UInt8]) -> Int? {
        var state = dfa.start
        for (offset, byte) in bytes.enumerated() {
            state = dfa.next(state, byte)
            if state == dfa.dead { return offset }
        }
        return dfa.isAccepting(state) ? nil : bytes.count
    }

    /// A JSON Schema pattern that repeats one class more than 8 times, anchored, is counted as
    /// lengths, merged with the schema's own bounds; a smaller count stays in its automaton
    /// (counted only beside a `maxLength`); unanchored, it searches, and keeps its automaton.
    @Test(arguments: [
        (
            #"{"type": "string", "pattern": "^[0-9a-z_-]{1,12}$"}"#, 1,
            [(#""a""#, true), (#""""#, false), (#""abc-_9abc-_9x""#, false), (#""abc-_9abc-_9""#, true), (#""aB""#, false)]
        ),
        (#"{"type": "string", "pattern": "^[0-9a-z_-]{1,6}$"}"#, 0, [(#""a""#, true), (#""abc-_9x""#, false), (#""abc-_9""#, true)]),
        (#"{"type": "string", "pattern": "^[a-z]{10}$", "maxLength": 9}"#, 0, [(#""abcdefghi""#, false), (#""abcdefghij""#, false)]),
        (
            #"{"type": "string", "pattern": "^[a-z]{2,}$", "maxLength": 3}"#, 1,
            [(#""a""#, false), (#""ab""#, true), (#""abc""#, true), (#""abcd""#, false)]
        ),
        (#"{"type": "string", "pattern": "^[a-z]{4}$", "maxLength": 3}"#, 0, [(#""abc""#, false), (#""abcd""#, false)]),
        (#"{"type": "string", "pattern": "[a-z]{3}"}"#, 0, [(#""1abc2""#, true), (#""ab""#, false)]),
    ])
    func repeatedClassPatternsAreCounted(_ schema: String, counted: Int, cases: [(String, Bool)]) throws {
        let graph = try JSONSchemaImporter().importSchema(schema)
        for (text, expected) in cases {
            #expect(graph.accepts(try JSONValue(parsing: text)) == expected, "validator: \(text) in \(schema)")
        }
        guard let grammar = try? Grammar.compile(graph, options: .appleCompact) else {
            #expect(cases.allSatisfy { !$0.1 }, "only a schema that accepts nothing may fail to compile: \(schema)")
            return
        }
        #expect(grammar.statistics.countedLexemes == counted, "\(schema)")
        for (text, expected) in cases {
            #expect(grammar.accepts(text) == expected, "grammar: \(text) in \(schema)")
        }
    }
}
