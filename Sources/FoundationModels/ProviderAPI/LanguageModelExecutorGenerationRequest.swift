import Foundation

/// One step of a response, as a `LanguageModelExecutor` receives it (Apple 27.0's provider API).
///
/// The transcript holds everything so far: the instructions (with the tool definitions), the
/// earlier turns, the new prompt, and — in later steps of the same turn — the tool calls and tool
/// outputs of the earlier steps.
///
/// ```swift
/// let prompt = request.transcript.last            // .prompt(...) in the first step
/// let mustFollow = request.schema                 // nil for plain text
/// let maxTokens = request.generationOptions.maximumResponseTokens
/// ```
public struct LanguageModelExecutorGenerationRequest: Sendable {
    /// The request's identity: the same for every step of one turn.
    public var id: UUID
    /// The conversation so far, ending with the prompt or the latest tool outputs.
    public var transcript: Transcript
    /// The tools the model may call in this step.
    public var enabledToolDefinitions: [Transcript.ToolDefinition]
    /// The schema the response must follow, or `nil` for plain text.
    public var schema: GenerationSchema?
    /// Sampling, temperature and length limit.
    public var generationOptions: GenerationOptions
    /// How the context is rendered (e.g. whether the schema is shown in the prompt).
    public var contextOptions: ContextOptions
    /// Values the caller attached to the request, passed through unchanged.
    public var metadata: [String: any Sendable & Codable & Equatable]

    /// Creates a request.
    public init(
        id: UUID,
        transcript: Transcript,
        enabledTools: [Transcript.ToolDefinition],
        schema: GenerationSchema? = nil,
        generationOptions: GenerationOptions,
        contextOptions: ContextOptions,
        metadata: [String: any Sendable & Codable & Equatable]
    ) {
        self.id = id
        self.transcript = transcript
        self.enabledToolDefinitions = enabledTools
        self.schema = schema
        self.generationOptions = generationOptions
        self.contextOptions = contextOptions
        self.metadata = metadata
    }
}
