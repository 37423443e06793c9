extension SystemLanguageModel {
    /// Whether a model can be used now.
    ///
    /// ```swift
    /// if case .unavailable(.modelNotReady) = SystemLanguageModel.default.availability {
    ///     // run `fm model install`, or try again later
    /// }
    /// ```
    @frozen
    public enum Availability: Equatable, Sendable {
        /// Why a model cannot be used.
        public enum UnavailableReason: Equatable, Sendable, Hashable {
            /// The device cannot run the model.
            case deviceNotEligible
            /// The system's intelligence features are turned off.
            case appleIntelligenceNotEnabled
            /// The model is not installed, or not loaded yet.
            case modelNotReady
        }

        /// The model can be used.
        case available
        /// The model cannot be used, for the reason given.
        case unavailable(UnavailableReason)
    }
}
