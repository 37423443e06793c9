/// What Apple's reasoning level means for a local model that thinks (Qwen3, SmolLM3, Gemma 4):
/// the template's thinking switch (`enable_thinking`) and the thinking budget, the most tokens
/// of thoughts before the closer (`</think>`) is forced.
///
/// | `ContextOptions.reasoningLevel` | `enable_thinking` | budget |
/// |---|---|---|
/// | `nil` | left out: the template's default (Qwen3, SmolLM3 on; Gemma 4 off) | 1024 |
/// | `.light` (`.custom("low")`, `.custom("minimal")`) | `true` | 256 |
/// | `.moderate` (`.custom("medium")`, any other custom name) | `true` | 1024 |
/// | `.deep` (`.custom("high")`, `.custom("xhigh")`) | `true` | none (the context) |
/// | `.custom("none")` (`.custom("off")`) | `false`: no thoughts, the template's empty block | — |
///
/// Apple's levels say how much to think, never "not at all"; OpenAI's `reasoning_effort: none`
/// reaches a session as `.custom("none")` (the server's mapping), so that is the way to switch
/// thinking off. With `maximumResponseTokens`, thoughts take at most half of them, so an answer
/// always has room. Models that do not think ignore all of this.
struct LocalThinking: Equatable {
    /// The template's switch (`nil`: left to the template).
    var enabled: Bool?
    /// The most thought tokens (`nil`: no limit but the response's).
    var budget: Int?

    /// The budget when no level is asked for, and for `.moderate`.
    static let moderateBudget = 1024
    /// The budget of `.light`.
    static let lightBudget = 256

    /// The switch and budget for `level`, within `maximumResponseTokens`.
    init(level: ContextOptions.ReasoningLevel?, maximumResponseTokens: Int? = nil) {
        switch level {
        case nil: (enabled, budget) = (nil, Self.moderateBudget)
        case .light?: (enabled, budget) = (true, Self.lightBudget)
        case .moderate?: (enabled, budget) = (true, Self.moderateBudget)
        case .deep?: (enabled, budget) = (true, nil)
        case .custom(let name)?:
            switch name.lowercased() {
            case "none", "off": (enabled, budget) = (false, nil)
            case "minimal", "low": (enabled, budget) = (true, Self.lightBudget)
            case "high", "xhigh": (enabled, budget) = (true, nil)
            default: (enabled, budget) = (true, Self.moderateBudget)
            }
        }
        if let maximum = maximumResponseTokens, enabled != false {
            budget = min(budget ?? Int.max, max(1, maximum / 2))
        }
    }
}
