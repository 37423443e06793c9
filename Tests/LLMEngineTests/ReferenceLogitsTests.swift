import Foundation
import GGUF
import Kernels
import LLMEngine
import TestSupport
import Testing

/// Our forward pass against the independent numpy reference (`Fixtures/reference_forward.py`),
/// with the tolerances the fixture records for 8-bit activations (see `Fixtures/README.md`):
/// every reference top-20 logit within `top20_abs`; the full last row within `last_row_abs`
/// (max) and `last_row_mean_abs` (mean); the same argmax wherever the reference's margin is at
/// least `near_tie`, otherwise a pick within `near_tie` of the reference's best.
@Suite(.serialized) struct ReferenceLogitsTests {
    struct Fixture: Decodable {
        struct Tolerance: Decodable {
            let top20_abs: Float, last_row_abs: Float, last_row_mean_abs: Float, near_tie: Float
        }
        struct Sequence: Decodable {
            struct Position: Decodable { let argmax: Int; let margin: Float; let top: [[Double]] }
            struct LastRow: Decodable { let file: String; let position: Int }
            let name: String
            let tokens: [Int]
            let positions: [Position]
            let last_logits: LastRow?
        }
        let tolerance: [String: Tolerance]
        let sequences: [Sequence]
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The top-20 bound for the 8-bit cache (`q8_0`), per model. The fixture's `q8_activations`
    /// bounds were derived for 8-bit activations with an f16 cache (1.5-2x over a numpy
    /// simulation of them and over llama.cpp); rounding keys and values to 8 bits as well is not
    /// in that simulation. Measured here, worst top-20 |diff| with the 8-bit cache, on the
    /// sequence where it is largest (Qwen `chat_swift`, a position whose top logits 8-bit
    /// activations alone move by 1.14 in the fixture's own simulation): 1.15 with `FM_ISA=generic`
    /// kernels, 1.60 with AVX2 (0.23 with an f16 cache), under 1.5 with AVX-512. The bound keeps
    /// the same 1.5x headroom over the worst of these: 2.4. Gemma's 8-bit cache measured 1.49
    /// (AVX2) against its f16 bound of 3.5, which it keeps.
    static let eightBitCacheTop20: [String: Float] = ["qwen": 2.4, "gemma": 3.5]

    /// Both cache formats; the 8-bit cache (`q8_0`) to the same bounds as halves but the top-20
    /// one (`eightBitCacheTop20`).
    @Test(arguments: ["qwen", "gemma"], [KVFormat.f16, .q8_0])
    func logitsMatchTheNumpyReference(_ name: String, _ format: KVFormat) throws {
        let (path, fixtureName) =
            name == "qwen"
            ? (try TestModels.qwenPath(), "qwen2.5-coder-0.5b-instruct-q4_k_m")
            : (try TestModels.gemmaPath(), "gemma-3-270m-q4_k_m")
        let fixture = try JSONDecoder().decode(
            Fixture.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent(fixtureName + ".logits.json")))
        let tol = try #require(fixture.tolerance["q8_activations"])
        let model = try Transformer(file: GGUFFile(path: path))
        for sequence in fixture.sequences {
            var cache = model.makeCache(capacity: sequence.tokens.count, format: format)
            var worstTop: Float = 0
            for (i, token) in sequence.tokens.enumerated() {
                let logits = try model.forward(token: token, cache: &cache)
                let ref = sequence.positions[i]
                for pair in ref.top {
                    worstTop = max(worstTop, abs(logits[Int(pair[0])] - Float(pair[1])))
                }
                let ours = logits.indices.max { logits[$0] < logits[$1] }!
                if ref.margin >= tol.near_tie {
                    #expect(ours == ref.argmax, "\(sequence.name) position \(i): argmax \(ours), reference \(ref.argmax)")
                } else {
                    #expect(
                        Float(ref.top[0][1]) - logits[ours] <= tol.near_tie + tol.top20_abs,
                        "\(sequence.name) position \(i): near-tie pick \(ours) too far below the best")
                }
                if let last = sequence.last_logits, last.position == i {
                    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(last.file))
                    let row = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
                    #expect(row.count == logits.count)
                    var maxDiff: Float = 0, sum: Float = 0
                    for (a, b) in zip(row, logits) { let d = abs(a - b); maxDiff = max(maxDiff, d); sum += d }
                    #expect(maxDiff <= tol.last_row_abs, "\(sequence.name): last row max diff \(maxDiff)")
                    #expect(sum / Float(row.count) <= tol.last_row_mean_abs, "\(sequence.name): last row mean diff")
                    print("\(name) \(format) \(sequence.name): last row max |diff| \(maxDiff), mean \(sum / Float(row.count))")
                }
            }
            let top20 = format == .q8_0 ? try #require(Self.eightBitCacheTop20[name]) : tol.top20_abs
            #expect(worstTop <= top20, "\(sequence.name): top-20 logit diff \(worstTop)")
            print("\(name) \(format) \(sequence.name): \(sequence.tokens.count) tokens, worst top-20 |diff| \(worstTop)")
        }
    }

    @Test func cacheRewindGivesTheSameLogitsAgain() throws {
        let model = try Transformer(file: GGUFFile(path: TestModels.qwenPath()))
        let tokens = [151644, 872, 198, 3838, 374, 220, 17]
        var cache = model.makeCache(capacity: 16)
        var first: [[Float]] = []
        for t in tokens { first.append(try model.forward(token: t, cache: &cache)) }
        cache.truncate(to: 3)
        for (i, t) in tokens[3...].enumerated() {
            #expect(try model.forward(token: t, cache: &cache) == first[3 + i])
        }
        var full = model.makeCache(capacity: tokens.count)
        for t in tokens { _ = try model.forward(token: t, cache: &full) }
        #expect(throws: GenerationFailure.contextFull(capacity: tokens.count)) {
            try model.forward(token: 1, cache: &full)
        }
    }
}
