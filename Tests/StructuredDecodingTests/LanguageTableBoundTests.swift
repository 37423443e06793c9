import Testing

@testable import StructuredDecoding

/// The table of canonical language ids (`LexemeLanguage`) is bounded: a long-running process
/// that compiles schema after schema forgets old languages, and the masks it computes after
/// forgetting still equal the definition (an id is never reused for another language).
@Suite struct LanguageTableBoundTests {
    /// Letters, digits, the quote and a few multi-byte tokens.
    static let vocabulary = ArrayVocabulary(
        strings: ["\""] + "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init) + ["aa", "aaa", "ab", "a\"", "aa\"", "\"a", "ba"],
        endOfSequenceTokens: [])

    /// The mask by definition: try every token.
    func bruteForce(_ matcher: GrammarMatcher) -> TokenMask {
        var mask = TokenMask(count: matcher.index.tokenCount)
        for id in 0..<matcher.index.tokenCount where matcher.allows(id) { mask.insert(id) }
        return mask
    }

    /// The mask just inside the string of a schema `{"type": "string", "pattern": pattern}`.
    func maskInsideString(pattern: String, index: VocabularyIndex) throws -> (TokenMask, TokenMask) {
        let schema = #"{"type": "string", "pattern": "^\#(pattern)$"}"#
        let grammar = try Grammar.compile(try JSONSchemaImporter(mode: .validation).importSchema(schema))
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        try matcher.commit(0) // the opening quote
        var mask = TokenMask(count: index.tokenCount)
        matcher.fillMask(&mask)
        return (mask, bruteForce(matcher))
    }

    @Test func languageIDsStayBoundedAndMasksStayRight() throws {
        let limit = 4
        let index = VocabularyIndex(Self.vocabulary, languageLimit: limit)
        let pinned = index.memoizedLanguageCount
        // 40 patterns, each a different language at every position ([a-z]{n}b, n = 1...40), then
        // the first ten again, after they have been forgotten. Wide states: a state only a few
        // bytes continue keeps its own key and takes no language id (`DenseDFA.isNarrow`).
        let patterns = (1...40).map { "[a-z]{\($0)}b" } + (1...10).map { "[a-z]{\($0)}b" }
        var peak = 0
        for pattern in patterns {
            let (mask, expected) = try maskInsideString(pattern: pattern, index: index)
            #expect(mask == expected, "mask of \(pattern) differs from the definition")
            #expect(index.memoizedLanguageCount <= pinned + 2 * limit, "\(index.memoizedLanguageCount) language ids held")
            peak = max(peak, index.memoizedLanguageCount - pinned)
        }
        #expect(peak > limit, "the run never filled a generation, so nothing was forgotten")
    }

    @Test func theDefaultBoundIsLargeEnoughToShare() throws {
        // With the default bound nothing is forgotten in a short run: the same language asked
        // twice is one id.
        let index = VocabularyIndex(Self.vocabulary)
        let pinned = index.memoizedLanguageCount
        _ = try maskInsideString(pattern: "[a-z]{3}b", index: index)
        let held = index.memoizedLanguageCount
        #expect(held > pinned, "the pattern's wide states took language ids")
        _ = try maskInsideString(pattern: "[a-z]{3}b", index: index)
        #expect(index.memoizedLanguageCount == held)
        #expect(VocabularyIndex.maxLanguageIDs >= 1024)
    }
}
