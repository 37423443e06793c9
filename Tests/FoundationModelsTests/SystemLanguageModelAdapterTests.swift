import Foundation
import FoundationModels
import Testing

/// Adapters open and report their metadata, but a model made with one is never available: Apple's
/// adapters fit only Apple's on-device model.
@Suite struct SystemLanguageModelAdapterTests {
    /// A temporary adapter package whose metadata.json holds `metadata`.
    func package(metadata: String?) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("adapter-\(UUID().uuidString).fmadapter")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if let metadata {
            try Data(metadata.utf8).write(to: url.appendingPathComponent("metadata.json"))
        }
        return url
    }

    @available(*, deprecated, message: "Tests SystemLanguageModel.Adapter, which 26.4 deprecates and 27.0 removes.")
    @Test func packageMetadataIsRead() throws {
        let url = try package(metadata: #"{"adapterIdentifier": "tone", "creatorDefined": {"tone": "cheerful", "version": 2}}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let adapter = try SystemLanguageModel.Adapter(fileURL: url)
        #expect(adapter.creatorDefinedMetadata["tone"] as? String == "cheerful")
        #expect(adapter.creatorDefinedMetadata["version"] as? Int == 2)
    }

    @available(*, deprecated, message: "Tests SystemLanguageModel.Adapter, which 26.4 deprecates and 27.0 removes.")
    @Test func notAPackageIsAnInvalidAsset() throws {
        for metadata in [nil, "[1, 2]", "not json"] {
            let url = try package(metadata: metadata)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect {
                try SystemLanguageModel.Adapter(fileURL: url)
            } throws: { error in
                guard case .invalidAsset(let context) = error as? SystemLanguageModel.Adapter.AssetError else { return false }
                return context.debugDescription.contains(url.path)
            }
        }
    }

    @available(*, deprecated, message: "Tests SystemLanguageModel.Adapter, which 26.4 deprecates and 27.0 removes.")
    @Test func namedAdaptersAreNeverFound() async throws {
        #expect(SystemLanguageModel.Adapter.compatibleAdapterIdentifiers(name: "tone").isEmpty)
        try SystemLanguageModel.Adapter.removeObsoleteAdapters()
        #expect {
            try SystemLanguageModel.Adapter(name: "tone")
        } throws: { error in
            if case .compatibleAdapterNotFound = error as? SystemLanguageModel.Adapter.AssetError { true } else { false }
        }
        #expect {
            try SystemLanguageModel.Adapter(name: "")
        } throws: { error in
            if case .invalidAdapterName = error as? SystemLanguageModel.Adapter.AssetError { true } else { false }
        }
    }

    @available(*, deprecated, message: "Tests SystemLanguageModel.Adapter, which 26.4 deprecates and 27.0 removes.")
    @Test func aModelWithAnAdapterIsNeverAvailable() async throws {
        let url = try package(metadata: "{}")
        defer { try? FileManager.default.removeItem(at: url) }
        let adapter = try SystemLanguageModel.Adapter(fileURL: url)
        await #expect(throws: SystemLanguageModel.Adapter.AssetError.self) { try await adapter.compile() }

        let model = SystemLanguageModel(adapter: adapter)
        #expect(model.availability == .unavailable(.deviceNotEligible))
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: "Hello")
        } throws: { error in
            if case .assetsUnavailable = error as? SystemLanguageModel.Error { true } else { false }
        }
        #expect(session.transcript.isEmpty)
    }
}
