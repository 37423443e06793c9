import Foundation
import GGUF
import TestSupport
import Testing

@testable import LLMEngine

/// Qwen3.5-MoE beyond what llama.cpp's logits (LlamaCppReferenceTests, `qwen35moe`) pin down:
/// what the loader reads (routed experts, the shared expert, no dense width), the experts and
/// the recurrent states across prefill chunks and batched decode rows, and the typed errors of
/// malformed files. Qwen3.5's own layers are Qwen35Tests'.
@Suite struct Qwen35MoETests {
    static func file() throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("qwen35moe.f16.gguf").path)
    }

    @Test func theModelReadsItsRoutedAndSharedExperts() throws {
        let model = try Transformer(file: Self.file(), threads: 1, batchCapacity: 8)
        let hp = model.hyperparameters
        #expect(hp.feedForwardLengths == [0, 0, 0, 0]) // no feed_forward_length in the file
        #expect(hp.experts?.count == 8 && hp.experts?.used == 2 && hp.experts?.feedForwardLengths == [128, 128, 128, 128])
        #expect(hp.experts?.sharedFeedForwardLength == 256 && hp.experts?.normalizesWeights == true)
        #expect(hp.layers.map(\.attends) == [false, false, false, true])
        for (i, layer) in model.layers.enumerated() {
            #expect(layer.gate == nil && layer.up == nil && layer.down == nil, "layer \(i) has no dense network")
            #expect(layer.experts?.shared?.gate.rows == 256 && layer.experts?.shared?.outputGate.count == 256, "layer \(i)")
            #expect(layer.experts?.width == 128, "layer \(i)")
        }
    }

    /// A prompt in chunks of 5 positions (the experts run over 5 rows at a time, the states cross
    /// every boundary) and one position at a time give the logits of one pass. The one pass runs
    /// the DeltaNet layers' chunked delta rule, the short chunks its recurrence: the same sums in
    /// another order, so they agree to float rounding carried through four blocks, held here to
    /// 5e-4 of the logits' spread σ (30 times under the F16 bound for two engines, 0.015 σ; a
    /// skipped expert or a lost state moves logits by whole units).
    @Test func chunksRunTheSameExpertsAndCarryTheState() throws {
        let file = try Self.file()
        let tokens = LFM2Tests.tokens(29, seed: 4)
        var logits: [[Float]] = []
        for chunk in [128, 5, 1] {
            let model = try Transformer(file: file, threads: 2, batchCapacity: chunk)
            var cache = model.makeCache(capacity: 64)
            logits.append(try model.forward(tokens: tokens, cache: &cache, logits: .all))
        }
        let mean = logits[0].reduce(0, +) / Float(logits[0].count)
        let sigma = (logits[0].reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(logits[0].count)).squareRoot()
        #expect(sigma > 1)
        #expect(LFM2Tests.maxDifference(logits[0], logits[1]) < 5e-4 * sigma)
        #expect(LFM2Tests.maxDifference(logits[0], logits[2]) < 5e-4 * sigma)
    }

    @Test func badFilesAreNamed() throws {
        let file = try Self.file()
        let noSharedWidth = try modelLoadError(file) { $0.metadata.removeAll { $0.key == "qwen35moe.expert_shared_feed_forward_length" } }
        #expect(noSharedWidth == .invalidHyperparameter(key: "qwen35moe.expert_shared_feed_forward_length", reason: "missing"))
        let noExperts = try modelLoadError(file) { $0.metadata.removeAll { $0.key == "qwen35moe.expert_count" } }
        #expect(noExperts == .invalidHyperparameter(key: "qwen35moe.expert_count", reason: "missing"))
        // every block has its shared expert, as llama.cpp requires
        let noSharedDown = try modelLoadError(file) { $0.tensors.removeAll { $0.name == "blk.2.ffn_down_shexp.weight" } }
        #expect(noSharedDown == .missingTensor("blk.2.ffn_down_shexp.weight"))
        let noSharedGate = try modelLoadError(file) { $0.tensors.removeAll { $0.name == "blk.0.ffn_gate_inp_shexp.weight" } }
        #expect(noSharedGate == .missingTensor("blk.0.ffn_gate_inp_shexp.weight"))
        let noRouter = try modelLoadError(file) { $0.tensors.removeAll { $0.name == "blk.1.ffn_gate_inp.weight" } }
        #expect(noRouter == .missingTensor("blk.1.ffn_gate_inp.weight"))
    }
}
