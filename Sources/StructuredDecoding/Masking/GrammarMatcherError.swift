/// Why a `GrammarMatcher` refused a token or a byte.
public enum GrammarMatcherError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The token's byte at `offset` cannot come next.
    case tokenRejected(token: Int, offset: Int)
    /// A special token that is not an allowed end of sequence.
    case specialToken(Int)
    /// End of sequence before the output is complete.
    case incompleteOutput(token: Int)
    /// A token id outside the vocabulary.
    case unknownToken(Int)
    /// Input after the end of sequence was committed.
    case alreadyFinished
    /// Fed bytes: the byte at `offset` cannot come next.
    case byteRejected(offset: Int)
    /// `rewind` by more tokens than were committed.
    case cannotRewind(requested: Int, available: Int)
    /// The token or bytes would leave more than `GrammarMatcher.maxThreads` parses alive (a
    /// schema whose overlapping alternatives multiply with nesting); the matcher is unchanged.
    case tooAmbiguous(threads: Int)

    /// The problem in one line, naming the token or offset.
    public var description: String {
        switch self {
        case .tokenRejected(let token, let offset): "token \(token) is not allowed here (its byte \(offset) cannot come next)"
        case .specialToken(let token): "special token \(token) is not allowed"
        case .incompleteOutput(let token): "end-of-sequence token \(token) before the output is complete"
        case .unknownToken(let token): "token \(token) is outside the vocabulary"
        case .alreadyFinished: "the output has already ended"
        case .byteRejected(let offset): "byte \(offset) cannot come next"
        case .cannotRewind(let requested, let available): "cannot rewind \(requested) tokens, only \(available) committed"
        case .tooAmbiguous(let threads):
            "the schema is too ambiguous to follow here: \(threads) parses would be alive (limit \(GrammarMatcher.maxThreads))"
        }
    }
}
