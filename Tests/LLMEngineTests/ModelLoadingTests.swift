import GGUF
import LLMEngine
import TestSupport
import Testing

@Suite struct ModelLoadingTests {
    @Test func qwenHyperparametersAndWeights() throws {
        let file = try GGUFFile(path: TestModels.qwenPath())
        let hp = try ModelHyperparameters(file)
        #expect(hp.architecture == .qwen2)
        #expect(
            [hp.embeddingLength, hp.blockCount, hp.feedForwardLength, hp.headCount, hp.headCountKV, hp.keyLength]
                == [896, 24, 4864, 14, 2, 64])
        #expect(hp.vocabularySize == 151_936 && hp.ropeFreqBase == 1_000_000)
        #expect(!hp.isSlidingWindowLayer(0))
        let weights = try ModelWeights(file, hp)
        #expect(!weights.tiedOutput && weights.output.type == .q8_0)
        #expect(weights.layers.count == 24 && weights.layers[0].queryBias != nil)
    }

    @Test func gemmaHyperparametersAndWeights() throws {
        let file = try GGUFFile(path: TestModels.gemmaPath())
        let hp = try ModelHyperparameters(file)
        #expect(hp.architecture == .gemma3)
        #expect(
            [hp.embeddingLength, hp.blockCount, hp.feedForwardLength, hp.headCount, hp.headCountKV, hp.keyLength]
                == [640, 18, 2048, 4, 1, 256])
        #expect(hp.slidingWindow == 512 && hp.ropeFreqBaseLocal == 10_000)
        #expect((0..<18).filter { !hp.isSlidingWindowLayer($0) } == [5, 11, 17])
        let weights = try ModelWeights(file, hp)
        #expect(weights.tiedOutput)
        #expect(weights.layers[3].queryNorm != nil && weights.layers[3].postFeedForwardNorm != nil)
    }

    @Test(arguments: ["qwen2", "llama", "gemma3"])
    func syntheticModelsLoad(_ arch: String) throws {
        let file = try GGUFFile(bytes: try SyntheticModel(architecture: arch).writer().encoded())
        let hp = try ModelHyperparameters(file)
        #expect(hp.architecture.rawValue == arch)
        _ = try ModelWeights(file, hp)
    }

    func load(_ edit: (inout GGUFWriter) -> Void, architecture: String = "llama") throws -> ModelLoadError? {
        var w = SyntheticModel(architecture: architecture).writer()
        edit(&w)
        let file = try GGUFFile(bytes: try w.encoded())
        do {
            _ = try ModelWeights(file, try ModelHyperparameters(file))
            return nil
        } catch {
            return error
        }
    }

    @Test func unsupportedArchitectureNamesTheSupportedOnes() throws {
        let error = try load { w in
            w.metadata.removeAll { $0.key == "general.architecture" }
            w.add("general.architecture", .string("mamba"))
        }
        #expect(error == .unsupportedArchitecture("mamba", supported: ModelArchitecture.allCases.map(\.rawValue)))
        #expect(error?.description.contains("qwen2, llama, gemma3, qwen3, smollm3, phi3, gemma4") == true)
    }

    @Test func missingAndMisshapenTensorsAreNamed() throws {
        #expect(try load { $0.tensors.removeAll { $0.name == "blk.1.ffn_up.weight" } } == .missingTensor("blk.1.ffn_up.weight"))
        let wrong = try load { w in
            let i = w.tensors.firstIndex { $0.name == "blk.0.attn_k.weight" }!
            w.tensors[i] = GGUFWriter.Tensor(
                name: "blk.0.attn_k.weight", dimensions: [64, 64], type: .f32,
                data: GGUFWriter.f32Bytes([Float](repeating: 0, count: 64 * 64)))
        }
        #expect(wrong == .shapeMismatch(tensor: "blk.0.attn_k.weight", expected: [64, 32], found: [64, 64]))
    }

    @Test func unsupportedTensorTypesAreNamed() throws {
        let error = try load { w in
            let i = w.tensors.firstIndex { $0.name == "blk.0.ffn_down.weight" }!
            w.tensors[i] = GGUFWriter.Tensor(
                name: "blk.0.ffn_down.weight", dimensions: [128, 64], type: .iq4_nl,
                data: GGUFWriter.fillerBytes(count: 128 * 64 / 32 * 18, seed: 3))
        }
        guard case let .unsupportedTensorType(tensor, type, supported) = error else {
            Issue.record("expected unsupportedTensorType, got \(String(describing: error))"); return
        }
        #expect(tensor == "blk.0.ffn_down.weight" && type == "IQ4_NL" && supported.contains("Q4_K"))
    }

    @Test func badHyperparametersAreNamed() throws {
        let error = try load { w in
            w.metadata.removeAll { $0.key == "llama.attention.head_count_kv" }
            w.add("llama.attention.head_count_kv", .uint32(3))
        }
        guard case let .invalidHyperparameter(key, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(key == "llama.attention.head_count_kv")
    }
}
