/// 26.x's `LanguageModelSession.GenerationError`, read without naming the deprecated type. SPI:
/// visible only to `@_spi(Serving) import FoundationModels`; `fm serve` maps a third-party
/// executor's 26.x errors to HTTP errors by it.
///
/// ```swift
/// if let legacy = LegacyGenerationFailure(error), legacy.kind == .assetsUnavailable {
///     return .unavailable(legacy.debugDescription)
/// }
/// ```
@_spi(Serving)
public struct LegacyGenerationFailure: Sendable, Equatable {
    /// The cases a server answers with a status of their own; `other` for the rest.
    public enum Kind: Sendable, Equatable {
        /// `exceededContextWindowSize`.
        case exceededContextWindowSize
        /// `assetsUnavailable`.
        case assetsUnavailable
        /// `unsupportedGuide`.
        case unsupportedGuide
        /// Any other case.
        case other
    }

    /// The error's case.
    public var kind: Kind
    /// Its context's debug description.
    public var debugDescription: String
    /// Its one-line summary (`errorDescription`).
    public var summary: String

    /// `error` read as 26.x's `GenerationError`; `nil` when it is another error.
    public init?(_ error: any Error) {
        guard let legacy = error as? any LegacyGenerationFailureReading else { return nil }
        self = legacy.legacyFailure
    }

    /// A failure of `kind`.
    init(kind: Kind, debugDescription: String, summary: String) {
        self.kind = kind
        self.debugDescription = debugDescription
        self.summary = summary
    }
}

/// An error that reads as a `LegacyGenerationFailure`: `GenerationError`, which declares the
/// conformance itself (an extension naming the deprecated type would draw its warning).
protocol LegacyGenerationFailureReading: Swift.Error {
    /// The error read.
    var legacyFailure: LegacyGenerationFailure { get }
}
