import FoundationModels
import Synchronization

/// A language model that answers from a script, for testing code built on
/// `LanguageModelSession` without a real model.
///
/// Each time the session asks the model for a step (once per request, plus once after each
/// round of tool calls), the model plays the next step of the script and records the request:
///
/// ```swift
/// let model = ScriptedLanguageModel([
///     .toolCalls([.init(id: "1", name: "getWeather", arguments: #"{"city": "Paris"}"#)]),
///     .text(["It is ", "sunny."]),
/// ])
/// let session = LanguageModelSession(model: model, tools: [WeatherTool()])
/// let answer = try await session.respond(to: "Weather in Paris?")   // "It is sunny."
/// model.requests.count                                              // 2
/// ```
///
/// A request for which the script has no step left throws `ScriptError.scriptExhausted`.
package final class ScriptedLanguageModel: LanguageModel, Sendable {
    /// One step of the script: what the model generates for one request.
    package enum Step: Sendable {
        /// Streams response text, one event per piece.
        case text([String])
        /// Calls tools; each call's arguments arrive in several pieces.
        case toolCalls([ScriptedToolCall])
        /// Sends the events as they are.
        case events([LanguageModelExecutorGenerationChannel.Event])
        /// Streams the pieces, then waits at the gate until it is opened (or the task is
        /// cancelled), then ends.
        case pause(after: [String], at: ScriptedGate)
        /// Throws the error.
        case failure(any Error)
    }

    /// Why the scripted model could not answer.
    package enum ScriptError: Error, Equatable, CustomStringConvertible {
        /// The script had no step left for the request with this number (1 for the first).
        case scriptExhausted(requestNumber: Int)

        /// What went wrong.
        package var description: String {
            switch self {
            case .scriptExhausted(let number): "The script has no step for request \(number)."
            }
        }
    }

    /// What the model remembers.
    private struct State {
        var steps: [Step]
        var requests: [LanguageModelExecutorGenerationRequest] = []
    }

    private let state: Mutex<State>
    /// Where prewarm calls are announced.
    private let prewarmContinuation: AsyncStream<Transcript>.Continuation

    /// The transcripts the model was asked to prewarm for, in order.
    package let prewarms: AsyncStream<Transcript>

    /// Creates a model that plays `steps` in order.
    package init(_ steps: [Step]) {
        state = Mutex(State(steps: steps))
        (prewarms, prewarmContinuation) = AsyncStream.makeStream(of: Transcript.self)
    }

    /// The requests the model received, in order.
    package var requests: [LanguageModelExecutorGenerationRequest] {
        state.withLock { $0.requests }
    }

    /// How many steps of the script are left.
    package var remainingSteps: Int {
        state.withLock { $0.steps.count }
    }

    /// Guided generation and tool calling.
    package var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    }

    /// All scripted models share one (stateless) executor.
    package var executorConfiguration: Executor.Configuration {
        Executor.Configuration()
    }

    /// Records `request` and takes the next step.
    func nextStep(for request: LanguageModelExecutorGenerationRequest) throws -> Step {
        try state.withLock { state in
            state.requests.append(request)
            guard !state.steps.isEmpty else { throw ScriptError.scriptExhausted(requestNumber: state.requests.count) }
            return state.steps.removeFirst()
        }
    }

    /// Announces a prewarm.
    func recordPrewarm(_ transcript: Transcript) {
        prewarmContinuation.yield(transcript)
    }
}

/// A tool call in a script.
package struct ScriptedToolCall: Sendable {
    /// The call's identity.
    package var id: String
    /// The tool called.
    package var name: String
    /// The arguments' JSON text.
    package var arguments: String

    /// Creates a scripted tool call.
    package init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}
