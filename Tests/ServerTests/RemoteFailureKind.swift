import FoundationModels

/// The two failures the remote model throws besides `LanguageModelError`, in one type the tests
/// can match: 27.0's replacements for 26.x's `GenerationError.assetsUnavailable` and
/// `.decodingFailure`.
enum RemoteFailureKind {
    /// `SystemLanguageModel.Error.assetsUnavailable`: the server cannot be reached or cannot serve.
    case assetsUnavailable(SystemLanguageModel.Error.AssetsUnavailable)
    /// `GeneratedContent.ParsingError`: output that cannot be read, or breaks its schema.
    case decodingFailure(GeneratedContent.ParsingError)

    /// `error` as one of the two, `nil` for any other error.
    init?(_ error: (any Error)?) {
        switch error {
        case SystemLanguageModel.Error.assetsUnavailable(let details)?: self = .assetsUnavailable(details)
        case let parsing as GeneratedContent.ParsingError: self = .decodingFailure(parsing)
        default: return nil
        }
    }
}
