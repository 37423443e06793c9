import Benchmarks
import StructuredDecoding
import Testing

/// Lexeme states of different lexemes that accept the same language share memoized masks
/// (`LexemeLanguage`): the shared masks must still equal the definition, and sharing must
/// actually happen where it should (an additional-property key that has left the declared
/// names behind is an unconstrained string, computed during preprocessing).
@Suite struct MaskSharedLanguageTests {
    /// The mask by definition: try every token.
    func bruteForce(_ matcher: GrammarMatcher) -> TokenMask {
        var mask = TokenMask(count: matcher.index.tokenCount)
        for id in 0..<matcher.index.tokenCount where matcher.allows(id) { mask.insert(id) }
        return mask
    }

    static let openObject = #"{"type": "object", "properties": {"name": {"type": "string"}, "nap": {"type": "integer"}}}"#

    @Test(arguments: ["qwen", "gemma"])
    func openObjectKeysEqualTheDefinition(_ name: String) throws {
        let index = try RealVocabularies.index(name)
        let graph = try JSONSchemaImporter(mode: .validation).importSchema(Self.openObject)
        let grammar = try Grammar.compile(graph)
        let instance = #"{"nab": 1, "name": "Ada", "zebra \"z\"": [true, null], "nap": 3, "n": {}}"#
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        var mask = TokenMask(count: index.tokenCount)
        for (step, token) in GrammarBenchmark.tokenize(Array(instance.utf8), index: index).enumerated() {
            matcher.fillMask(&mask)
            #expect(mask == bruteForce(matcher), "\(name): mask differs from the definition at token \(step)")
            #expect(mask.contains(token), "\(name): token \(step) of the instance not allowed")
            try matcher.commit(token)
        }
        #expect(matcher.isComplete)
    }

    @Test func aDivergedKeyReusesThePlainStringMask() throws {
        // An index of its own: tests running beside this one add masks to the shared index.
        let index = VocabularyIndex(try RealVocabularies.vocabulary("qwen"))
        let graph = try JSONSchemaImporter(mode: .validation).importSchema(#"{"properties": {"quartz": {"type": "null"}}}"#)
        var matcher = GrammarMatcher(grammar: try Grammar.compile(graph), index: index)
        var mask = TokenMask(count: index.tokenCount)
        for piece in ["{", "\"", "zz"] {
            let token = GrammarBenchmark.tokenize(Array(piece.utf8), index: index)
            try #require(token.count == 1)
            try matcher.commit(token[0])
        }
        // Inside `"zz`, no declared name can be reached any more: the language is the plain
        // string's, whose mask preprocessing already computed.
        let before = index.memoizedMaskCount
        matcher.fillMask(&mask)
        #expect(index.memoizedMaskCount == before)
        #expect(mask == bruteForce(matcher))
    }
}
