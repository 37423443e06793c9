import Testing

@testable import Tokenizers

@Suite struct SentencePieceBPETests {
    @Test func highestScoreMergesFirst() throws {
        // "abc": "bc" scores higher than "ab", so the text becomes a + bc.
        let tok = try ToyVocabularies.sentencePiece(pieces: [("a", -1), ("b", -1), ("c", -1), ("ab", -3), ("bc", -2)])
        let ids = tok.encode("abc", addSpecialTokens: false)
        #expect(ids.map { tok.piece($0) } == ["a", "bc"])
    }

    @Test func spacesBecomeTheMarker() throws {
        let tok = try ToyVocabularies.sentencePiece(pieces: [("▁", -1), ("h", -1), ("i", -1), ("▁h", -2), ("▁hi", -1.5)])
        #expect(tok.encode("hi hi", addSpecialTokens: false).map { tok.piece($0) } == ["h", "i", "▁hi"])
        #expect(tok.decode(tok.encode("hi hi", addSpecialTokens: false)) == "hi hi")
    }

    @Test func addSpacePrefixOnlyAtTheStart() throws {
        let tok = try ToyVocabularies.sentencePiece(pieces: [("▁", -1), ("x", -1), ("▁x", -0.5)], addSpacePrefix: true)
        #expect(tok.encode("x", addSpecialTokens: false).map { tok.piece($0) } == ["▁x"])
    }

    @Test func unknownCharactersFallBackToBytes() throws {
        let tok = try ToyVocabularies.sentencePiece(pieces: [("a", -1)])
        let ids = tok.encode("aé", addSpecialTokens: false)
        #expect(ids.map { tok.piece($0) } == ["a", "<0xC3>", "<0xA9>"])
        #expect(tok.decode(ids) == "aé")
    }

    @Test func bosIsAddedWhenAsked() throws {
        let tok = try ToyVocabularies.sentencePiece(pieces: [("a", -1)])
        #expect(tok.encode("a").first == 1)
        #expect(tok.encode("a", addSpecialTokens: false).first != 1)
    }

    @Test func userDefinedPiecesMatchRawTextLongestFirst() throws {
        let tok = try ToyVocabularies.sentencePiece(pieces: [("▁", -1), ("a", -1)], userDefined: ["  ", "   ", "<b>"])
        let ids = tok.encode("a   a<b>", addSpecialTokens: false)
        #expect(ids.map { tok.piece($0) } == ["a", "   ", "a", "<b>"])
        #expect(tok.decode(ids) == "a   a<b>")
    }

    @Test func scoresMustMatchTheVocabulary() {
        #expect(throws: TokenizerError.lengthMismatch(what: "scores", expected: 2, found: 1)) {
            try Tokenizer(TokenizerConfiguration(model: .sentencePieceBPE(scores: [0], addSpacePrefix: false), tokens: ["a", "b"]))
        }
    }
}
