@testable import Tokenizers

/// Small hand-made vocabularies whose expected segmentations can be worked out on paper.
enum ToyVocabularies {
    /// The byte-level spelling of a UTF-8 string ("a b" -> "aĠb").
    static func spell(_ text: String) -> String {
        String(String.UnicodeScalarView(text.utf8.map { Unicode.Scalar(ByteLevelAlphabet.scalarForByte[Int($0)])! }))
    }

    /// 256 byte tokens, then the merged pieces, then `<|end|>` (control) and `<tool>` (user-defined).
    static func byteLevel(merges: [(String, String)], preTokenizer: PreTokenizer = .qwen2) throws -> Tokenizer {
        var tokens = (0..<256).map { spell(String(decoding: [UInt8($0)], as: UTF8.self)) }
        // Bytes >= 0x80 are not valid UTF-8 alone; spell them directly.
        for b in 0x80..<256 { tokens[b] = String(Unicode.Scalar(ByteLevelAlphabet.scalarForByte[b])!) }
        var rules: [String] = []
        for (l, r) in merges {
            let merged = spell(l + r)
            if !tokens.contains(merged) { tokens.append(merged) }
            rules.append(spell(l) + " " + spell(r))
        }
        var types = [TokenType](repeating: .normal, count: tokens.count)
        tokens.append("<|end|>"); types.append(.control)
        tokens.append("<tool>"); types.append(.userDefined)
        return try Tokenizer(
            TokenizerConfiguration(
                model: .byteLevelBPE(merges: rules, preTokenizer: preTokenizer),
                tokens: tokens, tokenTypes: types, eosTokenID: tokens.count - 2))
    }

    /// A SentencePiece vocabulary: `<unk>`, `<s>`, `</s>`, 256 byte tokens, then scored pieces.
    static func sentencePiece(
        pieces: [(String, Float)], userDefined: [String] = [],
        addSpacePrefix: Bool = false
    ) throws -> Tokenizer {
        var tokens = ["<unk>", "<s>", "</s>"]
        var types: [TokenType] = [.unknown, .control, .control]
        var scores: [Float] = [0, 0, 0]
        for b in 0..<256 {
            tokens.append("<0x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) + ">")
            types.append(.byte); scores.append(0)
        }
        for (piece, score) in pieces { tokens.append(piece); types.append(.normal); scores.append(score) }
        for piece in userDefined { tokens.append(piece); types.append(.userDefined); scores.append(0) }
        return try Tokenizer(
            TokenizerConfiguration(
                model: .sentencePieceBPE(scores: scores, addSpacePrefix: addSpacePrefix),
                tokens: tokens, tokenTypes: types, bosTokenID: 1, eosTokenID: 2, unknownTokenID: 0, addBOS: true))
    }
}
