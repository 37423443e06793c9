/// A conversation with a language model: it keeps the transcript of the instructions, prompts,
/// tool calls and responses, and answers new prompts in that context.
///
/// ```swift
/// let session = LanguageModelSession(instructions: "You are a helpful barista.")
/// let answer = try await session.respond(to: "What do you recommend?")
/// print(answer.content)
/// ```
///
/// The value types the session works with (prompts, options, schemas, transcripts, errors) are
/// complete; the session's requests arrive with the model seam.
public final class LanguageModelSession: @unchecked Sendable {
    /// Creates a session shell; the public initializers arrive with the session's requests.
    init() {}
}
