import Testing

@testable import StructuredDecoding

/// Every refused construct throws a typed error naming it, at the right offset.
@Suite struct RegexErrorTests {
    @Test func unsupportedConstructsNameThemselves() {
        let cases: [(String, String, Int)] = [
            ("ab(?=c)", "look-ahead", 2), ("(?!c)", "negative look-ahead", 0),
            ("x(?<=a)", "look-behind", 1), ("(?<!a)", "negative look-behind", 0),
            (#"(a)\1"#, "back-reference", 3), (#"(?<n>a)\k<n>"#, "named back-reference", 7),
            ("(?P<n>a)(?P=n)", "named back-reference", 8), (#"\g{1}"#, "back-reference", 0),
            ("a*+", "possessive quantifier", 2), ("a{2}+", "possessive quantifier", 4),
            ("(?(1)a|b)", "conditional", 0), ("(?>a)", "atomic group", 0), ("(?|a)", "branch reset", 0),
            ("(?i)a", "inline options", 0), ("(?i:a)", "inline options", 0), ("(?R)", "recursion", 0),
            (#"a\b"#, "word boundary", 1), (#"\B"#, "non-word-boundary", 0), (#"a\Z"#, #"\Z"#, 1),
            (#"\G"#, "continuation", 0), (#"\X"#, "grapheme", 0), (#"\R"#, "line-break", 0),
            (#"\N{DIGIT ONE}"#, #"\N"#, 0), (#"\h"#, "horizontal", 0), (#"a\E"#, "without an opening", 1),
            (#"\01"#, "octal", 0), ("[a[b]]", "nested class", 2), ("[[:alpha:]]", "POSIX", 1),
            ("[a&&b]", "intersection", 2), ("[\\A]", "inside a class", 1),
        ]
        for (pattern, name, offset) in cases {
            guard let error = regexError(pattern) else {
                Issue.record("/\(pattern)/ should be refused: \(pattern.debugDescription)")
                continue
            }
            guard case .unsupported(let what) = error.reason else {
                Issue.record("/\(pattern)/: expected unsupported, got \(error)")
                continue
            }
            #expect(what.contains(name), "/\(pattern)/: \(what)")
            #expect(error.offset == offset, "/\(pattern)/: \(error)")
            #expect(error.description.contains("offset \(offset)"))
        }
    }

    @Test func syntaxErrors() {
        let cases: [(String, RegexError.Reason, Int)] = [
            ("(ab", .missingClosingParenthesis, 0), ("a(b(c)", .missingClosingParenthesis, 1),
            ("ab)", .unmatchedClosingParenthesis, 2), ("[ab", .missingClosingBracket, 0),
            ("x[]", .ambiguousEmptyClass, 1), ("[^]", .ambiguousEmptyClass, 0),
            ("*a", .nothingToRepeat, 0), ("a|+", .nothingToRepeat, 2), ("^*", .nothingToRepeat, 1),
            ("a**", .nothingToRepeat, 2), ("a{2}{3}", .nothingToRepeat, 4), ("{2}", .nothingToRepeat, 0),
            ("$?", .nothingToRepeat, 1), ("a{3,2}", .invalidRepetitionBounds(min: 3, max: 2), 1),
            ("a{1001}", .repetitionTooLarge(count: 1001, limit: 1000), 1),
            ("a{2,100000}", .repetitionTooLarge(count: 100_000, limit: 1000), 1),
            ("a{99999999999999999999999}", .repetitionTooLarge(count: Int.max / 20, limit: 1000), 1),
            ("ab\\", .trailingBackslash, 2), (#"\q"#, .unknownEscape(#"\q"#), 0), (#"\i"#, .unknownEscape(#"\i"#), 0),
            (#"\p{Foo}"#, .unknownProperty("Foo"), 0), (#"a\p{Script=Klingon}"#, .unknownProperty("Script=Klingon"), 1),
            (#"\p{gc=Zz}"#, .unknownProperty("gc=Zz"), 0), ("(?<1a>x)", .invalidGroupName("1a"), 3),
            ("(?<>x)", .invalidGroupName(""), 3), ("(?<a-b>x)", .invalidGroupName("a-b"), 3),
        ]
        for (pattern, reason, offset) in cases {
            let error = regexError(pattern)
            #expect(error?.reason == reason, "/\(pattern)/: \(String(describing: error))")
            #expect(error?.offset == offset, "/\(pattern)/: \(String(describing: error))")
        }
    }

    @Test func malformedEscapes() {
        for pattern in [
            #"\x4"#, #"\xZZ"#, #"\u12"#, #"\u{}"#, #"\u{110000}"#, #"\uD800"#, #"\uDC00"#,
            #"\u{D800}"#, #"\c1"#, #"\p{L"#, #"\p"#, #"\p1"#, #"\x{123456789}"#, #"\U0011FFFF"#,
        ] {
            guard case .invalidEscape = regexError(pattern)?.reason else {
                Issue.record("/\(pattern)/ should be an invalid escape: \(String(describing: regexError(pattern)))")
                continue
            }
        }
    }

    @Test func rangeErrors() {
        #expect(regexError("[z-a]")?.reason == .invalidRange("U+7A is above U+61"))
        #expect(regexError("x[z-a]")?.offset == 2)
        guard case .invalidRange = regexError(#"[\d-z]"#)?.reason else { Issue.record("class escape start"); return }
        guard case .invalidRange = regexError(#"[a-\d]"#)?.reason else { Issue.record("class escape end"); return }
    }

    @Test func nestingLimit() {
        let deep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
        #expect(regexError(deep)?.reason == .nestingTooDeep(limit: 100))
        let fine = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        #expect(regexError(fine) == nil)
    }

    @Test func sizeLimitsAreErrorsNotExplosions() throws {
        // 1000 x 1000 copies: refused by the NFA state limit, quickly.
        let error = #expect(throws: RegexError.self) { try RegexPattern("(?:a{1000}){1000}").compile() }
        guard case .automatonTooLarge(let what, let limit) = error?.reason else { Issue.record("\(String(describing: error))"); return }
        #expect(what.contains("scalar NFA") && limit == 100_000)
        let small = AutomatonLimits(scalarNFAStates: 1_000_000, byteNFAStates: 500)
        #expect(throws: RegexError.self) { try RegexPattern(#"\p{L}{20}"#).compile(AutomatonOptions(limits: small)) }
    }

    @Test func offsetsCountScalars() {
        #expect(regexError("😀é(?=x)")?.offset == 2)
    }
}
