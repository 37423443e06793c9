import Testing

@testable import StructuredDecoding

/// The canonical form of a lexeme state's language, computed over byte-class runs, against its
/// definition byte by byte; and equal languages in differently split automata get equal forms.
@Suite struct LexemeLanguageTests {
    /// The definition: breadth-first numbering, each byte in order, runs of equal targets.
    static func bytewise(_ dfa: DenseDFA, from state: UInt32) -> [UInt32]? {
        var numbers: [UInt32: UInt32] = [DenseDFA.dead: 0, state: 1]
        var order = [state]
        var out: [UInt32] = []
        var position = 0
        while position < order.count {
            let current = order[position]
            position += 1
            out.append(dfa.isAccepting(current) ? 1 : 0)
            var targets: [UInt32] = []
            for byte in 0..<256 {
                let target = dfa.next(current, UInt8(byte))
                if numbers[target] == nil {
                    guard order.count < LexemeLanguage.maxStates else { return nil }
                    numbers[target] = UInt32(order.count + 1)
                    order.append(target)
                }
                targets.append(numbers[target]!)
            }
            for byte in 0..<256 where byte == 255 || targets[byte + 1] != targets[byte] {
                out.append(UInt32(byte) << 16 | targets[byte])
            }
            out.append(.max)
        }
        return out
    }

    static let patterns = ["a+", "[a-f0-9]{2,4}", #"\d+(?:\.\d+)?"#, "x|yz|[^q]", "(?:ab)*c?", "[\u{80}-\u{7FF}]+"]

    @Test(arguments: patterns)
    func matchesTheDefinition(pattern: String) throws {
        let regex = try RegexPattern(pattern)
        for encoding in [TextEncoding.utf8, .jsonString()] {
            let options = AutomatonOptions(encoding: encoding)
            let dfa = try DenseDFA(determinizing: regex.byteNFA(options), maxStates: 10_000, what: pattern)
            for state in 1..<UInt32(dfa.stateCount) {
                let fast = LexemeLanguage.signature(dfa, from: state)
                let slow = Self.bytewise(dfa, from: state)
                #expect(fast == slow, "\(pattern) state \(state)")
            }
        }
    }

    /// `[ab]+` alone and intersected with `[a-z]+`: the same automaton from the start under a
    /// different class map, so the same form. (The form is canonical for equal structure, not for
    /// every equal language: an unminimized automaton may spell a language differently.)
    @Test func independentOfTheClassSplit() throws {
        let plain = try DenseDFA(determinizing: RegexPattern("[ab]+").byteNFA(AutomatonOptions()), maxStates: 100, what: "plain")
        let split = try DenseDFA.product(
            plain, DenseDFA(determinizing: RegexPattern("[a-z]+").byteNFA(AutomatonOptions()), maxStates: 100, what: "split"),
            .intersection, what: "product")
        #expect(plain.classCount != split.classCount)
        #expect(LexemeLanguage.signature(plain, from: plain.start) == LexemeLanguage.signature(split, from: split.start))
        let other = try DenseDFA(determinizing: RegexPattern("[ab]*").byteNFA(AutomatonOptions()), maxStates: 100, what: "other")
        #expect(LexemeLanguage.signature(plain, from: plain.start) != LexemeLanguage.signature(other, from: other.start))
    }
}
