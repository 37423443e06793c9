/// Feedback on a response, for reporting problems with the model's output.
///
/// ```swift
/// let issue = LanguageModelFeedback.Issue(category: .tooVerbose, explanation: "Three paragraphs for a yes/no question")
/// ```
public struct LanguageModelFeedback {
    /// How the response felt overall.
    public enum Sentiment: Sendable, CaseIterable, Hashable {
        /// The response was good.
        case positive
        /// The response was bad.
        case negative
        /// Neither.
        case neutral
    }

    /// A specific problem with a response.
    public struct Issue: Sendable {
        /// The kinds of problem.
        public enum Category: Sendable, CaseIterable, Hashable {
            /// The response did not help.
            case unhelpful
            /// The response was longer than needed.
            case tooVerbose
            /// The response ignored the instructions.
            case didNotFollowInstructions
            /// The response was wrong.
            case incorrect
            /// The response showed a stereotype or bias.
            case stereotypeOrBias
            /// The response was suggestive or sexual.
            case suggestiveOrSexual
            /// The response was vulgar or offensive.
            case vulgarOrOffensive
            /// A guardrail blocked a harmless request.
            case triggeredGuardrailUnexpectedly
        }

        /// The kind of problem.
        let category: Category
        /// What went wrong, in your words.
        let explanation: String?

        /// Creates an issue.
        public init(category: Category, explanation: String? = nil) {
            self.category = category
            self.explanation = explanation
        }
    }
}
