import FMSupport
import Foundation
import GGUF
import TestSupport
import Testing

@testable import LLMEngine

/// The mixture-of-experts parts that llama.cpp's logits (LlamaCppReferenceTests, `qwen3moe`)
/// do not pin down alone: the routing rule against a plain restatement of it, and the typed
/// errors of malformed expert files.
@Suite struct Qwen3MoETests {
    /// The routing as its definition says, computed the slow way: softmax over all experts,
    /// the `used` best by score (lower index first among equals), weights renormalized.
    static func expected(_ logits: [Float], _ routing: ExpertRouting) -> [(expert: Int, weight: Float)] {
        let peak = logits.max()!
        let e = logits.map { expf($0 - peak) }
        let total = e.reduce(0, +)
        let scores = e.map { $0 / total }
        let best = scores.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }.prefix(routing.used)
        let sum = best.map { scores[$0] }.reduce(0, +)
        let divisor = routing.normalizesWeights ? max(sum, 6.103515625e-5) : 1
        return best.map { ($0, scores[$0] / divisor * (routing.weightScale ?? 1)) }
    }

    @Test(arguments: [(8, 2, true), (128, 8, true), (32, 4, false), (5, 5, true), (16, 1, false)])
    func routingPicksTheBestExpertsOfEachRow(experts: Int, used: Int, normalizes: Bool) {
        var routing = ExpertRouting(count: experts, used: used, feedForwardLengths: [64], normalizesWeights: normalizes)
        if !normalizes { routing.weightScale = 2.5 }
        var rng = SplitMix64(seed: UInt64(experts * 100 + used))
        let rows = 37
        var logits = (0..<(rows * experts)).map { _ in rng.nextSigned() * 6 }
        // exact ties in row 0: the lower index wins
        for i in 0..<experts { logits[i] = i % 2 == 0 ? 1 : 0 }
        let assignment = logits.withUnsafeBufferPointer { ExpertAssignment(logits: $0.baseAddress!, rows: rows, routing) }
        var seen = Array(repeating: [(expert: Int, weight: Float)](), count: rows)
        for (expert, chosen) in assignment.rowsByExpert.enumerated() {
            #expect(chosen.map(\.row) == chosen.map(\.row).sorted(), "expert \(expert): rows in order")
            for c in chosen { seen[c.row].append((expert, c.weight)) }
        }
        for r in 0..<rows {
            let want = Self.expected(Array(logits[(r * experts)..<((r + 1) * experts)]), routing)
            #expect(Set(seen[r].map(\.expert)) == Set(want.map(\.expert)), "row \(r)")
            for (expert, weight) in want {
                let got = seen[r].first { $0.expert == expert }?.weight ?? .nan
                #expect(abs(got - weight) <= 1e-6 * max(1, weight), "row \(r) expert \(expert): \(got), expected \(weight)")
            }
            if normalizes {
                #expect(abs(seen[r].map(\.weight).reduce(0, +) - 1) < 1e-5, "row \(r): weights sum to 1")
            }
        }
        if used < experts {
            #expect(Set(seen[0].map(\.expert)) == Set((0..<experts).filter { $0 % 2 == 0 }.prefix(used)))
        }
    }

    static func file() throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("qwen3moe.f16.gguf").path)
    }

    @Test func theModelReadsItsRoutingAndExperts() throws {
        let model = try Transformer(file: Self.file(), threads: 1, batchCapacity: 8)
        let routing = try #require(model.hyperparameters.experts)
        #expect(routing == ExpertRouting(count: 8, used: 2, feedForwardLengths: [256, 256], normalizesWeights: true))
        let experts = try #require(model.layers[1].experts)
        #expect(experts.router.rows == 8 && experts.router.columns == 256 && experts.width == 256)
        #expect(model.layers[1].gate == nil && model.layers[1].down == nil)
        // expert 7's matrices are the last rows of the stacks, in the mapped file
        let (gate, up) = experts.gateAndUp(7)
        #expect(gate.rows == 256 && up.rows == 256 && experts.down(7).rows == 256 && experts.down(7).columns == 256)
    }

    /// Malformed expert files are typed errors that name the key or tensor.
    @Test func badExpertFilesAreNamed() throws {
        let file = try Self.file()
        func load(_ edit: (inout GGUFWriter) -> Void) throws -> ModelLoadError? { try modelLoadError(file, edit) }
        let tooMany = try load { w in
            w.metadata.removeAll { $0.key == "qwen3moe.expert_used_count" }
            w.add("qwen3moe.expert_used_count", .uint32(9))
        }
        #expect(tooMany == .invalidHyperparameter(key: "qwen3moe.expert_used_count", reason: "9 is more than the 8 experts"))
        let noCount = try load { $0.metadata.removeAll { $0.key == "qwen3moe.expert_count" } }
        #expect(noCount == .invalidHyperparameter(key: "qwen3moe.expert_count", reason: "missing"))
        let noUp = try load { $0.tensors.removeAll { $0.name == "blk.1.ffn_up_exps.weight" } }
        #expect(noUp == .missingTensor("blk.1.ffn_up_exps.weight"))
        // a stack of 7 experts where the file says 8
        let short = try load { w in
            let i = w.tensors.firstIndex { $0.name == "blk.0.ffn_down_exps.weight" }!
            w.tensors[i].dimensions = [256, 256, 7]
            w.tensors[i].data = Array(w.tensors[i].data.prefix(256 * 256 * 7 * 2))
        }
        #expect(short == .shapeMismatch(tensor: "blk.0.ffn_down_exps.weight", expected: [256, 256, 8], found: [256, 256, 7]))
    }
}

