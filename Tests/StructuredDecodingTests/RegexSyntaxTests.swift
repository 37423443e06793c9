import Testing

@testable import StructuredDecoding

/// Table-driven accept/reject tests per syntax feature (whole-match mode unless noted).
@Suite struct RegexSyntaxTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let pattern: String
        let accepts: [String]
        let rejects: [String]
        var options: RegexOptions = []
        var testDescription: String { "/\(pattern)/" }
    }

    static let rows: [Row] = [
        // Literals and character escapes, including spellings Python lacks.
        Row(pattern: #"\u{1F600}\u{e9}"#, accepts: ["😀é"], rejects: ["😀e"]),
        Row(pattern: #"\x{41}\x{1F600}"#, accepts: ["A😀"], rejects: ["A"]),
        Row(pattern: #"\uD83D\uDE00"#, accepts: ["😀"], rejects: ["\u{FFFD}\u{FFFD}"]),
        Row(pattern: #"\cJ\cm"#, accepts: ["\n\r"], rejects: ["cJ"]),
        Row(pattern: #"\e\a\0"#, accepts: ["\u{1B}\u{07}\0"], rejects: ["ea0"]),
        Row(pattern: #"\U0001F600"#, accepts: ["😀"], rejects: [""]),
        Row(pattern: ##"\-\,\:\=\!\<\>\@\#\%\&\~\`\'\""##, accepts: [##"-,:=!<>@#%&~`'""##], rejects: []),
        Row(pattern: #"\é"#, accepts: ["é"], rejects: ["e"]),
        // Quoting, as RegexBuilder prints string components: the text stands for itself, a
        // quantifier binds to its last character, an unterminated `\Q` quotes to the end.
        Row(pattern: #"(Mr|Mrs)\Q. \E\w+"#, accepts: ["Mrs. Brewster", "Mr. X"], rejects: ["MrsX Brewster", "Mr.Brewster"]),
        Row(pattern: #"a\Q.*[\E"#, accepts: ["a.*["], rejects: ["a", "ab["]),
        Row(pattern: #"\Qab\E+"#, accepts: ["abbb"], rejects: ["abab"]),
        Row(pattern: #"x\Q(\d)\"#, accepts: [#"x(\d)\"#], rejects: ["x5"]),
        Row(pattern: #"\\Q"#, accepts: [#"\Q"#], rejects: ["Q"]),
        // Dot.
        Row(pattern: ".", accepts: ["a", "😀", "\t"], rejects: ["\n", "\r", "\u{2028}", "\u{2029}", ""]),
        Row(pattern: ".", accepts: ["\n", "\r", "\u{2028}"], rejects: ["", "ab"], options: .dotAll),
        // Classes.
        Row(pattern: "[a-c😀-😂]+", accepts: ["abc😁"], rejects: ["d", "😃"]),
        Row(pattern: #"[^\n]*"#, accepts: ["abc\r😀"], rejects: ["a\nb"]),
        Row(pattern: #"[\p{Lu}\d]+"#, accepts: ["AB12É"], rejects: ["a"]),
        Row(pattern: #"[\P{L}]"#, accepts: ["1", " "], rejects: ["a"]),
        Row(pattern: #"[+--]"#, accepts: ["+", ",", "-"], rejects: ["."]),
        Row(pattern: "[a&b]", accepts: ["&", "a"], rejects: ["c"]),
        Row(pattern: #"[\]]"#, accepts: ["]"], rejects: ["\\"]),
        Row(pattern: #"[\s\S]"#, accepts: ["\n", "a", "😀"], rejects: [""]),
        Row(pattern: #"[^\s\S]"#, accepts: [], rejects: ["", "a", "\n"]),
        // Class escapes: ECMAScript ASCII by default, Unicode on request.
        Row(pattern: #"\d\w\s"#, accepts: ["0_ ", "9a\u{3000}", "5Z\u{FEFF}"], rejects: ["٣a ", "0é ", "0a\u{85}"]),
        Row(pattern: #"\d\w\s"#, accepts: ["٣é\u{85}", "0_ "], rejects: ["½a "], options: .unicodeCharacterClasses),
        Row(pattern: #"\D\W\S"#, accepts: ["a-x", "٣é!"], rejects: ["1-x", "a_x", "a- "]),
        // Unicode properties: forms and names.
        Row(pattern: #"\pL\p{^L}\PL"#, accepts: ["a11", "漢!?"], rejects: ["aa1"]),
        Row(pattern: #"\p{gc=Lu}\p{General_Category=Ll}\p{Letter}\p{L&}"#, accepts: ["Abcd"], rejects: ["abcd"]),
        Row(pattern: #"\p{sc=Grek}\p{Script=Latn}\p{scx=Hira}"#, accepts: ["αaあ"], rejects: ["aαあ"]),
        Row(pattern: #"\p{Any}\p{ASCII}\p{Assigned}"#, accepts: ["😀aé"], rejects: ["😀é\u{E000}", "😀a\u{0378}"]),
        Row(pattern: #"\p{Emoji_Presentation}+"#, accepts: ["😀🎉"], rejects: ["a", "#"]),
        Row(pattern: #"\p{white space}\p{upper-case}"#, accepts: [" A"], rejects: [" a"]),
        Row(pattern: #"\p{Nd}\p{No}\p{Nl}"#, accepts: ["٣½Ⅻ"], rejects: ["½٣Ⅻ"]),
        Row(pattern: #"\p{Ps}\p{Pe}\p{Sc}\p{Sm}\p{Zs}"#, accepts: ["()€+ "], rejects: [")(€+ "]),
        Row(pattern: #"\p{Cc}\p{Cf}"#, accepts: ["\u{01}\u{200B}"], rejects: ["a\u{200B}"]),
        Row(pattern: #"\p{Co}"#, accepts: ["\u{E000}"], rejects: ["a"]),
        // Quantifiers.
        Row(pattern: "(?:a{2}){3}", accepts: ["aaaaaa"], rejects: ["aaaa"]),
        Row(pattern: "a{0,0}b", accepts: ["b"], rejects: ["ab"]),
        Row(pattern: "(?:ab)*?c+?d??", accepts: ["ababccd", "c"], rejects: ["abd"]),
        Row(pattern: "a{1000}", accepts: [String(repeating: "a", count: 1000)], rejects: [String(repeating: "a", count: 999)]),
        Row(pattern: "x{,3}", accepts: ["", "xxx"], rejects: ["xxxx"]),
        Row(pattern: "x{,}", accepts: ["x{,}"], rejects: ["x"]),
        // Groups.
        Row(pattern: "(?'w'a)(?<v>b)(?P<u>c)(?#ignored)d", accepts: ["abcd"], rejects: ["abc"]),
        Row(pattern: "()", accepts: [""], rejects: ["a"]),
        Row(pattern: "(?:)|a", accepts: ["", "a"], rejects: ["b"]),
    ]

    @Test(arguments: rows) func acceptsAndRejects(_ row: Row) throws {
        let dfa = try RegexPattern(row.pattern, options: row.options).compile()
        for text in row.accepts { #expect(dfa.matches(text), "should accept \(text.debugDescription)") }
        for text in row.rejects { #expect(!dfa.matches(text), "should reject \(text.debugDescription)") }
    }

    @Test func searchModeFindsSubstringsAndRespectsAnchors() throws {
        let cases: [(String, String, Bool)] = [
            ("abc", "xxabcxx", true), ("abc", "abxc", false), ("^abc", "abcx", true), ("^abc", "xabc", false),
            ("abc$", "xabc", true), ("abc$", "abcx", false), ("^$", "", true), ("^$", "a", false),
            ("", "anything", true), (#"\Aa\z"#, "a", true), ("a|^b", "xb", false), ("a|^b", "bx", true),
        ]
        for (pattern, text, expected) in cases {
            #expect(try regexAccepts(pattern, text, mode: .search) == expected, "/\(pattern)/ in \(text)")
        }
    }

    @Test func lengthHints() throws {
        let cases: [(String, Int, Int?)] = [
            ("abc", 3, 3), ("a{2,5}", 2, 5), ("a+", 1, nil), ("(ab|c)?", 0, 2), ("^$", 0, 0),
            ("😀{3}", 3, 3), ("(?:a{0,1000}){0,1000}", 0, 1_000_000), ("(?:){5,}", 0, 0),
        ]
        for (pattern, low, high) in cases {
            let parsed = try RegexPattern(pattern)
            #expect(parsed.minLength == low && parsed.maxLength == high, "/\(pattern)/")
        }
    }

    @Test func literalAndEscaping() throws {
        let text = #"a.b*c(d)[e]{f}|g^h$i\j/k-l?m+😀"#
        let dfa = try RegexPattern(literal: text).compile()
        #expect(dfa.matches(text))
        #expect(!dfa.matches("a"))
        let reparsed = try RegexPattern(RegexPattern.escaping(text)).compile()
        #expect(reparsed.matches(text))
        #expect(!reparsed.matches(text + "x"))
        #expect(try RegexPattern.anyText.compile().matches("any\nthing 😀"))
    }
}

/// The examples in the documentation comments and README, checked.
@Suite struct RegexDocumentationTests {
    @Test func documentedExamples() throws {
        let pattern = try RegexPattern(#"^\d{3}-\d{4}$"#)
        let dfa = try pattern.compile()
        #expect(dfa.matches("555-0123"))
        #expect(try pattern.compile(.init(mode: .search, encoding: .jsonString())).matches(#""555-0123""#))
        let phone = try RegexPattern("[0-9]{3}-[0-9]{4}").compile()
        var state = phone.start
        for byte in "555-0123".utf8 { state = phone.next(state, byte) }
        #expect(phone.isAccepting(state) && phone.next(phone.start, UInt8(ascii: "x")) == phone.dead)
        let word = try RegexPattern("[a-z]+").compile(.init(encoding: .jsonString()))
        #expect(word.matches(#""abc""#) && word.matches(#""\u0061bc""#))
        let date = try StringFormat.date.regex.compile(.init(encoding: .jsonString()))
        #expect(date.matches(#""2024-02-29""#) && !date.matches(#""2023-02-29""#))
        let body = try RegexPattern("[a-z]+").compile(
            AutomatonOptions(
                mode: .search, encoding: .jsonString(quoted: true, escapes: .all), minLength: 1, maxLength: 64))
        #expect(body.matches(#""h\u00e9llo""#))
        #expect(dfa.withStepper { step, isAccepting in isAccepting("555-0123".utf8.reduce(dfa.start, step)) })
        #expect(regexError("(?=a)b")?.description == "unsupported construct at offset 0: look-ahead `(?=...)`")
    }
}
