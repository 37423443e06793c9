import Testing

@testable import StructuredDecoding

/// The eager subset construction against the lazy `ByteDFA` explored breadth-first: both number
/// states in discovery order over the same byte classes, so their tables must be identical.
@Suite struct DenseDFADeterminizeTests {
    /// The lazy automaton's tables: breadth-first from the start over each class's first byte,
    /// `dead` = 0 and the others numbered 1, 2, ... as discovered.
    struct Explored: Equatable {
        var classOf: [UInt8]
        var table: [UInt32]
        var accepting: [Bool]

        init(_ dfa: ByteDFA) {
            let classes = dfa.byteClasses
            let representatives = (0..<dfa.byteClassCount).map { c in UInt8(classes.firstIndex(of: UInt8(c))!) }
            classOf = classes
            var numbers = [dfa.dead: UInt32(0)]
            var order: [Int] = []
            if dfa.start != dfa.dead {
                numbers[dfa.start] = 1
                order.append(dfa.start)
            }
            table = [UInt32](repeating: 0, count: dfa.byteClassCount)
            accepting = [false]
            var position = 0
            while position < order.count {
                let state = order[position]
                position += 1
                accepting.append(dfa.isAccepting(state))
                for byte in representatives {
                    let target = dfa.next(state, byte)
                    if numbers[target] == nil {
                        numbers[target] = UInt32(order.count + 1)
                        order.append(target)
                    }
                    table.append(numbers[target]!)
                }
            }
        }

        init(_ dfa: DenseDFA) {
            classOf = dfa.classOf
            table = dfa.table
            accepting = dfa.accepting
        }
    }

    /// Patterns with counted repetition, alternation, Unicode classes, anchors and the formats.
    static let patterns: [String] =
        [
            "ab+c", "(?:ab|ac)*", "[a-z]+[0-9]", "a{2,5}b?", "a+", "^a*$", "x|y|z|xyz", "(a|b)*abb",
            #"\d{3}-\d{4}"#, #"\w+@\w+\.com"#, #"[^"\\]*"#, #"\p{Lu}\p{Ll}*"#, #"[\u{80}-\u{10FFFF}]+"#,
            "colou?r", "[Hh]ello", "a^b", "", #"\s*\S+\s*"#, "[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,3}",
        ] + StringFormat.allCases.map(\.pattern)

    static let encodings: [TextEncoding] = [.utf8, .jsonString()]

    @Test(arguments: patterns, encodings)
    func eagerEqualsLazy(pattern: String, encoding: TextEncoding) throws {
        let regex = try RegexPattern(pattern)
        let options = AutomatonOptions(encoding: encoding)
        let lazy = Explored(try regex.compile(options))
        let eager = try DenseDFA(determinizing: regex.byteNFA(options), maxStates: options.limits.dfaStates, what: "eager")
        #expect(eager.classCount == lazy.table.count / lazy.accepting.count)
        #expect(eager.start == (lazy.accepting.count > 1 ? 1 : 0))
        let same = Explored(eager) == lazy // compared outside #expect: no diff of large tables
        #expect(same, "\(pattern): \(eager.stateCount) vs \(lazy.accepting.count) states")
    }

    /// Negative control: the comparison tells different automata apart.
    @Test func comparisonTellsAutomataApart() throws {
        let eager = try DenseDFA(determinizing: RegexPattern("ab*c").byteNFA(AutomatonOptions()), maxStates: 100, what: "eager")
        #expect(Explored(eager) != Explored(try RegexPattern("ab+c").compile()))
        #expect(Explored(eager) == Explored(try RegexPattern("ab*c").compile()))
    }

    /// Length bounds add a counter to the NFA: still the same automaton both ways.
    @Test func lengthConstrainedEqualsLazy() throws {
        let regex = try RegexPattern(#"[a-zé]+"#)
        let options = AutomatonOptions(mode: .wholeMatch, encoding: .jsonString(), minLength: 2, maxLength: 7)
        let lazy = Explored(try regex.compile(options))
        let eager = try DenseDFA(determinizing: regex.byteNFA(options), maxStates: options.limits.dfaStates, what: "eager")
        #expect(Explored(eager) == lazy)
        #expect(eager.matches(#""aé""#.utf8) && !eager.matches(#""a""#.utf8) && !eager.matches(#""abcdefgh""#.utf8))
    }

    /// Past the state limit the construction stops with a typed error instead of growing.
    @Test func stateLimitIsAnError() throws {
        let regex = try RegexPattern("(a|b)*a(a|b){12}") // needs 2^13 states
        #expect(throws: GrammarError.automatonTooLarge("limited")) {
            try DenseDFA(determinizing: regex.byteNFA(AutomatonOptions()), maxStates: 1000, what: "limited")
        }
        let full = try DenseDFA(determinizing: regex.byteNFA(AutomatonOptions()), maxStates: 20_000, what: "full")
        #expect(full.stateCount > 8000)
        #expect(full.matches(("ba" + String(repeating: "b", count: 12)).utf8))
        #expect(!full.matches(("ab" + String(repeating: "b", count: 12)).utf8))
    }
}
