import FMSupport
import Testing

@testable import StructuredDecoding

/// The additional-property key automaton built straight from the names (`DenseDFA.strings(_:except:)`)
/// against the construction it replaced: the alternation of the names determinized with every
/// JSON spelling, subtracted from the string automaton by a product. The two must accept the
/// same language, for names with escapes, controls, multi-byte and supplementary scalars.
@Suite struct StringsExceptNamesTests {
    /// Scalars that take every kind of spelling: plain letters (and hex letters, whose `\u`
    /// spellings come in two cases), the short escapes, other controls, DEL, two-, three- and
    /// four-byte UTF-8.
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "J", "z", "0", "9", "\"", "\\", "/", "\u{08}", "\u{0A}", "\u{01}", "\u{1F}", "\u{7F}", "é", "€", "😀", "😁", " ",
    ]

    static func strings() throws -> DenseDFA {
        try Lexeme.interned(.string(StringNode())).dfa
    }

    /// The old construction: determinize the alternation, subtract.
    static func reference(_ strings: DenseDFA, _ names: [String]) throws -> DenseDFA {
        let nfa = try RegexPattern(anyOf: names).byteNFA(AutomatonOptions(encoding: .jsonString()))
        let named = try DenseDFA(determinizing: nfa, maxStates: DenseDFA.maxStates, what: "names")
        return try DenseDFA.product(strings, named, .difference, what: "names")
    }

    /// Whether `a` and `b` accept the same byte strings (both differences empty).
    static func equivalent(_ a: DenseDFA, _ b: DenseDFA) throws -> Bool {
        try DenseDFA.product(a, b, .difference, what: "a - b").start == DenseDFA.dead
            && DenseDFA.product(b, a, .difference, what: "b - a").start == DenseDFA.dead
    }

    /// Whether every state but `dead` can reach acceptance (the invariant mask walks rely on).
    static func allLive(_ dfa: DenseDFA) -> Bool {
        var live = (0..<dfa.stateCount).map { dfa.isAccepting(UInt32($0)) }
        var changed = true
        while changed {
            changed = false
            for state in 1..<dfa.stateCount where !live[state] {
                for byte in 0...255 where live[Int(dfa.next(UInt32(state), UInt8(byte)))] {
                    live[state] = true
                    changed = true
                    break
                }
            }
        }
        return live.dropFirst().allSatisfy { $0 }
    }

    @Test(arguments: 0..<40)
    func sameLanguageAsTheDeterminizedDifference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = 1 + Int(random.next() % 6)
        var names: [String] = []
        for _ in 0..<count {
            var name = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 5) { name.append(Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]) }
            names.append(String(name))
        }
        // Prefixes of other names and repeats, which share trie nodes.
        if let first = names.first, !first.isEmpty { names.append(String(first.dropLast())) }
        names.append(names[0])
        let strings = try Self.strings()
        let direct = try DenseDFA.strings(strings, except: names, what: "test")
        #expect(try Self.equivalent(direct, Self.reference(strings, names)), "names \(names.map { Array($0.unicodeScalars) })")
        #expect(Self.allLive(direct))
        // The names alone (keys and enumerated strings in the flexible layout).
        let pattern = RegexPattern(anyOf: names)
        #expect(pattern.literalAlternatives == names)
        let spelled = DenseDFA(jsonSpellingsOf: names)
        let determinized = try DenseDFA(
            determinizing: pattern.byteNFA(AutomatonOptions(encoding: .jsonString())), maxStates: DenseDFA.maxStates, what: "names")
        #expect(try Self.equivalent(spelled, determinized), "names \(names.map { Array($0.unicodeScalars) })")
        #expect(Self.allLive(spelled))
    }

    @Test func onlyLiteralPatternsTakeTheTrie() throws {
        #expect(RegexPattern(literal: "a.b").literalAlternatives == ["a.b"])
        #expect(try RegexPattern("abc").literalAlternatives == ["abc"])
        #expect(try RegexPattern("ab|c").literalAlternatives == ["ab", "c"])
        #expect(try RegexPattern("a+").literalAlternatives == nil)
        #expect(try RegexPattern("a[bc]").literalAlternatives == nil)
        #expect(try RegexPattern("(?:a|b)c").literalAlternatives == nil)
        // Anchored at both ends, alone or in JSON Schema's search frame, it is the same language.
        #expect(try RegexPattern("^abc$").literalAlternatives == ["abc"])
        #expect(try RegexPattern("^$").literalAlternatives == [""])
        #expect(try RegexPattern(#"[\s\S]*(?:^(red|gr\u00e9en)$)[\s\S]*"#).literalAlternatives == ["red", "gréen"])
        #expect(try RegexPattern("^ab|c$").literalAlternatives == nil)
        #expect(try RegexPattern("^abc").literalAlternatives == nil)
        #expect(try RegexPattern(#"[\s\S]*(?:abc)[\s\S]*"#).literalAlternatives == nil)
        #expect(try RegexPattern(#"[\s\S]*(?:^a+$)[\s\S]*"#).literalAlternatives == nil)
    }

    /// A search-framed, anchored alternation of texts compiles to the trie of their spellings:
    /// the same language as the pattern's own automaton.
    @Test func anchoredAlternativesInASearchFrameKeepTheirLanguage() throws {
        for source in [#"^(native|web|dotnet|hybrid)$"#, #"^(a|ab|\u00e9|😀|"q\\)$"#, "^x$", "^$", "^(?:|a)$"] {
            let framed = try RegexPattern(#"[\s\S]*(?:"# + source + #")[\s\S]*"#)
            let texts = try #require(framed.literalAlternatives, "\(source)")
            let determinized = try DenseDFA(
                determinizing: framed.byteNFA(AutomatonOptions(encoding: .jsonString())), maxStates: DenseDFA.maxStates, what: "test")
            #expect(try Self.equivalent(DenseDFA(jsonSpellingsOf: texts), determinized.minimized()), "\(source)")
        }
    }

    @Test func everySpellingOfANameIsRefused() throws {
        let dfa = try DenseDFA.strings(Self.strings(), except: ["ab", "J", "😀", "a\"/"], what: "test")
        for refused in [#""ab""#, #""\u0061b""#, #""a\u0062""#, #""\u0061\u0062""#, #""J""#, #""\u004a""#, #""\u004A""#] {
            #expect(!dfa.matches(Array(refused.utf8)), "\(refused)")
        }
        for refused in [#""😀""#, #""\uD83D\uDE00""#, #""\ud83d\ude00""#, #""a\"/""#, #""a\"\/""#, #""\u0061\u0022\u002F""#] {
            #expect(!dfa.matches(Array(refused.utf8)), "\(refused)")
        }
        for accepted in [#""a""#, #""abc""#, #""\u0061bc""#, #""b""#, #""""#, #""😁""#, #""\uD83D\uDE01""#, #""a\"""#, #""j""#, #""\u004b""#] {
            #expect(dfa.matches(Array(accepted.utf8)), "\(accepted)")
        }
    }

    /// A string automaton that does not walk the trie as JSON strings do (here one without
    /// `\u` escapes) takes the product instead, with the same result as the old construction.
    @Test func aStringAutomatonOffTheTrieTakesTheProduct() throws {
        let minimal = try DenseDFA(
            determinizing: RegexPattern.anyText.byteNFA(AutomatonOptions(encoding: .jsonString(escapes: .minimal))),
            maxStates: DenseDFA.maxStates, what: "minimal")
        let names = ["ab", "é\n"]
        let direct = try DenseDFA.strings(minimal, except: names, what: "test")
        #expect(try Self.equivalent(direct, Self.reference(minimal, names)))
        #expect(!direct.matches(Array(#""ab""#.utf8)))
        #expect(direct.matches(Array(#""abc""#.utf8)))
    }
}
