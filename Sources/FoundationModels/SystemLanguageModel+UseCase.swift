extension SystemLanguageModel {
    /// What a model is used for, which tunes how it answers.
    ///
    /// ```swift
    /// let tagger = SystemLanguageModel(useCase: .contentTagging)
    /// ```
    public struct UseCase: Sendable, Equatable {
        /// The use case's name.
        let name: String

        /// General questions, conversation, writing.
        public static let general = UseCase(name: "general")

        /// Tagging content: extracting topics, entities, actions.
        public static let contentTagging = UseCase(name: "contentTagging")

        /// Use cases with the same name are equal.
        public static func == (a: UseCase, b: UseCase) -> Bool {
            a.name == b.name
        }
    }
}
