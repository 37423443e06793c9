/// A language model a `LanguageModelSession` can talk to (Apple 27.0's provider API).
///
/// A model is a small value describing *which* model to use; its `Executor` does the work. The
/// session creates the executor from `executorConfiguration` (executors with equal
/// configurations are created once and shared by all sessions), then sends it one
/// `LanguageModelExecutorGenerationRequest` per step of a turn. The session, not the model,
/// records the transcript and runs the tool loop.
///
/// ```swift
/// struct EchoModel: LanguageModel {
///     var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([]) }
///     var executorConfiguration: EchoExecutor.Configuration { .init() }
///     typealias Executor = EchoExecutor
/// }
/// let session = LanguageModelSession(model: EchoModel(), instructions: "Repeat after me.")
/// ```
public protocol LanguageModel: Sendable {
    /// The type that generates responses for this model.
    associatedtype Executor: LanguageModelExecutor where Self == Self.Executor.Model

    /// What the model can do.
    var capabilities: LanguageModelCapabilities { get }

    /// The configuration the model's executor is created with.
    var executorConfiguration: Self.Executor.Configuration { get }
}
