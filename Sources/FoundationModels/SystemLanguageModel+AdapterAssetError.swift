import Foundation

@available(
    *, deprecated,
    message:
        "Deprecated in 26.4 and removed in 27.0: adapters fit only Apple's on-device model. Use SystemLanguageModel.default, or another LanguageModel."
)
extension SystemLanguageModel.Adapter {
    /// Why an adapter could not be opened or prepared.
    ///
    /// ```swift
    /// do {
    ///     let adapter = try SystemLanguageModel.Adapter(name: "tone")
    /// } catch let error as SystemLanguageModel.Adapter.AssetError {
    ///     print(error.errorDescription ?? "")
    /// }
    /// ```
    public enum AssetError: Swift.Error, LocalizedError {
        /// Details of an asset error.
        public struct Context: Sendable {
            /// What went wrong, for developers.
            public let debugDescription: String

            /// Creates a context with a description for developers.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// The file is not a valid adapter package.
        case invalidAsset(SystemLanguageModel.Adapter.AssetError.Context)
        /// The adapter name is not valid.
        case invalidAdapterName(SystemLanguageModel.Adapter.AssetError.Context)
        /// No adapter that fits this device's model was found.
        case compatibleAdapterNotFound(SystemLanguageModel.Adapter.AssetError.Context)

        /// A short description of the error.
        public var errorDescription: String? {
            switch self {
            case .invalidAsset(let context), .invalidAdapterName(let context), .compatibleAdapterNotFound(let context):
                context.debugDescription
            }
        }

        /// What to do about it.
        public var recoverySuggestion: String? {
            switch self {
            case .invalidAsset: "Check that the URL names an adapter package (.fmadapter) with a metadata.json."
            case .invalidAdapterName: "Use the name the adapter was published under."
            case .compatibleAdapterNotFound: "Use SystemLanguageModel.default, or another LanguageModel, without the adapter."
            }
        }
    }
}
