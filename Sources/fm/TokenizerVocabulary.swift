import StructuredDecoding
import Tokenizers

/// A model's tokenizer seen as the constrained decoder's `Vocabulary`: token bytes, control
/// tokens, end of sequence. The decoder never sees the tokenizer itself.
///
/// The engine must not import `StructuredDecoding` (DESIGN.md), so this adapter lives with its
/// users above both: here for the CLI (the API module's backend will hold its own when guided
/// generation is wired to the engine; the decoder's tests keep a copy).
struct TokenizerVocabulary: Vocabulary {
    /// The adapted tokenizer.
    let tokenizer: Tokenizer

    /// The number of token ids.
    var tokenCount: Int { tokenizer.vocabularySize }

    /// The bytes token `id` writes.
    func tokenBytes(_ id: Int) -> [UInt8] { Array(tokenizer.tokenBytes(id)) }

    /// Control tokens (`<|im_start|>`, `<eos>`) write no text of their own.
    func isSpecial(_ id: Int) -> Bool { tokenizer.tokenType(id) == .control }

    /// The model's end-of-sequence token.
    var endOfSequenceTokens: [Int] { tokenizer.eosTokenID.map { [$0] } ?? [] }
}
