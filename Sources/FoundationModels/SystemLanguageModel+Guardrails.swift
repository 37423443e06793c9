extension SystemLanguageModel {
    /// The safety guardrails applied to prompts and responses.
    ///
    /// ```swift
    /// let model = SystemLanguageModel(guardrails: .permissiveContentTransformations)
    /// ```
    public struct Guardrails: Sendable {
        /// The guardrails' name.
        let name: String

        /// The default guardrails.
        public static let `default` = Guardrails(name: "default")

        /// Guardrails that let the model transform text it is given (summarize, rewrite, tag)
        /// even when the text itself touches sensitive topics.
        public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")
    }
}
