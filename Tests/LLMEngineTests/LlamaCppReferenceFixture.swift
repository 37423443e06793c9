import Foundation
import Testing

/// One `Fixtures/architectures/<variant>.<type>.json`: what llama.cpp (libllama, from the
/// llama-cpp-python 0.3.36 sdist) computed on a synthetic model of a family
/// (`make_arch_fixtures.py reference`): the top-20 logits and 64 probe logits of every
/// position of a few prompts, and a greedy run of 64 tokens with the top-2 margin of each step.
struct LlamaCppReferenceFixture: Decodable {
    struct Model: Decodable { let file: String; let sha256: String; let bytes: Int }
    struct Position: Decodable {
        /// `[[token, logit]]`, best first.
        let top: [[Double]]
        /// The logits of `probe_ids`.
        let probes: [Float]
        let max: Float
        let min: Float
        /// A mixture of experts': the experts llama.cpp ran for this position in each layer.
        let experts: [[Int]]?
    }
    struct Run: Decodable {
        let name: String
        let nCtx: Int
        let tokens: [Int]
        let positions: [Position]
    }
    struct Greedy: Decodable {
        let nCtx: Int
        let prompt: [Int]
        let tokens: [Int]
        let margins: [Float]
    }

    /// An exact float pass's logits at the same positions (`qwen35_exact.py`: numpy float64
    /// over the file's dequantized weights, no activation rounding), where the fixture has one.
    struct Exact: Decodable {
        struct Position: Decodable {
            /// Its own best 5 `[[token, logit]]`, best first.
            let top: [[Double]]
            /// Its logits at the ids of llama.cpp's `top` of the position, in that order.
            let atTop: [Float]
            /// Its logits of `probe_ids`.
            let probes: [Float]
            let max: Float
            let min: Float
        }
        struct Run: Decodable {
            let name: String
            let positions: [Position]
        }
        let runs: [Run]
    }

    let variant: String
    let type: String
    let architecture: String
    let model: Model
    let runs: [Run]
    let probeIds: [Int]
    let greedy: Greedy
    let exact: Exact?

    /// The fixtures in `directory`, by file name.
    static func loadAll(from directory: URL) throws -> [LlamaCppReferenceFixture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try names.map { try decoder.decode(Self.self, from: Data(contentsOf: directory.appendingPathComponent($0))) }
    }
}

/// The synthetic models of the fixtures, as `make_arch_fixtures.py assemble` writes them (the
/// float models from their seeds, the quantized ones from the committed llama-quantize outputs
/// whose vocabulary rows it fills in), checked by sha256 against the fixtures.
enum LlamaCppReferenceModels {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/architectures")

    /// Where the models are written: `$FM_ARCH_MODELS_DIR`, else `.build/arch-fixtures` in the package.
    static let directory: URL = {
        if let dir = ProcessInfo.processInfo.environment["FM_ARCH_MODELS_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/arch-fixtures")
    }()

    /// Runs the assembler once per test process; its failure (no python3, no `gguf` package,
    /// no installed Qwen2.5 model for the vocabulary, a sha256 mismatch) fails every test that needs it.
    static let assembled: Result<URL, AssemblyFailure> = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixtures.appendingPathComponent("make_arch_fixtures.py").path, "assemble", "--out", directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            return .failure(AssemblyFailure(message: "cannot run python3: \(error)"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(AssemblyFailure(message: "make_arch_fixtures.py assemble failed:\n\(text)"))
        }
        return .success(directory)
    }()

    struct AssemblyFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
