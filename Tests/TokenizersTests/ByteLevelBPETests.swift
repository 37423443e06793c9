import Testing

@testable import Tokenizers

@Suite struct ByteLevelBPETests {
    @Test func alphabetIsABijection() {
        var seen = Set<UInt32>()
        for b in 0..<256 {
            let scalar = ByteLevelAlphabet.scalarForByte[b]
            #expect(seen.insert(scalar).inserted)
            #expect(ByteLevelAlphabet.byte(for: scalar) == UInt8(b))
        }
        #expect(ByteLevelAlphabet.scalarForByte[0x20] == 0x120) // Ġ
        #expect(ByteLevelAlphabet.scalarForByte[0x0A] == 0x10A) // Ċ
        #expect(ByteLevelAlphabet.scalarForByte[0x41] == 0x41)
    }

    @Test func lowestRankMergesFirst() throws {
        // "abc": (b,c) ranks before (a,b), so the result is a + bc, not ab + c.
        let tok = try ToyVocabularies.byteLevel(merges: [("b", "c"), ("a", "b")])
        let ids = tok.encode("abc")
        #expect(ids.map { tok.piece($0) } == ["a", "bc"])
    }

    @Test func equalRanksMergeLeftmostFirst() throws {
        let tok = try ToyVocabularies.byteLevel(merges: [("a", "a")])
        #expect(tok.encode("aaa").map { tok.piece($0) } == ["aa", "a"])
        #expect(tok.encode("aaaa").map { tok.piece($0) } == ["aa", "aa"])
    }

    @Test func mergesChainIntoLongerPieces() throws {
        let tok = try ToyVocabularies.byteLevel(merges: [("h", "e"), ("l", "l"), ("he", "ll"), ("hell", "o"), (" ", "w")])
        #expect(tok.encode("hello world").map { tok.piece($0) } == ["hello", "Ġw", "o", "r", "l", "d"])
    }

    @Test func specialTokensNeedParseSpecialButUserDefinedDoNot() throws {
        let tok = try ToyVocabularies.byteLevel(merges: [])
        let end = tok.vocabularySize - 2, tool = tok.vocabularySize - 1
        #expect(tok.encode("x<|end|>y", parseSpecial: true) == [Int(UInt8(ascii: "x")), end, Int(UInt8(ascii: "y"))])
        #expect(!tok.encode("x<|end|>y", parseSpecial: false).contains(end))
        #expect(tok.encode("x<tool>y", parseSpecial: false).contains(tool))
        #expect(tok.decode(tok.encode("a<|end|>b", parseSpecial: true)) == "a<|end|>b")
        #expect(tok.decode(tok.encode("a<|end|>b", parseSpecial: true), skipSpecialTokens: true) == "ab")
    }

    @Test func roundTripsArbitraryText() throws {
        let tok = try ToyVocabularies.byteLevel(merges: [("t", "h"), ("th", "e"), (" ", "the")])
        for text in ["the theme", "ünïcödé 🇫🇷 👩‍👩‍👧", "\t\n  x\r\n", "", "日本語のテキスト"] {
            #expect(tok.decode(tok.encode(text)) == text)
        }
    }

    @Test func invalidMergesAreReported() {
        let tokens = (0..<256).map { String(Unicode.Scalar(ByteLevelAlphabet.scalarForByte[$0])!) }
        #expect(throws: TokenizerError.self) {
            try Tokenizer(TokenizerConfiguration(model: .byteLevelBPE(merges: ["a"], preTokenizer: .qwen2), tokens: tokens))
        }
        #expect(throws: TokenizerError.self) {
            try Tokenizer(TokenizerConfiguration(model: .byteLevelBPE(merges: ["a b"], preTokenizer: .qwen2), tokens: tokens))
        }
        #expect(throws: TokenizerError.missingByteToken(byte: 0)) {
            try Tokenizer(TokenizerConfiguration(model: .byteLevelBPE(merges: [], preTokenizer: .qwen2), tokens: Array(tokens.dropFirst())))
        }
    }
}
