import Foundation
import LocalInference
import ModelStore
import Testing

/// `FM_MODEL=hf:owner/repo[:QUANT]` names a model installed from the Hub, found on disk without
/// the network; one that is not installed says how to install it.
@Suite struct HubModelLocationTests {
    @Test func aHubNameResolvesToTheInstalledFile() throws {
        let models = FileManager.default.temporaryDirectory.appendingPathComponent("fm-hub-location-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: models) }
        let folder = models.appendingPathComponent("hf/Qwen/Qwen3-0.6B-GGUF")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Qwen3-0.6B-Q8_0.gguf")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data([1]))

        let environment = ["FM_MODELS_DIR": models.path]
        let byTag = ModelLocation.resolve(environment: environment.merging(["FM_MODEL": "hf:Qwen/Qwen3-0.6B-GGUF:Q8_0"]) { $1 })
        #expect(byTag.path == file.path && byTag.hubName == "hf:Qwen/Qwen3-0.6B-GGUF:Q8_0" && byTag.catalogName == nil)
        // No tag: Q4_K_M when installed, else the first GGUF file there.
        #expect(ModelLocation.resolve(environment: environment.merging(["FM_MODEL": "hf:Qwen/Qwen3-0.6B-GGUF"]) { $1 }).path == file.path)

        let missing = ModelLocation.resolve(environment: environment.merging(["FM_MODEL": "hf:Qwen/Qwen3-0.6B-GGUF:Q4_K_M"]) { $1 })
        guard case let .missing(message) = missing.check() else { Issue.record("expected .missing, got \(missing.check())"); return }
        #expect(message.contains("fm model install hf:Qwen/Qwen3-0.6B-GGUF:Q4_K_M"), "\(message)")
        #expect(missing.path.hasPrefix(folder.path))

        let malformed = ModelLocation.resolve(environment: environment.merging(["FM_MODEL": "hf:nonsense"]) { $1 })
        guard case .missing = malformed.check() else { Issue.record("expected .missing for a malformed name"); return }
    }
}
