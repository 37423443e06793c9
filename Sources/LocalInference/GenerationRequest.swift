import LLMEngine
import StructuredDecoding

/// One response to generate on a `LocalModel`: the prompt's tokens, what the response may be,
/// the tools it may call, and how tokens are chosen.
///
/// ```swift
/// let request = GenerationRequest(prompt: tokens, plan: .json(grammar),
///                                 sampling: SamplingParameters(temperature: 0.7, seed: 1), maximumTokens: 256)
/// ```
package struct GenerationRequest: Sendable {
    /// The prompt, rendered and tokenized.
    package var prompt: [Int]
    /// Free text, or JSON following a grammar.
    package var plan: GrammarLogitProcessor.Plan
    /// The grammar of a tool call (`SchemaGraph.toolCall(tools:)`), when tools are enabled.
    package var toolCallGrammar: Grammar?
    /// Whether a response whose first token starts a call's bare JSON is read as a call (see
    /// `GrammarLogitProcessor`): on for the first step of a turn, off once tools have answered,
    /// so a model that keeps echoing the call cannot loop.
    package var allowsBareToolCalls: Bool
    /// Whether the response must be tool calls (the call opener is its first token).
    package var requiresToolCall: Bool
    /// The most tool calls the response may make (at most `GrammarLogitProcessor.maximumCalls`).
    package var maximumToolCalls: Int
    /// Greedy, or temperature with top-k / top-p and a seed.
    package var sampling: SamplingParameters
    /// The most tokens the response may take (forced tokens and thoughts included).
    package var maximumTokens: Int?
    /// The thinking the response starts with (`ReasoningPlan.plan(...)`); `nil`: none, the
    /// constraint applies from the first token.
    package var reasoning: ReasoningPlan?

    /// A request.
    package init(
        prompt: [Int], plan: GrammarLogitProcessor.Plan = .text, toolCallGrammar: Grammar? = nil,
        allowsBareToolCalls: Bool = true, requiresToolCall: Bool = false,
        maximumToolCalls: Int = GrammarLogitProcessor.maximumCalls,
        sampling: SamplingParameters = .greedy, maximumTokens: Int? = nil, reasoning: ReasoningPlan? = nil
    ) {
        self.reasoning = reasoning
        self.requiresToolCall = requiresToolCall
        self.maximumToolCalls = maximumToolCalls
        self.prompt = prompt
        self.plan = plan
        self.toolCallGrammar = toolCallGrammar
        self.allowsBareToolCalls = allowsBareToolCalls
        self.sampling = sampling
        self.maximumTokens = maximumTokens
    }
}

/// What a generation streams while it runs.
package enum GenerationEvent: Sendable, Equatable {
    /// Response text (JSON for a structured response), whole characters only, and the tokens
    /// it took.
    case text(String, tokenCount: Int)
    /// The model opened tool call number `index`.
    case toolCallStarted(index: Int)
    /// The model's thoughts (cleaned: no markers, no surrounding whitespace), never part of the
    /// response text, and the tokens they took (thinking markers included).
    case reasoning(String, tokenCount: Int)
    /// The prompt is computed: `promptTokens` in all, `reusedTokens` of them taken over from
    /// the context instead of computed (sent once, before any text).
    case prefilled(promptTokens: Int, reusedTokens: Int)
}

