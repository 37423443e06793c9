import Foundation

extension SystemLanguageModel {
    /// A model specialised with an adapter (a LoRA package trained with Apple's adapter toolkit).
    ///
    /// Apple's adapters are trained against the weights of Apple's on-device model and cannot be
    /// applied to the open models this package runs, so the model this creates is never
    /// available: its `availability` is `.unavailable(.deviceNotEligible)` and requests throw
    /// `SystemLanguageModel.Error.assetsUnavailable`. Code written for Apple's
    /// framework that uses adapters still compiles, and can fall back to the base model:
    ///
    /// ```swift
    /// let adapter = try SystemLanguageModel.Adapter(fileURL: packageURL)
    /// var model = SystemLanguageModel(adapter: adapter)
    /// if !model.isAvailable { model = .default }
    /// ```
    @available(
        *, deprecated,
        message:
            "Deprecated in 26.4 and removed in 27.0: adapters fit only Apple's on-device model. Use SystemLanguageModel.default, or another LanguageModel."
    )
    public convenience init(adapter: Adapter, guardrails: Guardrails = .default) {
        let backend = UnsupportedAdapterBackend(adapterDescription: adapter.source)
        self.init(useCase: .general, guardrails: guardrails, connector: SystemModelConnector { backend })
    }

    /// An adapter package (`.fmadapter`): LoRA weights for Apple's on-device model, with metadata.
    ///
    /// Here an adapter can be opened and its metadata read, but not applied (see
    /// `SystemLanguageModel(adapter:guardrails:)`); adapters that Apple's Background Assets
    /// would download do not exist on Linux.
    ///
    /// ```swift
    /// let adapter = try SystemLanguageModel.Adapter(fileURL: URL(filePath: "tone.fmadapter"))
    /// print(adapter.creatorDefinedMetadata)
    /// ```
    @available(
        *, deprecated,
        message:
            "Deprecated in 26.4 and removed in 27.0: adapters fit only Apple's on-device model. Use SystemLanguageModel.default, or another LanguageModel."
    )
    public struct Adapter {
        /// What the adapter was opened from, for messages.
        let source: String

        /// The metadata the adapter's creator recorded in the package (`creatorDefined` in its
        /// `metadata.json`), or an empty dictionary.
        public var creatorDefinedMetadata: [String: Any] {
            metadata["creatorDefined"] as? [String: Any] ?? [:]
        }

        /// The package's `metadata.json`.
        private let metadata: [String: Any]
    }
}

@available(
    *, deprecated,
    message:
        "Deprecated in 26.4 and removed in 27.0: adapters fit only Apple's on-device model. Use SystemLanguageModel.default, or another LanguageModel."
)
extension SystemLanguageModel.Adapter {
    /// Opens the adapter package at `fileURL` and reads its metadata.
    ///
    /// - Throws: `AssetError.invalidAsset` when `fileURL` is not an adapter package (a directory
    ///   with a `metadata.json` object).
    public init(fileURL: URL) throws {
        let metadataURL = fileURL.appendingPathComponent("metadata.json")
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: metadataURL))
        } catch {
            throw AssetError.invalidAsset(
                .init(
                    debugDescription:
                        "\(fileURL.path) is not an adapter package: cannot read \(metadataURL.lastPathComponent) (\(error))."))
        }
        guard let metadata = object as? [String: Any] else {
            throw AssetError.invalidAsset(
                .init(
                    debugDescription:
                        "\(fileURL.path) is not an adapter package: \(metadataURL.lastPathComponent) is not a JSON object."))
        }
        self.init(source: fileURL.path, metadata: metadata)
    }

    /// Finds the downloaded adapter named `name`.
    ///
    /// - Throws: `AssetError.invalidAdapterName` for an empty name, otherwise
    ///   `AssetError.compatibleAdapterNotFound`: on Linux no adapters are downloaded through
    ///   Background Assets; open a package with `init(fileURL:)`.
    public init(name: String) throws {
        guard !name.isEmpty else {
            throw AssetError.invalidAdapterName(.init(debugDescription: "An adapter name must not be empty."))
        }
        throw AssetError.compatibleAdapterNotFound(
            .init(
                debugDescription:
                    "No adapter named \"\(name)\" is installed: adapters are not downloaded through Background Assets on Linux."))
    }

    /// Prepares the adapter for use on this device.
    ///
    /// - Throws: `AssetError.compatibleAdapterNotFound`: Apple's adapters fit only Apple's
    ///   on-device model, not the open models run here.
    @concurrent public func compile() async throws {
        throw AssetError.compatibleAdapterNotFound(
            .init(
                debugDescription:
                    "The adapter \(source) was trained for Apple's on-device model and cannot be applied to the models run on Linux."))
    }

    /// The identifiers of the downloaded adapters named `name` that fit this device's model:
    /// none on Linux.
    public static func compatibleAdapterIdentifiers(name: String) -> [String] {
        []
    }

    /// Deletes downloaded adapters that no longer fit the device's model: there are none on Linux.
    public static func removeObsoleteAdapters() throws {}
}
