/// Options that shape how a request's context is rendered for the model (Apple 27.0's provider
/// API): whether the response's schema is shown in the prompt, and how much the model reasons.
///
/// Sessions fill this in for you: `includeSchemaInPrompt:` on `respond(to:generating:)` becomes
/// `includeSchemaInPrompt` here. A `LanguageModelExecutor` reads it from its request:
///
/// ```swift
/// let showSchema = request.contextOptions.includeSchemaInPrompt ?? true
/// ```
public struct ContextOptions: Sendable, Equatable {
    /// Whether the response's schema is written into the prompt (`nil`: the executor decides).
    /// Decoding is constrained to the schema either way.
    public var includeSchemaInPrompt: Bool?

    /// How much the model reasons before it answers (`nil`: the model's default). Models that
    /// do not reason ignore it.
    public var reasoningLevel: ReasoningLevel?

    /// Creates context options; every option left `nil` takes the executor's default.
    public init(includeSchemaInPrompt: Bool? = nil, reasoningLevel: ReasoningLevel? = nil) {
        self.includeSchemaInPrompt = includeSchemaInPrompt
        self.reasoningLevel = reasoningLevel
    }
}

extension ContextOptions {
    /// How much a reasoning model thinks before it answers.
    public enum ReasoningLevel: Sendable, Equatable {
        /// A little.
        case light
        /// A moderate amount.
        case moderate
        /// As much as it needs.
        case deep
        /// A level named by the model's provider.
        case custom(String)
    }
}
