import GGUF
import Tokenizers

/// Builds a `Tokenizer` from a GGUF file's `tokenizer.ggml.*` metadata.
///
/// ```swift
/// let tokenizer = try TokenizerLoader.load(from: GGUFFile(path: path))
/// ```
public enum TokenizerLoader {
    /// The `tokenizer.ggml.model` values we implement.
    public static let supportedModels = ["gpt2", "llama", "gemma4"]

    /// Reads the vocabulary arrays and special ids and builds the tokenizer.
    /// Throws `GGUFError` for missing or mistyped keys and `TokenizerError` for unsupported
    /// tokenizer models or pre-tokenizers and inconsistent arrays.
    public static func load(from file: GGUFFile) throws -> Tokenizer {
        try Tokenizer(configuration(from: file))
    }

    /// The configuration `load(from:)` builds the tokenizer from.
    public static func configuration(from file: GGUFFile) throws -> TokenizerConfiguration {
        let meta = file.metadata
        let kind = try meta.requireString("tokenizer.ggml.model")
        let tokens = try meta.requireStringArray("tokenizer.ggml.tokens")
        var types: [TokenType]?
        if let raw = meta.intArray("tokenizer.ggml.token_type") {
            guard raw.count == tokens.count else {
                throw TokenizerError.lengthMismatch(what: "tokenizer.ggml.token_type", expected: tokens.count, found: raw.count)
            }
            types = try raw.enumerated().map { id, value in
                guard let type = TokenType(rawValue: Int32(truncatingIfNeeded: value)) else {
                    throw TokenizerError.invalidTokenType(id: id, raw: Int32(truncatingIfNeeded: value))
                }
                return type
            }
        }
        let model: TokenizerConfiguration.Model
        switch kind {
        case "gpt2":
            let preName = meta.string("tokenizer.ggml.pre") ?? "default"
            guard let pre = PreTokenizer(ggufName: preName) else {
                throw TokenizerError.unsupportedPreTokenizer(preName, supported: PreTokenizer.allCases.map(\.rawValue))
            }
            model = .byteLevelBPE(merges: try meta.requireStringArray("tokenizer.ggml.merges"), preTokenizer: pre)
        case "llama":
            let scores = try meta.requireFloatArray("tokenizer.ggml.scores")
            model = .sentencePieceBPE(scores: scores, addSpacePrefix: meta.bool("tokenizer.ggml.add_space_prefix") ?? true)
        case "gemma4":
            // Gemma 4: BPE with merges over `▁`-escaped text, no space prefix (llama.cpp reads
            // neither `tokenizer.ggml.pre` nor `add_space_prefix` for it).
            model = .metaspaceBPE(merges: try meta.requireStringArray("tokenizer.ggml.merges"))
        default:
            throw TokenizerError.unsupportedModel(kind, supported: supportedModels)
        }
        let defaultAddBOS = kind == "llama"
        // llama.cpp turns `add_bos_token = false` into true for Gemma 4 (its PR 21500): the model
        // needs BOS.
        let addBOS = kind == "gemma4" ? true : meta.bool("tokenizer.ggml.add_bos_token") ?? defaultAddBOS
        return TokenizerConfiguration(
            model: model, tokens: tokens, tokenTypes: types,
            bosTokenID: meta.int("tokenizer.ggml.bos_token_id"),
            eosTokenID: meta.int("tokenizer.ggml.eos_token_id"),
            unknownTokenID: meta.int("tokenizer.ggml.unknown_token_id"),
            paddingTokenID: meta.int("tokenizer.ggml.padding_token_id"),
            addBOS: addBOS,
            addEOS: meta.bool("tokenizer.ggml.add_eos_token") ?? false)
    }
}
