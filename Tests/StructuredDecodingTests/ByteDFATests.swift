import FMSupport
import TestSupport
import Testing

@testable import StructuredDecoding

/// The lazy automaton's API: states, liveness, byte classes, limits, concurrency.
@Suite struct ByteDFATests {
    @Test func deadAndLiveStates() throws {
        let dfa = try RegexPattern("ab+c").compile()
        let a = dfa.next(dfa.start, UInt8(ascii: "a"))
        #expect(a != dfa.dead && dfa.canReachAccept(a) && !dfa.isAccepting(a))
        #expect(dfa.next(dfa.start, UInt8(ascii: "b")) == dfa.dead)
        #expect(!dfa.canReachAccept(dfa.dead) && !dfa.isAccepting(dfa.dead))
        for byte in UInt8.min...UInt8.max { #expect(dfa.next(dfa.dead, byte) == dfa.dead) }
        let done = dfa.walk(from: dfa.start, bytes: "abbc".utf8)
        #expect(dfa.isAccepting(done))
        // After the final `c` nothing can follow: the state accepts but every byte kills it.
        #expect((UInt8.min...UInt8.max).allSatisfy { dfa.next(done, $0) == dfa.dead })
        // A pattern that can never match starts dead.
        let never = try RegexPattern("a^b").compile()
        #expect(never.start == never.dead)
    }

    @Test func statesAreMemoizedAndDeterministic() throws {
        let dfa = try RegexPattern("(?:ab|ac)*").compile()
        let first = dfa.walk(from: dfa.start, bytes: "abacab".utf8)
        let count = dfa.stateCount
        let second = dfa.walk(from: dfa.start, bytes: "abacab".utf8)
        #expect(first == second && dfa.stateCount == count)
        #expect(first == dfa.start || dfa.isAccepting(first))
    }

    @Test func byteClassesAreSmall() throws {
        let dfa = try RegexPattern("[a-z]+[0-9]").compile()
        // Classes: below `0`, digits, between, letters, above.
        #expect(dfa.byteClassCount == 5)
        #expect(dfa.byteClasses[Int(UInt8(ascii: "a"))] == dfa.byteClasses[Int(UInt8(ascii: "q"))])
        #expect(dfa.byteClasses[Int(UInt8(ascii: "a"))] != dfa.byteClasses[Int(UInt8(ascii: "0"))])
        let wide = try RegexPattern(#"[\u{80}-\u{10FFFF}]"#).compile()
        #expect(wide.byteClassCount < 16)
    }

    /// `(a|b)*a(a|b){k}` needs 2^(k+1) DFA states in search mode: with a small cap the automaton
    /// overflows, reports it, and still never accepts a string outside the language.
    @Test func stateLimitUnderApproximates() throws {
        let pattern = try RegexPattern("a[ab]{9}")
        let dfa = try pattern.compile(AutomatonOptions(mode: .search, limits: AutomatonLimits(dfaStates: 64)))
        var generator = SplitMix64(seed: 5)
        var accepted = 0
        for _ in 0..<2000 {
            let text = String((0..<Int(generator.next() % 20)).map { _ in generator.next() % 2 == 0 ? Character("a") : "b" })
            let inLanguage = text.count >= 10 && text.dropLast(9).contains("a")
            if dfa.matches(text) {
                accepted += 1
                #expect(inLanguage, "\(text)")
            }
        }
        #expect(dfa.hasOverflowed)
        #expect(dfa.stateCount == 64)
        #expect(throws: RegexError.self) { _ = try dfa.checkedNext(dfa.start, UInt8(ascii: "a")) }
        let roomy = try pattern.compile(AutomatonOptions(mode: .search))
        #expect(roomy.matches("bbbabbbbbbbbb") && !roomy.hasOverflowed)
        _ = accepted
    }

    @Test func concurrentUseIsSafe() async throws {
        let dfa = try RegexPattern(#"\p{L}+(?:-\p{L}+)*"#).compile(AutomatonOptions(mode: .search))
        let texts = ["jean-luc", "漢字-かな", "123", "a-", "-", "Ærøskøbing-Ω"]
        let expected = texts.map { dfa.matches($0) }
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let text = texts[index % texts.count]
                    return dfa.matches(text) == expected[index % texts.count]
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }

    @Test func convenienceInitializer() throws {
        let dfa = try ByteDFA(pattern: "colou?r", options: AutomatonOptions(mode: .search))
        #expect(dfa.matches("my favourite colour") && !dfa.matches("colr"))
        #expect(throws: RegexError.self) { try ByteDFA(pattern: "(?=x)") }
    }
}
