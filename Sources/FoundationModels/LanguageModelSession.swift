import Observation
import Synchronization

/// A conversation with a language model: it keeps the transcript of the instructions, prompts,
/// tool calls and responses, and answers new prompts in that context.
///
/// ```swift
/// let session = LanguageModelSession(instructions: "You are a helpful barista.")
/// let answer = try await session.respond(to: "What do you recommend?")
/// print(answer.content)
/// ```
///
/// A session answers one request at a time: a request made while another is running throws
/// `LanguageModelSession.Error.concurrentRequests` (watch `isResponding`). A turn's entries — the prompt,
/// any tool calls and tool outputs, the response — are added to `transcript` together when the
/// request succeeds; a request that fails or is cancelled leaves the transcript as it was, so
/// the session can be used again at once. `transcript` and `isResponding` are observable.
public final class LanguageModelSession: Sendable {
    /// What changes while the session is used.
    struct State: Sendable {
        /// The conversation so far.
        var transcript: Transcript
        /// Whether a request is running.
        var isResponding = false
        /// The tokens of the completed requests, added up.
        var usage = Usage.zero
        /// What happens to the transcript when a request fails.
        var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy?
        /// Whether the transcript was set while a request was running.
        var transcriptMutatedWhileResponding = false
    }

    /// The model the session talks to.
    let connection: ModelConnection
    /// The tools the model may call.
    let tools: [any Tool]
    /// The tools as the model sees them, read once when the session was created.
    let toolDefinitions: [Transcript.ToolDefinition]
    /// The transcript and the request flag.
    let state: Mutex<State>
    /// Tracks observers of `transcript` and `isResponding`.
    let registrar = ObservationRegistrar()
    /// The dynamic profile worked out before each step, if the session has one.
    let profile: ProfileBox?
    /// The values `@SessionProperty` reads and writes in this session.
    let propertyValues: SessionPropertyValues

    /// Creates a session that continues `transcript` with `tools`.
    init(
        connection: ModelConnection, tools: [any Tool], toolDefinitions: [Transcript.ToolDefinition], transcript: Transcript,
        profile: ProfileBox? = nil
    ) {
        self.connection = connection
        self.tools = tools
        self.toolDefinitions = toolDefinitions
        self.state = Mutex(State(transcript: transcript))
        self.profile = profile
        self.propertyValues = profile?.properties ?? SessionPropertyValues()
        self.propertyValues.history = transcript.history
    }

    /// The conversation so far: instructions, then each completed turn's prompt, tool calls,
    /// tool outputs and response.
    ///
    /// ```swift
    /// for entry in session.transcript { print(entry) }
    /// ```
    ///
    /// Setting it (27.0) replaces the conversation; setting it while a request runs makes that
    /// request fail with `LanguageModelSession.Error.transcriptMutationWhileResponding`.
    public final var transcript: Transcript {
        get {
            registrar.access(self, keyPath: \.transcript)
            return state.withLock { $0.transcript }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.transcript) {
                state.withLock { state in
                    state.transcript = newValue
                    if state.isResponding { state.transcriptMutatedWhileResponding = true }
                }
            }
            propertyValues.history = newValue.history
        }
    }

    /// Whether the session is answering a request now.
    ///
    /// ```swift
    /// Button("Ask") { ask() }.disabled(session.isResponding)
    /// ```
    public final var isResponding: Bool {
        registrar.access(self, keyPath: \.isResponding)
        return state.withLock { $0.isResponding }
    }
}

extension LanguageModelSession: Observable {}