/// What a finished generation produced.
package struct GenerationOutcome: Sendable, Equatable {
    /// Why generation stopped.
    package enum StopReason: Sendable, Equatable {
        /// The model ended its turn.
        case endOfTurn
        /// `maximumTokens` were generated.
        case maximumTokens
    }

    /// The response text (JSON for a structured response).
    package var text: String
    /// The tokens of the response text, in order (tool calls, thoughts and markup excluded).
    package var responseTokens: [Int]
    /// The model's thoughts before its answer (empty when it did not think).
    package var reasoning: String
    /// Tokens of the thinking block: thoughts and markers (included in `tokens`).
    package var reasoningTokens: Int
    /// Every token generated, forced ones included, the end-of-turn token excluded.
    package var tokens: [Int]
    /// Each tool call's JSON (`{"name": ..., "arguments": {...}}`), in order.
    package var toolCalls: [String]
    /// Why generation stopped.
    package var stopReason: StopReason
    /// Prompt positions taken over from the context.
    package var reusedPromptTokens: Int
    /// Prompt positions computed.
    package var prefilledTokens: Int
    /// Time computing the prompt.
    package var prefillDuration: Duration
    /// Tokens fed without sampling because the constraint allowed only them.
    package var forcedTokens: Int
    /// Time generating, after the prompt.
    package var decodeDuration: Duration
    /// Time computing masks inside the loop.
    package var maskDuration: Duration
}

/// Why the token loop failed (named apart from Apple's `LanguageModelSession.GenerationError`,
/// which the local model maps it to: `LocalModelBackend.mapped`).
package enum TokenLoopError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The prompt does not fit the context (nothing was computed).
    case promptTooLong(tokens: Int, capacity: Int)
    /// The response filled the context: `tokens` is what the conversation needed (the
    /// context's tokens plus those that did not fit).
    case contextFull(tokens: Int, capacity: Int)
    /// Every token was masked: the constraint left no way forward (a vocabulary that cannot
    /// spell what the grammar needs).
    case noAllowedToken(position: Int)
    /// The engine failed (names the cause).
    case engine(String)

    /// The message.
    package var description: String {
        switch self {
        case let .promptTooLong(tokens, capacity):
            "the prompt takes \(tokens) tokens and leaves no room to answer in the context of \(capacity)"
        case let .contextFull(tokens, capacity):
            "the response filled the context of \(capacity) tokens (the conversation needed \(tokens))"
        case let .noAllowedToken(position): "no token is allowed at position \(position): every candidate was masked"
        case let .engine(message): message
        }
    }
}

/// How a response's tokens are chosen, in the API's terms: the glue's own word for it, which
/// the API side builds without knowing the engine; the engine's `SamplingParameters` are made
/// from it here.
package enum TokenSelection: Sendable, Equatable {
    /// The most likely token every time.
    case greedy
    /// A draw at `temperature` among the `k` most likely tokens.
    case topK(Int, temperature: Float, seed: UInt64?)
    /// A draw at `temperature` from the fewest most likely tokens whose probability reaches `p`.
    case nucleus(Float, temperature: Float, seed: UInt64?)

    /// The sampler's parameters (a temperature of 0 is greedy; `k` at least 1; `p` within 0...1).
    package var parameters: SamplingParameters {
        switch self {
        case .greedy: return .greedy
        case let .topK(k, temperature, seed):
            return temperature <= 0 ? .greedy : SamplingParameters(temperature: temperature, topK: max(1, k), seed: seed)
        case let .nucleus(p, temperature, seed):
            return temperature <= 0 ? .greedy : SamplingParameters(temperature: temperature, topP: min(1, max(0, p)), seed: seed)
        }
    }
}

extension GenerationRequest {
    /// A request whose tokens are chosen as `selection` says.
    package init(
        prompt: [Int], plan: GrammarLogitProcessor.Plan = .text, toolCallGrammar: Grammar? = nil,
        allowsBareToolCalls: Bool = true, requiresToolCall: Bool = false,
        maximumToolCalls: Int = GrammarLogitProcessor.maximumCalls,
        selection: TokenSelection, maximumTokens: Int? = nil, reasoning: ReasoningPlan? = nil
    ) {
        self.init(
            prompt: prompt, plan: plan, toolCallGrammar: toolCallGrammar, allowsBareToolCalls: allowsBareToolCalls,
            requiresToolCall: requiresToolCall, maximumToolCalls: maximumToolCalls, sampling: selection.parameters,
            maximumTokens: maximumTokens, reasoning: reasoning)
    }
}
