import Foundation

extension SystemLanguageModel {
    /// Why the system model cannot serve a request (Apple 27.0): its assets are missing.
    ///
    /// ```swift
    /// } catch SystemLanguageModel.Error.assetsUnavailable(let details) {
    ///     print(details.debugDescription)   // install the model, then try again
    /// }
    /// ```
    public enum Error: LocalizedError {
        /// The model's files are missing or could not be loaded.
        case assetsUnavailable(AssetsUnavailable)

        /// A one-line summary.
        public var errorDescription: String? {
            switch self {
            case .assetsUnavailable: "The language model's assets are unavailable."
            }
        }

        /// `assetsUnavailable` saying `debugDescription`.
        static func unavailable(_ debugDescription: String) -> Self {
            .assetsUnavailable(AssetsUnavailable(debugDescription: debugDescription))
        }
    }
}

extension SystemLanguageModel.Error: CustomDebugStringConvertible {
    /// What went wrong, for developers.
    public var debugDescription: String {
        switch self {
        case .assetsUnavailable(let details): details.debugDescription
        }
    }
}

extension SystemLanguageModel.Error {
    /// Missing or unloadable model assets.
    public struct AssetsUnavailable: Sendable {
        /// What went wrong, for developers.
        public var debugDescription: String

        /// Creates the details of unavailable assets.
        public init(debugDescription: String) {
            self.debugDescription = debugDescription
        }
    }
}
