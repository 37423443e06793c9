import StructuredDecoding
import TestSupport
import Testing
import Tokenizers

@testable import LocalInference

/// The tokenizer-to-vocabulary adapter on the real vocabularies: which tokens are text, which
/// are markup, which end a turn.
@Suite struct VocabularyAdapterTests {
    @Test func qwenMarkupIsNeverText() throws {
        let model = try LocalTestModels.qwen()
        let vocabulary = model.vocabulary
        let tokenizer = model.tokenizer
        func id(_ piece: String) -> Int? { (0..<tokenizer.vocabularySize).first { tokenizer.piece($0) == piece } }
        let imEnd = try #require(id("<|im_end|>")), endOfText = try #require(id("<|endoftext|>"))
        #expect(Set(vocabulary.endOfSequenceTokens) == [imEnd, endOfText])
        for piece in ["<|im_start|>", "<tool_call>", "</tool_call>", "[PAD151700]", "<|fim_pad|>"] {
            #expect(vocabulary.isSpecial(try #require(id(piece))), "\(piece) must be markup")
        }
        #expect(!vocabulary.isSpecial(try #require(tokenizer.encode("{\"", addSpecialTokens: false).first)))
        let format = try #require(model.toolCallFormat)
        #expect(tokenizer.piece(format.opener) == "<tool_call>" && tokenizer.piece(format.closer) == "</tool_call>")
    }

    @Test func gemmaWhitespaceRunsAreTextAndEndOfTurnEndsTheOutput() throws {
        let model = try LocalTestModels.gemma()
        let vocabulary = model.vocabulary
        let tokenizer = model.tokenizer
        let userDefined = (0..<tokenizer.vocabularySize).filter { tokenizer.tokenType($0) == .userDefined }
        let whitespace = userDefined.filter { tokenizer.piece($0).unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0 == "▁" } }
        #expect(!whitespace.isEmpty)
        #expect(whitespace.allSatisfy { !vocabulary.isSpecial($0) })
        let endOfTurn = try #require((0..<tokenizer.vocabularySize).first { tokenizer.piece($0) == "<end_of_turn>" })
        #expect(vocabulary.endOfSequenceTokens.contains(endOfTurn))
        #expect(model.toolCallFormat == nil)
        #expect(!model.renderer.isFromModelFile)
    }

    @Test func tagsAreBracketedRunsWithoutWhitespace() {
        #expect(TokenizerVocabulary.isTag("<tool_call>"))
        #expect(TokenizerVocabulary.isTag("[PAD151665]"))
        #expect(!TokenizerVocabulary.isTag("\n\n"))
        #expect(!TokenizerVocabulary.isTag("< a >"))
        #expect(!TokenizerVocabulary.isTag("<>"))
    }
}
