import Testing

@testable import StructuredDecoding

/// Automata over JSON string literals whose decoded content matches a pattern.
@Suite struct JSONStringAutomatonTests {
    func dfa(
        _ pattern: String, mode: MatchMode = .wholeMatch, quoted: Bool = true, escapes: JSONEscapeStyle = .all,
        min: Int = 0, max: Int? = nil
    ) throws -> ByteDFA {
        try RegexPattern(pattern, options: .dotAll).compile(
            AutomatonOptions(
                mode: mode, encoding: .jsonString(quoted: quoted, escapes: escapes), minLength: min, maxLength: max))
    }

    @Test func everyEscapeDecodesToTheScalarThePatternSees() throws {
        let any = try dfa(#"[\s\S]*"#)
        for literal in [
            #""""#, #""plain""#, #""\" \\ \/ \b \f \n \r \t""#, #""\u0041\u00e9\u6F22\uFFFF""#,
            #""\ud83d\ude00\uD83D\uDE00""#, #""raw é 漢 😀 \u007f""#,
        ] {
            #expect(any.matches(literal), "\(literal)")
        }
        for literal in [
            #""\""#, #""\x41""#, #""\u12""#, #""\u12G4""#, #""\ud83d""#, #""\ude00""#,
            #""\ud83d\u0041""#, #""\ud83dx""#, "\"\u{1}\"", "\"a\nb\"", #""a"b""#, #"abc"#, #""abc"#,
        ] {
            #expect(!any.matches(literal), "\(literal)")
        }
    }

    @Test func patternsSeeDecodedScalars() throws {
        let quote = try dfa(#"a"b\\c/d"#)
        #expect(quote.matches(#""a\"b\\c/d""#) && quote.matches(#""a\u0022b\u005Cc\/d""#))
        #expect(!quote.matches(#""a"b\c/d""#))
        let newline = try dfa(#"x\ny\tz"#)
        #expect(newline.matches(#""x\ny\tz""#) && newline.matches(#""x\u000Ay\u0009z""#))
        let emoji = try dfa("[😀-😂]{2}")
        #expect(emoji.matches(#""😀\uD83D\uDE01""#) && !emoji.matches(#""😀\uD83D\uDE03""#))
        let nonBMP = try dfa(#"[\u{10000}-\u{10FFFF}]"#)
        #expect(nonBMP.matches(#""\udbff\udfff""#) && nonBMP.matches(#""\ud800\udc00""#) && !nonBMP.matches(#""\uffff""#))
        let range = try dfa(#"[\u{1F600}-\u{1F64F}\u{20000}-\u{2A6DF}]+"#)
        #expect(range.matches(#""\ud83d\ude4f\ud840\udc00\ud869\udedf""#))
        #expect(!range.matches(#""\ud83d\ude50""#) && !range.matches(#""\ud869\udee0""#))
    }

    @Test func minimalEscapesAllowOneSpellingPerScalar() throws {
        let any = try dfa(#"[\s\S]*"#, escapes: .minimal)
        for literal in [#""a/b""#, #""\" \\ \b \f \n \r \t""#, #""\u0000\u001f\u000b""#, #""é😀""#] {
            #expect(any.matches(literal), "\(literal)")
        }
        for literal in [#""\/""#, #""\u0041""#, #""\u001F""#, #""\u000a""#, #""\ud83d\ude00""#] {
            #expect(!any.matches(literal), "\(literal)")
        }
    }

    @Test func unquotedBodies() throws {
        let body = try dfa("[a-z]+", quoted: false)
        #expect(body.matches("abc") && body.matches(#"\u0061"#) && !body.matches(#""abc""#))
    }

    @Test func searchModeIsUnanchoredOverDecodedText() throws {
        let search = try dfa("b+c", mode: .search)
        #expect(search.matches(#""a\u0062bc\n""#) && !search.matches(#""abd""#))
        let anchored = try dfa("^a|z$", mode: .search)
        #expect(anchored.matches(#""a..""#) && anchored.matches(#""..z""#) && !anchored.matches(#""..a..""#))
    }

    @Test func lengthBoundsCountDecodedScalars() throws {
        let bounded = try dfa(#"[\s\S]*"#, min: 2, max: 3)
        #expect(!bounded.matches(#""a""#) && bounded.matches(#""ab""#) && bounded.matches(#""abc""#) && !bounded.matches(#""abcd""#))
        #expect(!bounded.matches(#""\ud83d\ude00""#)) // one scalar, 12 bytes
        #expect(bounded.matches(#""\ud83d\ude00😀\n""#)) // three scalars
        #expect(bounded.matches(#""\u0041\"""#)) // two scalars
        let atLeast = try dfa(#"[\s\S]*"#, min: 3)
        #expect(!atLeast.matches(#""ab""#) && atLeast.matches(#""abc""#) && atLeast.matches(#""abcdefgh""#))
        // Length and pattern together (the product is exact, not a filter on either alone).
        let word = try dfa("(?:ab)+", min: 3, max: 5)
        #expect(word.matches(#""abab""#) && !word.matches(#""ab""#) && !word.matches(#""ababab""#))
        let search = try dfa("x", mode: .search, max: 3)
        #expect(search.matches(#""axb""#) && !search.matches(#""aaxb""#))
        let impossible = try dfa("abcd", max: 3)
        #expect(impossible.start == impossible.dead)
        #expect(throws: RegexError.self) { try dfa("a", min: 3, max: 2) }
        #expect(throws: RegexError.self) { try dfa("a", min: -1) }
    }

    @Test func plainUTF8LengthBounds() throws {
        let dfa = try RegexPattern(".*").compile(AutomatonOptions(minLength: 1, maxLength: 2))
        #expect(!dfa.matches("") && dfa.matches("😀") && dfa.matches("é漢") && !dfa.matches("abc"))
    }

    @Test func controlCharactersMustBeEscaped() throws {
        let any = try dfa(#"[\s\S]*"#)
        for byte in UInt8(0)..<0x20 {
            #expect(!any.matches(bytes: [0x22, byte, 0x22]), "raw \(byte)")
        }
        #expect(!any.matches(bytes: [0x22, 0xC3, 0x22])) // cut UTF-8 sequence
    }
}
