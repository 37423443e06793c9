import Tokenizers

/// Small vocabularies for the tokenizer fuzz target, built once: every byte is a token, so any
/// text encodes, plus merges and special tokens that overlap each other's spellings.
enum FuzzVocabularies {
    /// GPT-2's byte alphabet: the printable scalar that spells each byte.
    static let byteSpelling: [String] = {
        var spelling: [String] = []
        var next: UInt32 = 256
        for b in 0..<256 {
            let printable = (0x21...0x7E).contains(b) || (0xA1...0xAC).contains(b) || (0xAE...0xFF).contains(b)
            if printable {
                spelling.append(String(Unicode.Scalar(UInt8(b))))
            } else {
                spelling.append(String(Unicode.Scalar(next)!))
                next += 1
            }
        }
        return spelling
    }()

    /// A text's byte-level spelling.
    static func spell(_ text: String) -> String { text.utf8.map { byteSpelling[Int($0)] }.joined() }

    /// Pairs merged by the byte-level vocabularies, in rank order.
    static let mergePairs: [(String, String)] = [
        (" ", "t"), ("h", "e"), (" t", "he"), ("i", "n"), (" ", "a"), ("e", "r"), ("o", "n"),
        (" ", "\n"), ("\n", "\n"), ("<", "|"), ("'", "s"), ("1", "2"), ("12", "3"),
    ]

    /// A byte-level BPE tokenizer with `preTokenizer`, control tokens `<|im_start|>`,
    /// `<|im_end|>`, `<|im_start|>x` and a user-defined `<tool_call>`.
    static func byteLevel(_ preTokenizer: PreTokenizer) -> Tokenizer {
        var tokens = byteSpelling
        var merges: [String] = []
        for (left, right) in mergePairs {
            let merged = spell(left + right)
            if !tokens.contains(merged) { tokens.append(merged) }
            merges.append(spell(left) + " " + spell(right))
        }
        var types = [TokenType](repeating: .normal, count: tokens.count)
        for (special, type) in [
            ("<|im_start|>", TokenType.control), ("<|im_end|>", .control),
            ("<|im_start|>x", .control), ("<tool_call>", .userDefined), ("<", .userDefined),
        ] {
            tokens.append(special)
            types.append(type)
        }
        let configuration = TokenizerConfiguration(
            model: .byteLevelBPE(merges: merges, preTokenizer: preTokenizer), tokens: tokens, tokenTypes: types,
            bosTokenID: tokens.count - 5, eosTokenID: tokens.count - 4, addBOS: true, addEOS: true)
        return try! Tokenizer(configuration)
    }

    /// A SentencePiece vocabulary: `<unk>`, `<s>`, `</s>`, 256 byte tokens, scored pieces, a
    /// user-defined whitespace run and `<start_of_turn>` (control).
    static func sentencePiece(addSpacePrefix: Bool) -> Tokenizer {
        var tokens = ["<unk>", "<s>", "</s>"]
        var types: [TokenType] = [.unknown, .control, .control]
        var scores: [Float] = [0, 0, 0]
        for b in 0..<256 {
            tokens.append("<0x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) + ">")
            types.append(.byte)
            scores.append(0)
        }
        let pieces = ["▁", "▁t", "he", "▁the", "in", "▁a", "er", "on", "é", "▁é", "ét", "12", "123", "▁▁", "\n"]
        for (rank, piece) in pieces.enumerated() {
            tokens.append(piece)
            types.append(.normal)
            scores.append(-Float(rank))
        }
        for (special, type) in [("  ", TokenType.userDefined), ("<start_of_turn>", .control), ("<unused0>", .unused)] {
            tokens.append(special)
            types.append(type)
            scores.append(0)
        }
        let configuration = TokenizerConfiguration(
            model: .sentencePieceBPE(scores: scores, addSpacePrefix: addSpacePrefix), tokens: tokens,
            tokenTypes: types, bosTokenID: 1, eosTokenID: 2, unknownTokenID: 0, addBOS: true)
        return try! Tokenizer(configuration)
    }

    static let qwen2 = byteLevel(.qwen2)
    static let llama3 = byteLevel(.llama3)
    static let gemmaLike = sentencePiece(addSpacePrefix: false)
    static let gemmaLikeWithPrefix = sentencePiece(addSpacePrefix: true)

    /// Builds a tokenizer from the input: NUL-separated token spellings, then (after an empty
    /// spelling) merges or scores, with token types from `flags`; then encodes a short text.
    static func buildFromInput(_ input: inout FuzzInput, flags: UInt8) {
        var tokens: [String] = []
        while tokens.count < 64 {
            let chunk = input.chunk()
            if chunk.isEmpty { break }
            tokens.append(String(decoding: chunk, as: UTF8.self))
        }
        var types: [TokenType] = []
        for i in tokens.indices {
            let all = TokenType.allCases
            types.append(all[(Int(flags) + i * 7) % all.count])
        }
        let model: TokenizerConfiguration.Model
        if flags & 1 == 0 {
            var merges: [String] = []
            while merges.count < 64 {
                let chunk = input.chunk()
                if chunk.isEmpty { break }
                merges.append(String(decoding: chunk, as: UTF8.self))
            }
            let byteTokens = flags & 2 == 0 ? [] : byteSpelling
            tokens = byteTokens + tokens
            types = [TokenType](repeating: .normal, count: byteTokens.count) + types
            model = .byteLevelBPE(merges: merges, preTokenizer: flags & 4 == 0 ? .qwen2 : .llama3)
        } else {
            let scores = tokens.indices.map { _ in Float(Int(input.byte()) - 128) / 8 }
            model = .sentencePieceBPE(scores: scores, addSpacePrefix: flags & 2 != 0)
        }
        let special = Int(input.byte()) - 4
        let configuration = TokenizerConfiguration(
            model: model, tokens: tokens, tokenTypes: types, bosTokenID: special, eosTokenID: special + 1,
            unknownTokenID: flags & 8 == 0 ? nil : special + 2, addBOS: flags & 16 != 0, addEOS: flags & 32 != 0)
        guard let tokenizer = try? Tokenizer(configuration) else { return }
        let text = input.remainingText()
        let ids = tokenizer.encode(text, parseSpecial: flags & 64 != 0)
        _ = tokenizer.decode(ids)
        var stream = tokenizer.makeStreamingDetokenizer()
        for id in ids { _ = stream.append(id) }
        _ = stream.finish()
    }
}
