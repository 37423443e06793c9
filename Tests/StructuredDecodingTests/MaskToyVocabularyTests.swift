import FMSupport
import StructuredDecoding
import TestSupport
import Testing

/// Masks on a hand-made vocabulary whose tokens span several lexemes.
@Suite struct MaskToyVocabularyTests {
    static let pieces = [
        "{", "}", "{\"", "\"", "\",", "\", \"", "\"}", "a", "b", "ab", "name", "\":", "\": ", " \"", "1", "2", "12",
        ",", " ", "[", "]", "\"}]", "n", "\": 1", "<eos>", "<ctl>", "\"n", "0", "m", "e", ":",
    ]
    static let eos = 24, control = 25
    static let vocabulary = ArrayVocabulary(strings: pieces, special: [control], endOfSequenceTokens: [eos])
    static let index = VocabularyIndex(vocabulary)
    /// `{"name": string, "n": integer 1...20}` in Apple's layout.
    static let graph = schema { g in
        let name = g.add(.string(StringNode(maxLength: 8)))
        let n = g.add(.integer(IntegerBounds(minimum: 1, maximum: 20)))
        return g.add(.object(ObjectNode(properties: [property("name", name), property("n", n)])))
    }

    func id(_ piece: String) -> Int { Self.pieces.firstIndex(of: piece)! }
    func ids(_ pieces: String...) -> [Int] { pieces.map(id).sorted() }

    func matcher(after pieces: [String]) throws -> GrammarMatcher {
        var matcher = GrammarMatcher(grammar: try Grammar.compile(Self.graph), index: Self.index)
        for piece in pieces { try matcher.commit(id(piece)) }
        return matcher
    }

    @Test func tokensSpanningLexemesAreAllowed() throws {
        #expect(try matcher(after: []).mask.allowed == ids("{", "{\""))
        // Inside the key: only the bytes of "name" and then `": ` (possibly with the value's quote).
        #expect(try matcher(after: ["{\""]).mask.allowed == ids("n", "name"))
        #expect(try matcher(after: ["{\"", "name"]).mask.allowed == ids("\"", "\":", "\": "))
        // In the string value: content, or the closing quote with the separator and next key.
        // Any content (at most 8 scalars), or the closing quote with what may follow it: `", "`
        // and the next key; `"}` is refused (n is required), and so is `":`.
        let inValue = try matcher(after: ["{\"", "name", "\": ", "\"", "ab"]).mask.allowed
        #expect(
            inValue
                == ids(
                    "{", "}", "{\"", "\"", "\",", "\", \"", "a", "b", "ab", "name", "1", "2", "12", ",", " ",
                    "[", "]", "n", "0", " \"", "m", "e", ":"))
    }

    @Test func endOfSequenceOnlyWhenComplete() throws {
        var m = try matcher(after: ["{\"", "name", "\": ", "\"", "ab", "\", \"", "n", "\": 1"])
        #expect(!m.isComplete)
        #expect(m.mask.allowed == ids("}", "0", "1", "2"))
        #expect(throws: GrammarMatcherError.incompleteOutput(token: Self.eos)) { try m.commit(Self.eos) }
        #expect(throws: GrammarMatcherError.specialToken(Self.control)) { try m.commit(Self.control) }
        try m.commit(id("}"))
        #expect(m.isComplete)
        #expect(m.mask.allowed == [Self.eos])
        try m.commit(Self.eos)
        #expect(m.isFinished && m.mask.isEmpty)
        #expect(throws: GrammarMatcherError.alreadyFinished) { try m.commit(id("1")) }
    }

    @Test func rejectedTokenNamesTheByte() throws {
        var m = try matcher(after: ["{\"", "name", "\": ", "\"", "ab"])
        #expect(throws: GrammarMatcherError.tokenRejected(token: id("\"}"), offset: 1)) { try m.commit(id("\"}")) }
        #expect(throws: GrammarMatcherError.unknownToken(99)) { try m.commit(99) }
    }

    @Test func forcedContinuation() throws {
        let start = try matcher(after: [])
        #expect(start.forcedBytes() == Array(#"{"name": ""#.utf8))
        // `{"` `name` `": `; the last `"` is left to the model, which may write `",`-like tokens.
        #expect(start.forcedTokens() == [id("{\""), id("name"), id("\": ")])
        let afterName = try matcher(after: ["{\"", "name", "\": ", "\"", "ab", "\", \""])
        #expect(afterName.forcedBytes() == Array(#"n": "#.utf8))
        #expect(try matcher(after: ["{\"", "name", "\": ", "\"", "ab"]).forcedBytes().isEmpty)
    }

    @Test func rewindRestoresTheSameMasks() throws {
        let path = ["{\"", "name", "\": ", "\"", "ab", "\", \"", "n", "\": 1", "}"]
        var m = try matcher(after: [])
        var masks: [TokenMask] = [m.mask]
        for piece in path {
            try m.commit(id(piece))
            masks.append(m.mask)
        }
        try m.commit(Self.eos)
        try m.rewind(tokens: 1)
        #expect(!m.isFinished && m.mask == masks.last)
        for back in 1...path.count {
            try m.rewind(tokens: 1)
            #expect(m.mask == masks[path.count - back], "after rewinding \(back)")
        }
        #expect(throws: GrammarMatcherError.cannotRewind(requested: 1, available: 0)) { try m.rewind(tokens: 1) }
        try m.commit(id("{\""))
        m.reset()
        #expect(m.mask == masks[0] && m.committedCount == 0)
    }

    @Test func feedingBytesReportsTheOffset() throws {
        var m = try matcher(after: [])
        try m.feed(Array(#"{"name": "x", "#.utf8))
        #expect(throws: GrammarMatcherError.byteRejected(offset: 2)) { try m.feed(Array(#""nx"#.utf8)) }
        try m.feed(Array(#""n": 20}"#.utf8))
        #expect(m.isComplete)
    }

    /// Random walks: at every step the mask equals the definition (commit succeeds) and is
    /// never empty before the output is complete.
    @Test(arguments: [GrammarOptions.appleCompact, .flexible(maxRun: 2)])
    func randomWalksMatchTheDefinition(_ options: GrammarOptions) throws {
        var random = SplitMix64(seed: 7)
        let grammar = try Grammar.compile(Self.graph, options: options)
        for _ in 0..<40 {
            var m = GrammarMatcher(grammar: grammar, index: Self.index)
            var path: [String] = []
            for _ in 0..<60 where !m.isFinished {
                let mask = m.mask
                var expected = TokenMask(count: Self.index.tokenCount)
                for token in 0..<Self.index.tokenCount where m.allows(token) { expected.insert(token) }
                #expect(mask == expected)
                #expect(!mask.isEmpty, "dead end after \(path)")
                let allowed = mask.allowed
                guard !allowed.isEmpty else { break }
                let token = allowed[Int(random.next() % UInt64(allowed.count))]
                path.append(Self.pieces[token])
                try m.commit(token)
            }
        }
    }
}
