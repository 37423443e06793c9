import Foundation

/// The errors a language model reports (Apple 27.0), each case carrying what a caller needs to
/// recover: the context size and the token count that exceeded it, the time a rate limit ends,
/// the capability a model lacks, the transcript content it cannot read.
///
/// ```swift
/// do {
///     _ = try await session.respond(to: longPrompt)
/// } catch LanguageModelError.contextSizeExceeded(let exceeded) {
///     print("\(exceeded.tokenCount) tokens > \(exceeded.contextSize)")
/// }
/// ```
///
/// Code written for 26.x that catches `LanguageModelSession.GenerationError` keeps working:
/// the session still throws those where 26.x threw them.
public enum LanguageModelError: LocalizedError {
    /// The transcript and the response together need more tokens than the model's context.
    case contextSizeExceeded(ContextSizeExceeded)
    /// The provider limited the rate of requests.
    case rateLimited(RateLimited)
    /// A safety guardrail rejected the prompt or the response.
    case guardrailViolation(GuardrailViolation)
    /// The model refused to answer.
    case refusal(Refusal)
    /// The request needs a capability the model does not have (images for a text-only model).
    case unsupportedCapability(UnsupportedCapability)
    /// The transcript holds content the model cannot read.
    case unsupportedTranscriptContent(UnsupportedTranscriptContent)
    /// A generation guide cannot be enforced by the model.
    case unsupportedGenerationGuide(UnsupportedGenerationGuide)
    /// The model does not support the language of the request.
    case unsupportedLanguageOrLocale(UnsupportedLanguageOrLocale)
    /// The request took too long.
    case timeout(Timeout)
}

extension LanguageModelError: CustomDebugStringConvertible {
    /// The case's debug description.
    public var debugDescription: String {
        switch self {
        case .contextSizeExceeded(let value): value.debugDescription
        case .rateLimited(let value): value.debugDescription
        case .guardrailViolation(let value): value.debugDescription
        case .refusal(let value): value.debugDescription
        case .unsupportedCapability(let value): value.debugDescription
        case .unsupportedTranscriptContent(let value): value.debugDescription
        case .unsupportedGenerationGuide(let value): value.debugDescription
        case .unsupportedLanguageOrLocale(let value): value.debugDescription
        case .timeout(let value): value.debugDescription
        }
    }
}

extension LanguageModelError {
    /// A one-line summary of the failure.
    public var errorDescription: String? {
        switch self {
        case .contextSizeExceeded(let value):
            "The request needs \(value.tokenCount) tokens, more than the model's context size of \(value.contextSize)."
        case .rateLimited: "The request was rate limited."
        case .guardrailViolation: "The request was blocked by a safety guardrail."
        case .refusal: "The model refused to respond to the request."
        case .unsupportedCapability: "The model does not support a capability the request needs."
        case .unsupportedTranscriptContent: "The transcript holds content the model does not support."
        case .unsupportedGenerationGuide: "A generation guide in the schema is not supported."
        case .unsupportedLanguageOrLocale: "The language or locale of the request is not supported by the model."
        case .timeout: "The request timed out."
        }
    }
}