/// Gemma 4 26B-A4B's experts: what its llama.cpp fixture (`gemma4moe`) leaves open.
@Suite struct Gemma4ExpertTests {
    static func file() throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("gemma4moe.f16.gguf").path)
    }

    static func logits(_ file: GGUFFile) throws -> [Float] {
        let model = try Transformer(file: file, threads: 2, batchCapacity: 16)
        var cache = model.makeCache(capacity: 64)
        return try model.forward(tokens: (0..<40).map { ($0 * 7919 + 13) % 151_643 }, cache: &cache, logits: .all)
    }

    /// Gate and up fused into `ffn_gate_up_exps` (each expert's gate rows, then its up rows)
    /// give the same logits, bit for bit, as the separate tensors they were made from.
    @Test func fusedGateAndUpAreTheSeparateOnes() throws {
        let file = try Self.file()
        var writer = GGUFWriter(copying: file)
        let gate = try #require(writer.tensors.first { $0.name == "blk.0.ffn_gate_exps.weight" })
        let up = try #require(writer.tensors.first { $0.name == "blk.0.ffn_up_exps.weight" })
        let (d, ff, n) = (gate.dimensions[0], gate.dimensions[1], gate.dimensions[2])
        #expect(gate.type == .f16 && up.dimensions == gate.dimensions)
        let perExpert = d * ff * 2
        var fused = gate
        fused.name = "blk.0.ffn_gate_up_exps.weight"
        fused.dimensions = [d, 2 * ff, n]
        var data: [UInt8] = []
        for e in 0..<n {
            let rows = (e * perExpert)..<((e + 1) * perExpert)
            data += gate.data[rows]
            data += up.data[rows]
        }
        fused.data = data
        writer.tensors.removeAll { $0.name == gate.name || $0.name == up.name }
        writer.tensors.append(fused)
        let model = try Transformer(file: GGUFFile(bytes: writer.encoded()), threads: 1)
        #expect(model.layers[0].experts != nil && model.hyperparameters.experts?.used == 2)
        let a = try Self.logits(GGUFFile(bytes: writer.encoded())), b = try Self.logits(file)
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }

    /// The per-expert output scales (0.5 to 1.5 in the fixture) are applied: without them the
    /// file still loads (they are optional), and most logits move.
    @Test func expertOutputScalesAreApplied() throws {
        let file = try Self.file()
        var writer = GGUFWriter(copying: file)
        writer.tensors.removeAll { $0.name.hasSuffix("ffn_down_exps.scale") }
        let unscaled = try Self.logits(GGUFFile(bytes: writer.encoded()))
        let scaled = try Self.logits(file)
        #expect(unscaled.count == scaled.count)
        let moved = zip(unscaled, scaled).filter { abs($0 - $1) > 0.01 }.count
        #expect(moved > unscaled.count / 2, "\(moved) of \(unscaled.count) logits moved")
    }
}
