import FMSupport
import Testing

@testable import StructuredDecoding

/// Minimization against its definition: the minimized automaton accepts the same language (its
/// differences with the original, both ways, are empty), has exactly as many states as the
/// original has classes of equivalent states (counted by a separate, naive refinement), and
/// equal languages from any state get one canonical form, so masks memoized by language are
/// shared.
@Suite struct DenseDFAMinimizeTests {
    static let patterns: [String] =
        DenseDFADeterminizeTests.patterns + [
            #"[\s\S]*(?:[0-9a-fA-F]+)[\s\S]*"#, #"[\s\S]*(?:^[^/]+/[^/]+$)[\s\S]*"#, "(a|b)*a(a|b){4}", "(?:a|ab|abc)+",
            "[a-z]{3,9}", #"[\s\S]*(?:\d{3}-[A-Z]{2})[\s\S]*"#,
        ]

    /// The number of classes of equivalent states, by refining the acceptance split until each
    /// class's states lead, class by class, into one class (Moore's algorithm: quadratic, and
    /// shares no code with Hopcroft's).
    static func equivalenceClasses(_ dfa: DenseDFA) -> Int {
        var classOf = dfa.accepting.map { $0 ? 1 : 0 }
        classOf[0] = 2 // dead differs from every live state
        var count = Set(classOf).count
        while true {
            var numbers: [[Int]: Int] = [:]
            let refined = (0..<dfa.stateCount).map { state -> Int in
                let key = [classOf[state]] + (0..<dfa.classCount).map { classOf[Int(dfa.table[state * dfa.classCount + $0])] }
                if let known = numbers[key] { return known }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
            classOf = refined
            if numbers.count == count { return count }
            count = numbers.count
        }
    }

    /// Whether the two automata accept the same language: both differences are empty.
    static func sameLanguage(_ a: DenseDFA, _ b: DenseDFA) throws -> Bool {
        try DenseDFA.product(a, b, .difference, what: "a - b").start == DenseDFA.dead
            && DenseDFA.product(b, a, .difference, what: "b - a").start == DenseDFA.dead
    }

    @Test(arguments: patterns, DenseDFADeterminizeTests.encodings)
    func minimalAndEquivalent(pattern: String, encoding: TextEncoding) throws {
        let regex = try RegexPattern(pattern)
        let options = AutomatonOptions(encoding: encoding)
        let original = try DenseDFA(determinizing: regex.byteNFA(options), maxStates: 100_000, what: pattern)
        let minimal = original.minimized(maxTransitions: .max)
        #expect(try Self.sameLanguage(original, minimal), "\(pattern)")
        #expect(minimal.stateCount == Self.equivalenceClasses(original), "\(pattern)")
        #expect(Self.equivalenceClasses(minimal) == minimal.stateCount, "\(pattern): the result is minimal")
        #expect(minimal.start == original.start)
        if original.start != DenseDFA.dead {
            // Pruned as before: every state but dead still reaches acceptance.
            #expect((1..<minimal.stateCount).allSatisfy { Self.reachesAcceptance(minimal, from: UInt32($0)) })
        }
    }

    static func reachesAcceptance(_ dfa: DenseDFA, from state: UInt32) -> Bool {
        var seen: Set<UInt32> = [state]
        var stack = [state]
        while let current = stack.popLast() {
            if dfa.isAccepting(current) { return true }
            for column in 0..<dfa.classCount {
                let next = dfa.table[Int(current) * dfa.classCount + column]
                if next != DenseDFA.dead, seen.insert(next).inserted { stack.append(next) }
            }
        }
        return false
    }

    /// Random words over the bytes the pattern cares about: both automata agree on each.
    @Test(arguments: patterns)
    func agreesOnRandomWords(pattern: String) throws {
        let options = AutomatonOptions(encoding: .jsonString())
        let original = try DenseDFA(determinizing: RegexPattern(pattern).byteNFA(options), maxStates: 100_000, what: pattern)
        let minimal = original.minimized()
        let alphabet = Array(#""\abcxyz019AF-/:._ é"#.utf8)
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let word = (0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            #expect(original.matches(word) == minimal.matches(word), "\(pattern): \(word)")
        }
    }

    /// The case that motivated it: in an unanchored pattern's string, every state after the match
    /// accepts the rest of any string, the plain string's language after its opening quote. They
    /// are now one state, whose canonical form is the plain string's, so its masks are the ones
    /// preprocessing made.
    @Test func statesAfterAnUnanchoredMatchAreOne() throws {
        let pattern = try RegexPattern(#"[\s\S]*(?:[0-9a-fA-F]+)[\s\S]*"#)
        let lexeme = try Lexeme.interned(.string(StringNode(patterns: [pattern])))
        let plain = try Lexeme.interned(.string(StringNode()))
        var state = lexeme.dfa.next(lexeme.dfa.start, UInt8(ascii: "\""))
        var after: Set<UInt32> = []
        for byte in "zz0123456789abc".utf8 {
            state = lexeme.dfa.next(state, byte)
            if byte != UInt8(ascii: "z") { after.insert(state) }
        }
        #expect(after.count == 1)
        let inside = plain.dfa.next(plain.dfa.start, UInt8(ascii: "\""))
        #expect(LexemeLanguage.signature(lexeme.dfa, from: state) == LexemeLanguage.signature(plain.dfa, from: inside))
        // Negative control: before the first hex digit the language is another.
        let before = lexeme.dfa.next(lexeme.dfa.next(lexeme.dfa.start, UInt8(ascii: "\"")), UInt8(ascii: "z"))
        #expect(LexemeLanguage.signature(lexeme.dfa, from: before) != LexemeLanguage.signature(plain.dfa, from: inside))
    }

    /// Past the bound, an automaton is left as it is; under it, the same one is minimized.
    @Test func largeAutomataAreLeftAsTheyAre() throws {
        let twins = try DenseDFA(determinizing: RegexPattern(#"[\s\S]*[0-9a-f]+[\s\S]*"#).byteNFA(AutomatonOptions()), maxStates: 1000, what: "twins")
        #expect(twins.minimized(maxTransitions: twins.table.count - 1) === twins)
        #expect(twins.minimized(maxTransitions: twins.table.count).stateCount < twins.stateCount)
    }

    /// Two spellings of one language minimize to one canonical form.
    @Test func equalLanguagesGetOneForm() throws {
        let pairs = [("(a|b)*abb", "(?:b|a)*ab(?:b)"), (#"[\s\S]*[0-9a-f]+[\s\S]*"#, #"[\s\S]*[0-9a-f][\s\S]*"#), ("a{2,3}", "aaa?")]
        for (first, second) in pairs {
            let a = try DenseDFA(determinizing: RegexPattern(first).byteNFA(AutomatonOptions()), maxStates: 10_000, what: first).minimized()
            let b = try DenseDFA(determinizing: RegexPattern(second).byteNFA(AutomatonOptions()), maxStates: 10_000, what: second).minimized()
            #expect(a.stateCount == b.stateCount, "\(first) / \(second)")
            #expect(LexemeLanguage.signature(a, from: a.start) == LexemeLanguage.signature(b, from: b.start), "\(first) / \(second)")
        }
    }
}
