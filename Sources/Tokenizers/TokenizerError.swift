/// Why a tokenizer could not be built from its vocabulary arrays.
public enum TokenizerError: Error, Equatable, CustomStringConvertible {
    /// The vocabulary is empty.
    case emptyVocabulary
    /// Two parallel arrays (tokens and scores, tokens and types) differ in length.
    case lengthMismatch(what: String, expected: Int, found: Int)
    /// A special token id (BOS, EOS, ...) is outside the vocabulary.
    case specialTokenOutOfRange(name: String, id: Int, vocabularySize: Int)
    /// A merge rule is not two space-separated pieces, or names a piece missing from the vocabulary.
    case invalidMerge(index: Int, rule: String, reason: String)
    /// A byte-level vocabulary lacks the token for a single byte.
    case missingByteToken(byte: UInt8)
    /// The pre-tokenizer named in the model file is not one we implement.
    case unsupportedPreTokenizer(String, supported: [String])
    /// The tokenizer model named in the model file is not one we implement.
    case unsupportedModel(String, supported: [String])
    /// A token type value is not one of GGUF's.
    case invalidTokenType(id: Int, raw: Int32)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .emptyVocabulary:
            "tokenizer: the vocabulary is empty"
        case let .lengthMismatch(what, expected, found):
            "tokenizer: \(what) has \(found) entries, expected \(expected) (one per token)"
        case let .specialTokenOutOfRange(name, id, size):
            "tokenizer: \(name) token id \(id) is outside the vocabulary (\(size) tokens)"
        case let .invalidMerge(index, rule, reason):
            "tokenizer: merge #\(index) \"\(rule)\": \(reason)"
        case let .missingByteToken(byte):
            "tokenizer: byte-level vocabulary has no token for byte 0x\(String(byte, radix: 16))"
        case let .unsupportedPreTokenizer(name, supported):
            "tokenizer: unsupported pre-tokenizer '\(name)' (supported: \(supported.joined(separator: ", ")))"
        case let .unsupportedModel(name, supported):
            "tokenizer: unsupported tokenizer model '\(name)' (supported: \(supported.joined(separator: ", ")))"
        case let .invalidTokenType(id, raw):
            "tokenizer: token \(id) has invalid type \(raw)"
        }
    }
}
