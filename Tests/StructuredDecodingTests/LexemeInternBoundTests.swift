import Foundation
import Testing

@testable import StructuredDecoding

/// The process-wide intern table of lexemes is bounded: a long-running process that compiles
/// schema after schema forgets old lexemes, a forgotten specification comes back as a new
/// lexeme with a fresh id, and masks computed after forgetting still equal the definition.
@Suite struct LexemeInternBoundTests {
    /// `count` literal lexemes no other test interns (a fresh prefix per call).
    func flood(_ count: Int) throws -> [Lexeme] {
        let prefix = UUID().uuidString
        return try (0..<count).map { i throws(GrammarError) in
            try Lexeme.interned(.literals([Array("\(prefix)-\(i)".utf8)]))
        }
    }

    @Test func theTableStaysBoundedAndIDsAreNeverReused() throws {
        let limit = Lexeme.internLimit
        let first = try Lexeme.interned(.literals([Array("first-\(UUID().uuidString)".utf8)]))
        #expect(try Lexeme.interned(first.spec) === first, "an equal specification shares its lexeme")
        let flooded = try flood(3 * limit)
        #expect(Lexeme.internedCount <= 2 * limit, "\(Lexeme.internedCount) lexemes held")
        let again = try Lexeme.interned(first.spec)
        #expect(again !== first, "the first lexeme was never forgotten, so nothing was bounded")
        let ids = [first.id, again.id] + flooded.map(\.id)
        #expect(Set(ids).count == ids.count, "a lexeme id was given twice")
    }

    @Test func largeAutomataTurnTheTableOverByTheirBytes() throws {
        // Sets of 20,000 distinct words: automata of about a megabyte or more each.
        let prefix = UUID().uuidString
        var interned = 0, largest = 0
        for set in 0..<24 where interned <= 3 * Lexeme.internByteLimit {
            let words = (0..<20_000).map { Array("\($0 * 7919 % 100_003)-\(set)-\(prefix)".utf8) }
            let lexeme = try Lexeme.interned(.literals(words))
            interned += lexeme.tableBytes
            largest = max(largest, lexeme.tableBytes)
            let held = Lexeme.internedTableBytes
            #expect(held <= 2 * max(Lexeme.internByteLimit, largest), "\(held) bytes of automata held")
        }
        #expect(interned > 2 * Lexeme.internByteLimit, "only \(interned) bytes interned: the bound was never reached")
    }

    /// The mask inside a length-bounded string (a counted lexeme, whose walks are keyed by the
    /// automaton it shares with the unbounded string) before and after the table has forgotten
    /// everything, against the mask by definition.
    @Test func masksStayRightAfterForgetting() throws {
        let vocabulary = ArrayVocabulary(
            strings: ["\""] + "abcxyz".map(String.init) + ["ab", "abc", "a\"", "ab\"", "\"a"], endOfSequenceTokens: [])
        let index = VocabularyIndex(vocabulary)
        func check() throws {
            let schema = try JSONSchemaImporter(mode: .validation).importSchema(#"{"type": "string", "maxLength": 2}"#)
            var matcher = GrammarMatcher(grammar: try Grammar(compiling: schema), index: index)
            try matcher.commit(0) // the opening quote
            try matcher.commit(1) // "a"
            var mask = TokenMask(count: index.tokenCount)
            matcher.fillMask(&mask)
            var expected = TokenMask(count: index.tokenCount)
            for id in 0..<index.tokenCount where matcher.allows(id) { expected.insert(id) }
            #expect(mask == expected)
            #expect(mask.contains(5) && mask.contains(9), "one more letter fits, and the closing quote after it")
            #expect(!mask.contains(7) && !mask.contains(8), "two more letters do not")
        }
        try check()
        _ = try flood(3 * Lexeme.internLimit)
        try check()
    }
}
