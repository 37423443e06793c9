/// Why a forward step or the token loop could not go on.
public enum GenerationFailure: Error, Equatable, CustomStringConvertible {
    /// The KV cache (the context) is full.
    case contextFull(capacity: Int)
    /// `tokens` more positions do not fit: `used` of `capacity` are taken.
    case exceedsContext(tokens: Int, used: Int, capacity: Int)
    /// A token id outside the vocabulary.
    case tokenOutOfRange(Int, vocabularySize: Int)
    /// The sampler's processors (a grammar constraint) forbade every token at `position`.
    case noAllowedToken(position: Int)
    /// The caller asked to stop (between two prefill chunks).
    case cancelled

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case let .contextFull(capacity): "the context is full (\(capacity) tokens)"
        case let .exceedsContext(tokens, used, capacity):
            "\(tokens) tokens do not fit in the context: \(used) of \(capacity) positions are taken"
        case let .tokenOutOfRange(token, size): "token id \(token) is outside the vocabulary (\(size) tokens)"
        case let .noAllowedToken(position): "no token is allowed at position \(position): every candidate was masked"
        case .cancelled: "cancelled"
        }
    }
}
