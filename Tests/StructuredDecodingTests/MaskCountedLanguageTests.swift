import Benchmarks
import TestSupport
import Testing

@testable import StructuredDecoding

/// Counted walks (`CountedWalk`) are shared by language: a length-bounded pattern's state past
/// its last demand accepts what any string accepts, so it reuses the walk preprocessing made
/// for any string instead of walking the whole trie again. Shared or not, every mask of the
/// counted string must equal the mask by definition, at every count.
@Suite struct MaskCountedLanguageTests {
    /// The mask by definition: try every token.
    func bruteForce(_ matcher: GrammarMatcher) -> TokenMask {
        var mask = TokenMask(count: matcher.index.tokenCount)
        for id in 0..<matcher.index.tokenCount where matcher.allows(id) { mask.insert(id) }
        return mask
    }

    @Test func aPatternPastItsDemandSharesTheWalkOfAnyString() throws {
        // A fresh index: the count of walks it holds is this test's own.
        let index = VocabularyIndex(try RealVocabularies.vocabulary("qwen"))
        let graph = try JSONSchemaImporter().importSchema(
            #"{"type": "string", "pattern": "[a-z]", "minLength": 3, "maxLength": 12}"#)
        let grammar = try Grammar.compile(graph)
        #expect(grammar.statistics.countedLexemes == 1)
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        var mask = TokenMask(count: index.tokenCount)
        let preprocessed = index.countedWalkCount
        var walked: [Int] = []
        // Before the letter, past it, close to the most, then the closing quote.
        for (step, piece) in ["\"", "1", "a", "bcdefgh", "ij", "\""].enumerated() {
            matcher.fillMask(&mask)
            let same = mask == bruteForce(matcher) // (not inside #expect, which would print both masks)
            #expect(same, "mask differs from the definition before piece \(step) (\(piece))")
            walked.append(index.countedWalkCount - preprocessed)
            try matcher.feed(Array(piece.utf8))
        }
        // A walk for the quote, one for the states before the letter, none after it.
        #expect(walked == [1, 2, 2, 2, 2, 2], "new counted walks before each piece: \(walked)")
    }

    @Test func aWalkBeforeThePatternHandsTheRestToTheWalkOfAnyString() throws {
        let index = VocabularyIndex(try RealVocabularies.vocabulary("qwen"))
        // Items, so that the tokens closing a string also reach past it (`", "`, `"]`), and the
        // exits the walk of any string found must be read back for the delegated subtrees.
        let graph = try JSONSchemaImporter().importSchema(
            #"{"type": "array", "items": {"type": "string", "pattern": "[a-zA-Z0-9_.-]+", "minLength": 3, "maxLength": 9}}"#)
        let grammar = try Grammar.compile(graph, options: .flexible())
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        var mask = TokenMask(count: index.tokenCount)
        // Before the first letter at counts 0 to 3 (spaces and punctuation count but do not
        // satisfy the pattern), past it, then a second item.
        for (step, piece) in ["[\"", " ", "!?", " ", "a", "bc", "\", \"", "++", "x"].enumerated() {
            matcher.fillMask(&mask)
            let same = mask == bruteForce(matcher) // (not inside #expect, which would print both masks)
            #expect(same, "mask differs from the definition before piece \(step) (\(piece))")
            try matcher.feed(Array(piece.utf8))
        }
        #expect(index.delegatingWalkCount >= 1, "no counted walk handed its subtrees over")
    }
}
