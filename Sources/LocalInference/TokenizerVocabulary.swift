import StructuredDecoding
import Tokenizers

/// A model's tokenizer seen as the constrained decoder's `Vocabulary`: the bytes each token
/// writes, which tokens are markup rather than text, and which tokens end a turn. This is the
/// one adapter between `Tokenizers` and `StructuredDecoding` (the decoder never sees a model).
///
/// ```swift
/// let vocabulary = TokenizerVocabulary(tokenizer: tokenizer)
/// let index = VocabularyIndex(vocabulary)            // what grammars are masked over
/// ```
///
/// What counts as text: normal and byte tokens, and user-defined tokens that spell text (Gemma's
/// whitespace runs). Markup never takes part in a grammar: control tokens (`<|im_start|>`), unused
/// and unknown tokens, and user-defined tags such as Qwen's `<tool_call>` or its unused
/// `[PAD151700]` fillers — a grammar that let those through would write `[PAD151700]` into a
/// JSON string.
package struct TokenizerVocabulary: Vocabulary {
    /// The adapted tokenizer.
    package let tokenizer: Tokenizer
    /// The tokens that end a turn (every end-of-turn token the model knows, see `endOfTurnTokens`).
    package let endOfSequenceTokens: [Int]
    /// Which ids are markup, by id.
    private let markup: [Bool]

    /// Adapts `tokenizer`.
    package init(tokenizer: Tokenizer) {
        self.tokenizer = tokenizer
        endOfSequenceTokens = Self.endOfTurnTokens(of: tokenizer)
        markup = (0..<tokenizer.vocabularySize).map { Self.isMarkup($0, tokenizer: tokenizer) }
    }

    /// The number of token ids.
    package var tokenCount: Int { tokenizer.vocabularySize }

    /// The bytes token `id` writes.
    package func tokenBytes(_ id: Int) -> [UInt8] { Array(tokenizer.tokenBytes(id)) }

    /// Whether `id` is markup rather than text (see the type's summary).
    package func isSpecial(_ id: Int) -> Bool { markup[id] }

    /// Spellings of end-of-turn tokens across model families (ChatML, Gemma, Llama 3, Phi,
    /// SentencePiece's `</s>`).
    package static let endOfTurnSpellings: Set<String> = [
        "<|im_end|>", "<|endoftext|>", "<end_of_turn>", "<eos>", "<|eot_id|>", "<|end_of_text|>",
        "<|end|>", "</s>", "<|eom_id|>",
    ]

    /// Every token that ends a turn: the file's end-of-sequence token, and each markup token
    /// spelled as a known end-of-turn token. Models have several (Qwen2.5's chat turns end with
    /// `<|im_end|>` while its EOS is `<|endoftext|>`; Gemma's end with `<end_of_turn>`), and
    /// generation must stop on any of them.
    package static func endOfTurnTokens(of tokenizer: Tokenizer) -> [Int] {
        var ids = Set<Int>()
        if let eos = tokenizer.eosTokenID, eos >= 0, eos < tokenizer.vocabularySize { ids.insert(eos) }
        for id in 0..<tokenizer.vocabularySize {
            let type = tokenizer.tokenType(id)
            guard type == .control || type == .userDefined else { continue }
            if endOfTurnSpellings.contains(tokenizer.piece(id)) { ids.insert(id) }
        }
        return ids.sorted()
    }

    /// Whether token `id` is markup.
    static func isMarkup(_ id: Int, tokenizer: Tokenizer) -> Bool {
        switch tokenizer.tokenType(id) {
        case .normal, .byte: return false
        case .control, .unknown, .unused: return true
        case .userDefined: return isTag(tokenizer.piece(id))
        }
    }

    /// Whether a user-defined piece is a tag (`<tool_call>`, `<|fim_pad|>`, `[PAD151700]`)
    /// rather than text: it is bracketed and holds no whitespace.
    static func isTag(_ piece: String) -> Bool {
        let scalars = Array(piece.unicodeScalars)
        guard scalars.count >= 3, let first = scalars.first, let last = scalars.last else { return false }
        let bracketed = (first == "<" && last == ">") || (first == "[" && last == "]")
        return bracketed && !scalars.contains { $0.properties.isWhitespace }
    }
}
