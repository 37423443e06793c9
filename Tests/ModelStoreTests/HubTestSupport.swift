import Foundation
import TestSupport

@testable import ModelStore

/// A fake Hub with a small repository, a models directory of its own, and an installer into it.
struct HubSandbox {
    let hub: FakeHub
    let root: URL
    var models: URL { root.appendingPathComponent("models") }

    /// The repository most tests install from: two quantizations, a projector, a file in a
    /// folder, a README.
    static let repository = "acme/Tiny-GGUF"
    static let q4 = payload(300_000, seed: 1)
    static let q8 = payload(200_000, seed: 2)
    static let tiny = FakeHub.Repository(
        name: repository,
        files: [
            "Tiny-Q4_K_M.gguf": q4, "Tiny-Q8_0.gguf": q8, "mmproj-Tiny-F16.gguf": payload(1000, seed: 3),
            "extra/Tiny-IQ2_XS.gguf": payload(5000, seed: 4), "README.md": Array("# Tiny".utf8),
        ])

    static func start(_ repositories: [FakeHub.Repository] = [tiny]) async throws -> HubSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fm-hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return HubSandbox(hub: try await FakeHub.start(repositories), root: root)
    }

    func installer(token: String? = nil) -> HubInstaller {
        HubInstaller(directory: models, configuration: HubConfiguration(endpoint: hub.endpoint, token: token))
    }

    /// Installs `name`, collecting the progress steps.
    func install(_ name: String, token: String? = nil) async -> (Result<URL, HubInstallError>, [HubProgress]) {
        var steps: [HubProgress] = []
        do {
            let url = try await installer(token: token).install(try HubReference.parse(name)) { steps.append($0) }
            return (.success(url), steps)
        } catch {
            return (.failure(error), steps)
        }
    }

    /// The folder a repository's files land in.
    func folder(_ repository: String = repository) -> URL {
        models.appendingPathComponent("hf/\(repository)")
    }

    /// The files in a repository's folder, sorted (parts included).
    func leftovers(_ repository: String = repository) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(repository).path)) ?? []).sorted()
    }

    func stop() async {
        try? await hub.stop()
        try? FileManager.default.removeItem(at: root)
    }

    /// Deterministic bytes.
    static func payload(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }
}
