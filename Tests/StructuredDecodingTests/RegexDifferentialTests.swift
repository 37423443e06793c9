import Foundation
import StructuredDecoding
import Testing

/// Our automata against Python's `regex` package on the committed corpus made by
/// `Fixtures/make_regex_fixture.py` (see its docstring for the dialect translation and exclusions).
@Suite struct RegexDifferentialTests {
    struct Fixture: Decodable {
        struct Entry: Decodable {
            struct Case: Decodable {
                let string: String
                let fullmatch: Bool
                let search: Bool
            }
            let pattern: String
            let dotAll: Bool
            let cases: [Case]
        }
        let entries: [Entry]
    }

    static func load() throws -> Fixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/regex_differential.json")
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    @Test func agreesWithPythonRegex() throws {
        let fixture = try Self.load()
        #expect(fixture.entries.count > 100)
        var checked = 0
        for entry in fixture.entries {
            let pattern = try RegexPattern(entry.pattern, options: entry.dotAll ? .dotAll : [])
            let whole = try pattern.compile(AutomatonOptions(mode: .wholeMatch))
            let search = try pattern.compile(AutomatonOptions(mode: .search))
            for testCase in entry.cases {
                #expect(
                    whole.matches(testCase.string) == testCase.fullmatch,
                    "wholeMatch /\(entry.pattern)/ on \(testCase.string.debugDescription)")
                #expect(
                    search.matches(testCase.string) == testCase.search,
                    "search /\(entry.pattern)/ on \(testCase.string.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 2000)
    }

    /// The same corpus through the JSON-string encoding: the automaton reads the JSON spelling
    /// of each string (as Foundation writes it, and with every scalar `\u`-escaped) and must
    /// decide as the plain one does.
    @Test func jsonStringEncodingAgrees() throws {
        let fixture = try Self.load()
        for entry in fixture.entries {
            let pattern = try RegexPattern(entry.pattern, options: entry.dotAll ? .dotAll : [])
            let dfa = try pattern.compile(AutomatonOptions(mode: .search, encoding: .jsonString()))
            for testCase in entry.cases {
                let foundation = String(decoding: try JSONSerialization.data(withJSONObject: [testCase.string]), as: UTF8.self)
                let quoted = String(foundation.dropFirst().dropLast())
                #expect(dfa.matches(quoted) == testCase.search, "/\(entry.pattern)/ on \(quoted)")
                let escaped =
                    "\""
                    + testCase.string.utf16.map { unit in
                        let hex = String(unit, radix: 16)
                        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }.joined() + "\""
                #expect(dfa.matches(escaped) == testCase.search, "/\(entry.pattern)/ on \(escaped)")
            }
        }
    }
}
