import StructuredDecoding
import Testing

/// TextMate's grammar schema (JSON Schema Store `tmlanguage.json`, descriptions dropped, the
/// scope-name enumeration cut to three): its `pattern` objects carry eight `dependencies`, each
/// an `anyOf` of "absent" and "present and ...", so one `{` of a pattern opens hundreds of
/// overlapping object alternatives. Past `GrammarMatcher.maxThreads` parses the matcher throws
/// `tooAmbiguous`, unchanged, instead of spending seconds on every token.
@Suite struct GrammarMatcherAmbiguityTests {
    static let schema = #"""
        {"$ref":"#/definitions/root","definitions":{"root":{"allOf":[{"$ref":"#/definitions/grammar"},{"type":"object","properties":{"name":{"type":"string"},"scopeName":{"type":"string","pattern":"^(text|source)(\\.[\\w0-9-]+)+$"},"foldingStartMarker":{"type":"string"},"foldingStopMarker":{"type":"string"},"fileTypes":{"type":"array","items":{"type":"string"}},"uuid":{"type":"string"},"firstLineMatch":{"type":"string"}},"required":["scopeName"]}]},"grammar":{"type":"object","properties":{"patterns":{"type":"array","items":{"$ref":"#/definitions/pattern"}},"repository":{"type":"object","additionalProperties":{"$ref":"#/definitions/pattern"}}},"required":["patterns"]},"captures":{"type":"object","patternProperties":{"^[0-9]+$":{"type":"object","properties":{"name":{"$ref":"#/definitions/name"},"patterns":{"type":"array","items":{"$ref":"#/definitions/pattern"}}},"additionalProperties":false}},"additionalProperties":false},"pattern":{"type":"object","properties":{"comment":{"type":"string"},"disabled":{"type":"integer","minimum":0,"maximum":1},"include":{"type":"string"},"match":{"type":"string"},"name":{"$ref":"#/definitions/name"},"contentName":{"$ref":"#/definitions/name"},"begin":{"type":"string"},"end":{"type":"string"},"while":{"type":"string"},"captures":{"$ref":"#/definitions/captures"},"beginCaptures":{"$ref":"#/definitions/captures"},"endCaptures":{"$ref":"#/definitions/captures"},"whileCaptures":{"$ref":"#/definitions/captures"},"patterns":{"type":"array","items":{"$ref":"#/definitions/pattern"}},"applyEndPatternLast":{"type":"integer","minimum":0,"maximum":1}},"dependencies":{"begin":{"anyOf":[{"required":["end"]},{"required":["while"]}]},"end":["begin"],"while":["begin"],"contentName":{"anyOf":[{"required":["begin","end"]},{"required":["begin","while"]}]},"beginCaptures":{"anyOf":[{"required":["begin","end"]},{"required":["begin","while"]}]},"whileCaptures":["begin","while"],"endCaptures":["begin","end"],"applyEndPatternLast":["end"]}},"name":{"anyOf":[{"type":"string"},{"type":"string","enum":["comment","keyword","constant.numeric"]}]}}}
        """#

    /// One of the benchmark's valid instances of it.
    static let instance = #"""
        {"name": "Example Language", "scopeName": "text.example", "fileTypes": ["ex"], "uuid": "12345678-1234-1234-1234-123456789012", "patterns": [{"match": "\\b(if|else|while)\\b", "name": "keyword.control"}, {"match": "\\b(true|false)\\b", "name": "constant.language"}, {"begin": "//", "end": "$", "name": "comment.line"}, {"begin": "/\\*", "end": "\\*/", "name": "comment.block"}, {"match": "\\b([a-zA-Z_][a-zA-Z_0-9]*)\\b", "name": "variable.name"}], "repository": {"number": {"match": "\\b\\d+\\b", "name": "constant.numeric"}}}
        """#

    @Test func overlappingAlternativesPastTheLimitAreATypedError() throws {
        let graph = try JSONSchemaImporter(mode: .validation).importSchema(Self.schema)
        let grammar = try Grammar.compile(graph, options: .flexible())
        var matcher = GrammarMatcher(grammar: grammar, index: VocabularyIndex(ArrayVocabulary(strings: ["x"])))
        let bytes = Array(Self.instance.utf8)
        var refused: (offset: Int, threads: Int)?
        for (offset, byte) in bytes.enumerated() {
            do {
                try matcher.feed([byte])
            } catch {
                guard case .tooAmbiguous(let threads) = error else {
                    Issue.record("valid instance refused at byte \(offset): \(error)")
                    return
                }
                refused = (offset, threads)
                break
            }
        }
        guard let refused else {
            Issue.record("the whole instance was read within \(GrammarMatcher.maxThreads) parses")
            return
        }
        #expect(refused.threads > GrammarMatcher.maxThreads)
        // The matcher is unchanged by the refused byte: it refuses it again the same way.
        #expect(throws: GrammarMatcherError.tooAmbiguous(threads: refused.threads)) { try matcher.feed([bytes[refused.offset]]) }
    }
}
