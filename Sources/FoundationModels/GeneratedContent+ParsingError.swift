import Foundation

extension GeneratedContent {
    /// Generated content that could not be read as the value a caller asked for: the raw text,
    /// what went wrong, and the underlying error if there is one.
    ///
    /// ```swift
    /// guard let name = try? arguments.value(String.self, forProperty: "skill") else {
    ///     throw GeneratedContent.ParsingError(rawContent: arguments.jsonString, debugDescription: "no skill named")
    /// }
    /// ```
    public struct ParsingError: LocalizedError, Sendable {
        /// The content that could not be parsed, as text.
        public var rawContent: String
        /// The error that made parsing fail, if any.
        public var underlyingError: (any Swift.Error)?
        /// What went wrong, for developers.
        public var debugDescription: String

        /// Creates a parsing error.
        public init(rawContent: String, underlyingError: (any Swift.Error)? = nil, debugDescription: String) {
            self.rawContent = rawContent
            self.underlyingError = underlyingError
            self.debugDescription = debugDescription
        }
    }
}

extension GeneratedContent.ParsingError: CustomDebugStringConvertible {}

extension GeneratedContent.ParsingError {
    /// A one-line summary: the content could not be parsed, and why.
    public var errorDescription: String? {
        "The generated content could not be parsed: \(debugDescription)"
    }
}
