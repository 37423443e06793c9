import Foundation
import TestSupport
import Testing

/// `fm model install hf:…` end to end: the built binary against a fake Hub on loopback
/// (`HF_ENDPOINT`), into a models directory of its own (`FM_MODELS_DIR`); then `fm model path`
/// and `fm model list` find the file without the network.
@Suite struct FMHubInstallTests {
    @Test func installsFromTheHubAndFindsItAgainOffline() async throws {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let hub = try await FakeHub.start([
            .init(name: "acme/Tiny-GGUF", files: ["Tiny-Q4_K_M.gguf": bytes, "Tiny-Q8_0.gguf": [1, 2, 3]]),
            .init(name: "corp/Gated-GGUF", files: ["Gated-Q4_K_M.gguf": [9]], gatedToken: "hf_ok"),
        ])
        let models = FileManager.default.temporaryDirectory.appendingPathComponent("fm-hub-cli-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: models)
            Task { try? await hub.stop() }
        }
        let environment = ["FM_MODELS_DIR": models.path, "HF_ENDPOINT": hub.endpoint, "HF_TOKEN": ""]

        let install = try FMBinary.run(["model", "install", "hf:acme/Tiny-GGUF:q4_k_m"], environment: environment)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.contains("installed "), "\(install.stderr)")
        let file = models.appendingPathComponent("hf/acme/Tiny-GGUF/Tiny-Q4_K_M.gguf")
        #expect(FakeHub.sha256(Array(try Data(contentsOf: file))) == FakeHub.sha256(bytes))

        let again = try FMBinary.run(["model", "install", "hf:acme/Tiny-GGUF"], environment: environment)
        #expect(again.status == 0 && again.stderr.contains("already installed"), "\(again.stderr)")

        // Found without the network: the fake Hub is stopped first.
        try await hub.stop()
        let path = try FMBinary.run(["model", "path", "hf:acme/Tiny-GGUF"], environment: environment)
        #expect(path.status == 0 && path.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == file.path, "\(path.stderr)")
        let list = try FMBinary.run(["model", "list", "--all"], environment: environment)
        #expect(list.status == 0 && list.stdout.contains("hf:acme/Tiny-GGUF:Q4_K_M"), "\(list.stdout)")
        #expect(list.stdout.contains("not verified here"))
        let notInstalled = try FMBinary.run(["model", "path", "hf:acme/Tiny-GGUF:Q8_0"], environment: environment)
        #expect(notInstalled.status != 0 && notInstalled.stderr.contains("fm model install hf:acme/Tiny-GGUF:Q8_0"))
    }

    @Test func refusalsAreMessagesNotCrashes() async throws {
        let hub = try await FakeHub.start([.init(name: "corp/Gated-GGUF", files: ["Gated-Q4_K_M.gguf": [9]], gatedToken: "hf_ok")])
        let models = FileManager.default.temporaryDirectory.appendingPathComponent("fm-hub-cli-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: models)
            Task { try? await hub.stop() }
        }
        let environment = ["FM_MODELS_DIR": models.path, "HF_ENDPOINT": hub.endpoint, "HF_TOKEN": ""]
        let gated = try FMBinary.run(["model", "install", "hf:corp/Gated-GGUF"], environment: environment)
        #expect(gated.status != 0 && !gated.crashed && gated.stderr.contains("HF_TOKEN"), "\(gated.stderr)")
        let granted = try FMBinary.run(
            ["model", "install", "-q", "hf:corp/Gated-GGUF"], environment: environment.merging(["HF_TOKEN": "hf_ok"]) { $1 })
        #expect(granted.status == 0 && granted.stderr.isEmpty, "\(granted.stderr)")
        let missing = try FMBinary.run(["model", "install", "hf:corp/absent"], environment: environment)
        #expect(missing.status != 0 && missing.stderr.contains("no repository corp/absent"), "\(missing.stderr)")
        let malformed = try FMBinary.run(["model", "install", "hf:only-owner"], environment: environment)
        #expect(malformed.status != 0 && !malformed.crashed && malformed.stderr.contains("owner/name"), "\(malformed.stderr)")
        let both = try FMBinary.run(["model", "install", "--all", "hf:corp/Gated-GGUF"], environment: environment)
        #expect(both.status != 0 && both.stderr.contains("--all"))
    }
}
