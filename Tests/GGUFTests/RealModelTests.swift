import GGUF
import TestSupport
import Testing

/// The two real models (installed by `fm model install --all`; a missing model fails the test).
@Suite("real models")
struct RealModelTests {
    static func typeCounts(_ file: GGUFFile) -> [String: Int] {
        file.tensors.reduce(into: [:]) { $0[$1.type.name, default: 0] += 1 }
    }

    @Test func qwen() throws {
        let clock = ContinuousClock()
        let path = try TestModels.qwenPath()
        var file: GGUFFile?
        let parse = try clock.measure { file = try GGUFFile(path: path) }
        let qwen = try #require(file)

        #expect(qwen.version == 3 && qwen.alignment == 32)
        #expect(qwen.architecture == "qwen2")
        #expect(qwen.tensors.count == 291)
        #expect(Self.typeCounts(qwen) == ["Q5_0": 133, "F32": 121, "Q8_0": 13, "Q6_K": 12, "Q4_K": 12])
        let output = try #require(qwen.tensor(named: "output.weight"))
        #expect(output.type == .q8_0 && output.dimensions == [896, 151_936])
        #expect(qwen.data(for: output).count == 144_643_072)
        #expect(qwen.metadata.int("qwen2.block_count") == 24)
        #expect(qwen.metadata.bool("tokenizer.ggml.add_bos_token") == false)

        var tokens: [String] = []
        var merges: [String] = []
        let decode = try clock.measure {
            tokens = try qwen.metadata.requireStringArray("tokenizer.ggml.tokens")
            merges = try qwen.metadata.requireStringArray("tokenizer.ggml.merges")
        }
        #expect(tokens.count == 151_936)
        #expect(merges.count == 151_387)
        #expect(tokens[0] == "!" && tokens[151_645] == "<|im_end|>")
        #expect(merges[0] == "Ġ Ġ")
        #expect(qwen.metadata.int32Array("tokenizer.ggml.token_type")?.count == 151_936)
        print("qwen: header parsed in \(parse), tokens + merges decoded in \(decode)")
    }

    @Test func gemma() throws {
        let gemma = try GGUFFile(path: try TestModels.gemmaPath())
        #expect(gemma.architecture == "gemma3")
        #expect(gemma.tensors.count == 236)
        #expect(Self.typeCounts(gemma) == ["F32": 109, "Q5_0": 81, "Q4_K": 27, "Q8_0": 10, "Q6_K": 9])
        let tokens = try gemma.metadata.requireStringArray("tokenizer.ggml.tokens")
        #expect(tokens.count == 262_144)
        #expect(tokens[2] == "<bos>")
        #expect(try gemma.metadata.requireFloatArray("tokenizer.ggml.scores").count == 262_144)
        #expect(try gemma.metadata.requireInt32Array("tokenizer.ggml.token_type").count == 262_144)
        #expect(gemma.metadata.stringArray("general.tags")?.count == 4)

        let norm = try #require(gemma.tensor(named: "output_norm.weight"))
        #expect(norm.type == .f32 && norm.dimensions == [640])
        let weights = gemma.withData(for: norm) { Array($0.bindMemory(to: Float.self)) }
        #expect(weights.count == 640 && weights.allSatisfy(\.isFinite))
    }
}
