import Foundation
internal import LocalInference
import Synchronization

/// The engine behind `SystemLanguageModel`: the one conformance that connects the system model
/// to an inference engine (the local GGUF engine, later perhaps a remote one).
///
/// `SystemLanguageModel.Executor` forwards every request to the connected backend, so a backend
/// answers exactly as a `LanguageModelExecutor` does: it renders the request's transcript,
/// generates (constrained to `request.schema` when there is one) and streams response text or
/// tool calls into the channel. The session around it records the transcript and runs tools.
///
/// To connect an engine, conform a type in `Backend/` and return it from
/// `SystemModelConnector.standard`'s resolver.
protocol SystemLanguageModelBackend: Sendable {
    /// Whether the engine can answer now (model installed and loadable).
    var availability: SystemLanguageModel.Availability { get }
    /// Why the model is not available and what to do about it, when it is not.
    var unavailabilityMessage: String? { get }
    /// The identifiers of the model files, recorded in response entries.
    var assetIDs: [String] { get }
    /// The number of tokens the model's context holds, input and output together.
    var contextSize: Int { get }
    /// The languages the model answers in.
    var supportedLanguages: Set<Locale.Language> { get }

    /// How many tokens `input` takes when rendered for the model.
    func tokenCount(for input: TokenCountInput) async throws -> Int

    /// Gets ready for a request starting with `transcript`, in the background.
    func prewarm(model: SystemLanguageModel, transcript: Transcript)

    /// Generates one step of a response, as `LanguageModelExecutor.respond` does.
    func respond(
        to request: LanguageModelExecutorGenerationRequest,
        model: SystemLanguageModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws
}

extension SystemLanguageModelBackend {
    /// No explanation.
    var unavailabilityMessage: String? { nil }
}

/// What `SystemLanguageModel.tokenCount(for:)` is asked to count.
enum TokenCountInput: Sendable {
    /// A prompt, as a prompt entry would render it.
    case prompt(Prompt)
    /// Instructions, as an instructions entry would render them.
    case instructions(Instructions)
    /// The definitions of tools, as the instructions would show them.
    case tools([Transcript.ToolDefinition])
    /// A schema, as a prompt would show it.
    case schema(GenerationSchema)
    /// Transcript entries, as a model of `useCase` renders them (a use case may add to what
    /// the model reads: `ContentTagging`).
    case entries([Transcript.Entry], useCase: SystemLanguageModel.UseCase)
}

/// Finds and keeps the backend of the system model. Until a backend is found the resolver is
/// asked again on every use, so a model installed while the program runs is picked up.
final class SystemModelConnector: Sendable {
    /// The connector of `SystemLanguageModel.default` and `SystemLanguageModel(useCase:guardrails:)`:
    /// the local GGUF model `SystemModelEnvironment` describes (`FM_MODEL`, else the default
    /// catalog model in `FM_MODELS_DIR`).
    /// Until that file is installed the model reports `.unavailable(.modelNotReady)` and requests
    /// throw `SystemLanguageModel.Error.assetsUnavailable` saying to run `fm model install`.
    static let standard = SystemModelConnector { SystemModelEnvironment.backend() }

    /// Finds a backend, or `nil` when none is ready.
    private let resolve: @Sendable () -> (any SystemLanguageModelBackend)?
    /// The backend once found.
    private let connected = Mutex<(any SystemLanguageModelBackend)?>(nil)

    /// Creates a connector that finds its backend with `resolve`.
    init(resolve: @escaping @Sendable () -> (any SystemLanguageModelBackend)?) {
        self.resolve = resolve
    }

    /// The backend, or `nil` when none is ready.
    var backend: (any SystemLanguageModelBackend)? {
        if let backend = connected.withLock({ $0 }) { return backend }
        guard let found = resolve() else { return nil }
        return connected.withLock { slot in
            if let winner = slot { return winner }
            slot = found
            return found
        }
    }
}
