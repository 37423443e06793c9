import GGUF
import LLMEngine
import TestSupport
import Testing

/// The fused layouts every family may ship (`attn_qkv` holding the q, k and v rows; `ffn_up`
/// holding the gate's rows and then the up projection's, as Phi-3's files do) are read as views
/// of the fused tensor's rows: the same weights fused or separate give the same logits, bit for
/// bit, and a fused tensor of the wrong shape is a typed error that names it.
@Suite struct FusedLayoutTests {
    /// `model`'s writer with each block's `parts` concatenated (rows in order) into `fused`.
    static func fuse(_ w: inout GGUFWriter, _ parts: [String], into fused: String, blocks: Int) {
        for i in 0..<blocks {
            let names = parts.map { "blk.\(i).\($0).weight" }
            let tensors = names.map { name in w.tensors.first { $0.name == name }! }
            w.tensors.removeAll { names.contains($0.name) }
            w.tensors.append(
                GGUFWriter.Tensor(
                    name: "blk.\(i).\(fused).weight",
                    dimensions: [tensors[0].dimensions[0], tensors.map { $0.dimensions[1] }.reduce(0, +)],
                    type: tensors[0].type, data: tensors.flatMap(\.data)))
        }
    }

    static func logits(_ w: GGUFWriter) throws -> [Float] {
        let model = try Transformer(file: GGUFFile(bytes: try w.encoded()), threads: 1)
        var cache = model.makeCache(capacity: 16)
        let v = model.hyperparameters.vocabularySize
        return try model.forward(tokens: (0..<9).map { ($0 * 37 + 5) % v }, cache: &cache, logits: .all)
    }

    @Test(arguments: ["llama", "qwen2"])
    func fusedProjectionsGiveTheSameLogits(_ architecture: String) throws {
        let model = SyntheticModel(architecture: architecture)
        let separate = model.writer()
        var fused = separate
        Self.fuse(&fused, ["attn_q", "attn_k", "attn_v"], into: "attn_qkv", blocks: model.blockCount)
        Self.fuse(&fused, ["ffn_gate", "ffn_up"], into: "ffn_up", blocks: model.blockCount)
        #expect(!fused.tensors.contains { $0.name.hasSuffix("attn_q.weight") || $0.name.hasSuffix("ffn_gate.weight") })
        #expect(try Self.logits(fused) == Self.logits(separate))
    }

    /// A synthetic llama model edited by `edit`, loaded (`ModelLoadingTests.load`).
    func load(_ edit: (inout GGUFWriter) -> Void) throws -> ModelLoadError? { try ModelLoadingTests().load(edit) }

    @Test func fusedTensorsOfTheWrongShapeAreNamed() throws {
        // No gate, and an up projection of one half only: the gate is what is missing.
        #expect(try load { $0.tensors.removeAll { $0.name == "blk.0.ffn_gate.weight" } } == .missingTensor("blk.0.ffn_gate.weight"))
        // No gate, and an up projection that is neither one half nor both.
        let wide = try load { w in
            w.tensors.removeAll { $0.name == "blk.1.ffn_gate.weight" }
            let i = w.tensors.firstIndex { $0.name == "blk.1.ffn_up.weight" }!
            w.tensors[i] = GGUFWriter.Tensor(
                name: "blk.1.ffn_up.weight", dimensions: [64, 384], type: .f32,
                data: GGUFWriter.f32Bytes([Float](repeating: 0, count: 64 * 384)))
        }
        #expect(wide == .shapeMismatch(tensor: "blk.1.ffn_up.weight", expected: [64, 256], found: [64, 384]))
        // A fused q/k/v one row short.
        let short = try load { w in
            let i = w.tensors.firstIndex { $0.name == "blk.0.attn_q.weight" }!
            w.tensors[i] = GGUFWriter.Tensor(
                name: "blk.0.attn_qkv.weight", dimensions: [64, 127], type: .f32,
                data: GGUFWriter.f32Bytes([Float](repeating: 0, count: 64 * 127)))
        }
        #expect(short == .shapeMismatch(tensor: "blk.0.attn_qkv.weight", expected: [64, 128], found: [64, 127]))
    }
}
