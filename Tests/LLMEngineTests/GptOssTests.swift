import FMSupport
import Foundation
import GGUF
import Kernels
import TestSupport
import Testing

@testable import LLMEngine

/// gpt-oss's parts that its llama.cpp fixtures (LlamaCppReferenceTests, `gptoss`) do not pin
/// down alone: the model's reading of its file, the routing rule, swiglu_oai and YaRN against
/// plain restatements of their definitions, and the typed errors of malformed files. (The
/// attention sinks' kernels: KernelsTests' AttentionSinkTests.)
@Suite struct GptOssTests {
    static func file() throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("gptoss.f16.gguf").path)
    }

    @Test func theModelReadsItsLayout() throws {
        let model = try Transformer(file: Self.file(), threads: 1, batchCapacity: 8)
        let hp = model.hyperparameters
        #expect(hp.architecture == .gptOss)
        #expect(
            hp.experts
                == ExpertRouting(
                    count: 8, used: 4, feedForwardLengths: [256, 256, 256, 256], gating: .softmaxOfChosen, normalizesWeights: false))
        // even layers slide over 16 positions, odd ones see everything; one RoPE table for all
        #expect(hp.layers.map(\.window) == [16, nil, 16, nil])
        #expect(hp.layers.allSatisfy { $0.rope == .global && $0.keyLength == 64 && $0.headCount == 8 && $0.headCountKV == 2 })
        #expect(hp.ropeYarn == RopeYarn(factor: 32, originalContext: 4096, betaFast: 32, betaSlow: 1))
        #expect(hp.ropeAttentionFactor == 1 + 0.1 * logf(32))
        for layer in model.layers {
            #expect(layer.attentionSinks?.count == 8 && layer.outputBias?.count == 256)
            #expect(layer.queryBias?.count == 512 && layer.keyBias?.count == 128 && layer.valueBias?.count == 128)
            let experts = try #require(layer.experts)
            #expect(experts.routerBias?.count == 8 && experts.gateBias?.count == 8 * 256)
            #expect(experts.upBias?.count == 8 * 256 && experts.downBias?.count == 8 * 256)
            #expect(experts.gateAndUp(3).gate.type == .mxfp4 && experts.down(3).type == .mxfp4)
            #expect(layer.gate == nil && layer.down == nil)
        }
    }

    /// Routing by the softmax of the chosen: the `used` largest logits (lower index first among
    /// equals), weighed by the softmax over those logits alone, as llama.cpp's
    /// `LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX_WEIGHT`.
    @Test(arguments: [(8, 4), (32, 4), (128, 4), (4, 4)])
    func routingWeighsTheChosenLogits(experts: Int, used: Int) {
        let routing = ExpertRouting(
            count: experts, used: used, feedForwardLengths: [64], gating: .softmaxOfChosen, normalizesWeights: false)
        var rng = SplitMix64(seed: UInt64(experts * 10 + used))
        let rows = 29
        var logits = (0..<(rows * experts)).map { _ in rng.nextSigned() * 8 }
        for i in 0..<experts { logits[i] = i % 3 == 0 ? 2 : -1 } // ties in row 0
        let assignment = logits.withUnsafeBufferPointer { ExpertAssignment(logits: $0.baseAddress!, rows: rows, routing) }
        var seen = Array(repeating: [Int: Float](), count: rows)
        for (expert, chosen) in assignment.rowsByExpert.enumerated() { for c in chosen { seen[c.row][expert] = c.weight } }
        for r in 0..<rows {
            let row = Array(logits[(r * experts)..<((r + 1) * experts)])
            let best = row.indices.sorted { row[$0] != row[$1] ? row[$0] > row[$1] : $0 < $1 }.prefix(used)
            let e = best.map { Foundation.exp(Double(row[$0])) }, total = e.reduce(0, +)
            #expect(Set(seen[r].keys) == Set(best), "row \(r)")
            for (j, expert) in best.enumerated() {
                let got = Double(seen[r][expert] ?? .nan)
                #expect(abs(got - e[j] / total) < 1e-6, "row \(r) expert \(expert): \(got), expected \(e[j] / total)")
            }
        }
        // row 0: the logits of 2 first, then the -1s, each lower index first
        let ranked = (0..<experts).filter { $0 % 3 == 0 } + (0..<experts).filter { $0 % 3 != 0 }
        #expect(Set(seen[0].keys) == Set(ranked.prefix(used)))
    }

    /// ggml's swiglu_oai, restated in double: x = min(gate, 7), y = clamp(up, -7, 7),
    /// x · sigmoid(1.702 x) · (y + 1); the clamps included.
    @Test func swigluOAIClampsAndShifts() {
        let gates: [Float] = [-9, -7.5, -1, 0, 0.3, 2, 6.9, 7, 7.1, 30]
        let ups: [Float] = [-20, -7, -1, -0.5, 0, 1, 3, 6.99, 8, 100]
        var gate = gates
        TensorOps.swigluOAI(gate: &gate, up: ups, count: gates.count)
        for i in gates.indices {
            let x = min(Double(gates[i]), 7), y = min(max(Double(ups[i]), -7), 7)
            let want = x / (1 + Foundation.exp(-1.702 * x)) * (y + 1)
            #expect(abs(Double(gate[i]) - want) <= 1e-6 * max(1, abs(want)), "gate \(gates[i]) up \(ups[i]): \(gate[i]), expected \(want)")
        }
        // the clamps: past 7 a gate acts as 7, an up as ±7, bit for bit
        var clamped: [Float] = [7.1, 30, 7, -9]
        TensorOps.swigluOAI(gate: &clamped, up: [8, 100, 7, -7], count: 4)
        var plain: [Float] = [7, 7, 7, -9]
        TensorOps.swigluOAI(gate: &plain, up: [7, 7, 7, -20], count: 4)
        #expect(clamped.map(\.bitPattern) == plain.map(\.bitPattern))
        #expect(gate[0] > 0) // x = -9, y = -7: -9 · sigmoid(-15.3) · -6
    }

    /// YaRN's divisors for gpt-oss's real ratio (64 rotated, base 150 000, original context
    /// 4096, factor 32, betas 32 and 1): corr(32) = 8.09 and corr(1) = 17.4, so pairs up to 8
    /// keep their frequency (divisor 1), pairs from 18 are divided by 32, and the ramp between
    /// is linear in the pair index over 8...18.
    @Test func yarnDivisorsFollowTheRamp() {
        let yarn = RopeYarn(factor: 32, originalContext: 4096)
        let d = yarn.frequencyDivisors(rotated: 64, base: 150_000)
        #expect(d.count == 32)
        for i in 0...8 { #expect(d[i] == 1, "pair \(i)") }
        for i in 18..<32 { #expect(abs(d[i] - 32) < 1e-4, "pair \(i)") }
        for i in 9..<18 {
            let ramp = 1 - Double(i - 8) / 10
            let want = 1 / (ramp + (1 - ramp) / 32)
            #expect(abs(Double(d[i]) - want) < 1e-4 * want, "pair \(i): \(d[i]), expected \(want)")
        }
        #expect(abs(yarn.magnitude - 1.3465736) < 1e-6)
    }

    /// Malformed gpt-oss files are typed errors that name the key or tensor.
    @Test func badFilesAreNamed() throws {
        let file = try Self.file()
        func load(_ edit: (inout GGUFWriter) -> Void) throws -> ModelLoadError? { try modelLoadError(file, edit) }
        #expect(try load { _ in } == nil)
        let noWindow = try load { $0.metadata.removeAll { $0.key == "gpt-oss.attention.sliding_window" } }
        #expect(noWindow == .invalidHyperparameter(key: "gpt-oss.attention.sliding_window", reason: "missing"))
        let noSinks = try load { $0.tensors.removeAll { $0.name == "blk.2.attn_sinks.weight" } }
        #expect(noSinks == .missingTensor("blk.2.attn_sinks.weight"))
        let noQueryBias = try load { $0.tensors.removeAll { $0.name == "blk.0.attn_q.bias" } }
        #expect(noQueryBias == .missingTensor("blk.0.attn_q.bias"))
        let noOutputBias = try load { $0.tensors.removeAll { $0.name == "blk.1.attn_output.bias" } }
        #expect(noOutputBias == .missingTensor("blk.1.attn_output.bias"))
        let noRouterBias = try load { $0.tensors.removeAll { $0.name == "blk.3.ffn_gate_inp.bias" } }
        #expect(noRouterBias == .missingTensor("blk.3.ffn_gate_inp.bias"))
        let noDownBias = try load { $0.tensors.removeAll { $0.name == "blk.0.ffn_down_exps.bias" } }
        #expect(noDownBias == .missingTensor("blk.0.ffn_down_exps.bias"))
        // sinks for 7 heads where the file has 8
        let shortSinks = try load { w in
            let i = w.tensors.firstIndex { $0.name == "blk.0.attn_sinks.weight" }!
            w.tensors[i].dimensions = [7]
            w.tensors[i].data = Array(w.tensors[i].data.prefix(7 * 4))
        }
        #expect(shortSinks == .shapeMismatch(tensor: "blk.0.attn_sinks.weight", expected: [8], found: [7]))
        // a gate bias stack of 7 experts
        let shortBias = try load { w in
            let i = w.tensors.firstIndex { $0.name == "blk.1.ffn_gate_exps.bias" }!
            w.tensors[i].dimensions = [256, 7]
            w.tensors[i].data = Array(w.tensors[i].data.prefix(256 * 7 * 4))
        }
        #expect(shortBias == .shapeMismatch(tensor: "blk.1.ffn_gate_exps.bias", expected: [256, 8], found: [256, 7]))
        let badScaling = try load { w in
            w.metadata.removeAll { $0.key == "gpt-oss.rope.scaling.type" }
            w.add("gpt-oss.rope.scaling.type", .string("dynamic"))
        }
        #expect(
            badScaling
                == .invalidHyperparameter(
                    key: "gpt-oss.rope.scaling.type", reason: "'dynamic' is not supported (supported: none, linear, longrope, yarn)"))
    }
}
