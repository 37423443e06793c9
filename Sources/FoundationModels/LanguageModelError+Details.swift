import Foundation

extension LanguageModelError {
    /// The sizes of a request that did not fit the model's context.
    public struct ContextSizeExceeded: Sendable {
        /// The model's context size, in tokens.
        public var contextSize: Int
        /// The tokens the request needed.
        public var tokenCount: Int
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of an exceeded context.
        public init(contextSize: Int, tokenCount: Int, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.contextSize = contextSize
            self.tokenCount = tokenCount
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// A rate limit, and when it ends if the provider said.
    public struct RateLimited: Sendable {
        /// When requests may be made again (from a `Retry-After` header, for example).
        public var resetDate: Date?
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a rate limit.
        public init(resetDate: Date?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.resetDate = resetDate
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// A guardrail's rejection.
    public struct GuardrailViolation: Sendable {
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a guardrail violation.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// A capability the model lacks.
    public struct UnsupportedCapability: Sendable {
        /// The capability the request needed.
        public var capability: LanguageModelCapabilities.Capability
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a missing capability.
        public init(capability: LanguageModelCapabilities.Capability, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.capability = capability
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// Transcript entries the model cannot read.
    public struct UnsupportedTranscriptContent: Sendable {
        /// The entries holding the content.
        public var unsupportedContent: [Transcript.Entry]
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of unsupported transcript content.
        public init(unsupportedContent: [Transcript.Entry], debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.unsupportedContent = unsupportedContent
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// A guide the model cannot enforce.
    public struct UnsupportedGenerationGuide: Sendable {
        /// The name of the schema holding the guide, if known.
        public var schemaName: String?
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of an unsupported guide.
        public init(schemaName: String?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.schemaName = schemaName
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// A language the model does not support.
    public struct UnsupportedLanguageOrLocale: Sendable {
        /// The language of the request.
        public var languageCode: Locale.LanguageCode
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of an unsupported language.
        public init(languageCode: Locale.LanguageCode, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.languageCode = languageCode
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}

extension LanguageModelError {
    /// A request that took too long.
    public struct Timeout: Sendable {
        /// What went wrong, for developers.
        public var debugDescription: String
        /// Provider-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a timeout.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
