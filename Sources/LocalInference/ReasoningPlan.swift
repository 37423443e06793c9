/// The thinking a response starts with: the model's markers, whether the prompt already opened
/// the block, whether the opener is required or only allowed, and the budget.
///
/// ```swift
/// let plan = ReasoningPlan.plan(format: model.reasoningFormat, renderedPrompt: text, thinking: true, budget: 1024)
/// ```
package struct ReasoningPlan: Sendable, Equatable {
    /// The model's markers.
    package var format: ReasoningFormat
    /// How the block begins.
    package var start: Start
    /// The most tokens of thoughts (markers excluded) before the closer is forced; `nil`: no
    /// limit but the response's token limit and the context.
    package var budget: Int?

    /// How the thinking block begins.
    package enum Start: Sendable, Equatable {
        /// The prompt opened it: the response's first tokens are thoughts.
        case open
        /// The opener is forced as the response's first token(s): thinking was asked for.
        case forced
        /// The opener (a single token) may be the first token, or the answer may start at once:
        /// the model decides (the template's default, no level asked for).
        case optional
    }

    /// A plan.
    package init(format: ReasoningFormat, start: Start, budget: Int? = nil) {
        self.format = format
        self.start = start
        self.budget = budget.map { max(0, $0) }
    }

    /// The plan for a response to `renderedPrompt`, or `nil` when the model does not think
    /// here: no format, a prompt that ends with a closed (empty) block — the template's own
    /// "thinking off" — or `thinking == false` and a prompt that did not open the block.
    ///
    /// `thinking`: `true` forces the opener when the prompt did not write it; `nil` (the
    /// template's default) lets the model choose when the opener is one token, and forces it when
    /// the opener is plain text (which an answer's constraint could not otherwise let through).
    package static func plan(format: ReasoningFormat?, renderedPrompt: String, thinking: Bool?, budget: Int?) -> ReasoningPlan? {
        guard let format else { return nil }
        switch format.state(atEndOf: renderedPrompt) {
        case .closed: return nil
        case .open: return ReasoningPlan(format: format, start: .open, budget: budget)
        case .outside:
            switch thinking {
            case false?: return nil
            case true?: return ReasoningPlan(format: format, start: .forced, budget: budget)
            case nil:
                if case .token = format.opener { return ReasoningPlan(format: format, start: .optional, budget: budget) }
                return ReasoningPlan(format: format, start: .forced, budget: budget)
            }
        }
    }
}
