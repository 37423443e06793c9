extension SyntheticModel {
    /// One model of the reference-numerics fixtures (`Tests/LLMEngineTests/Fixtures/synthetic/`):
    /// the file `make_synthetic_fixtures.py` computed reference logits on is exactly
    /// `model.encoded()`, which the fixture pins by sha256.
    package struct ReferenceVariant: Sendable {
        /// The fixture's name (`<name>.logits.json`, `<name>.gguf`).
        package let name: String
        /// The model.
        package let model: SyntheticModel
        /// What the variant exercises.
        package let summary: String
    }

    /// The reference-numerics variants: each architecture with float weights (the tight
    /// regime: no activation quantization in the engine) and with quantized ones, covering
    /// GQA/MQA, tied and separate outputs, partial and scaled RoPE, frequency factors, qwen2's
    /// biases and gemma3's norms, embedding scale and interleaved sliding/global layers.
    ///
    /// ```swift
    /// for variant in SyntheticModel.referenceVariants {
    ///     let bytes = try variant.model.encoded()   // write it as "\(variant.name).gguf"
    /// }
    /// ```
    package static let referenceVariants: [ReferenceVariant] = [
        variant(
            "llama-f32-gqa-ropescale", "llama", seed: 11,
            "GQA 4/2, separate output, linear RoPE scaling x2 and rope_freqs.weight"
        ) { m in
            m.ropeLinearScale = 2
            m.ropeFrequencyFactors = true
        },
        variant(
            "llama-f16-mqa-partialrope", "llama", seed: 12,
            "MQA 4/1, 32-wide heads, RoPE on 16 of 32 dimensions, tied output, 3 blocks"
        ) { m in
            m.embeddingLength = 128
            m.feedForwardLength = 256
            m.headCountKV = 1
            m.blockCount = 3
            m.ropeDimensions = 16
            m.separateOutput = false
            m.matrixTypes = [.f16]
        },
        variant(
            "llama-q4_0-q4_1-q5_0-q5_1-q8_0", "llama", seed: 13,
            "GQA 4/2, tied output, Q4_0/Q4_1/Q5_0/Q5_1/Q8_0 in turn"
        ) { m in
            m.separateOutput = false
            m.matrixTypes = [.q4_0, .q4_1, .q5_0, .q5_1, .q8_0]
        },
        variant("llama-q4_K-q6_K", "llama", seed: 14, "d 256, GQA 4/2, separate output, Q4_K/Q6_K in turn") { m in
            m.embeddingLength = 256
            m.feedForwardLength = 512
            m.matrixTypes = [.q4_K, .q6_K]
        },
        variant("qwen2-f32-bias", "qwen2", seed: 21, "q/k/v biases (±0.5), RoPE base 1e6, tied output") { m in
            m.biasAmplitude = 0.5
            m.ropeFreqBase = 1_000_000
            m.separateOutput = false
        },
        variant("qwen2-q8_0-bf16", "qwen2", seed: 22, "biases, separate output, Q8_0/BF16 in turn") { m in
            m.biasAmplitude = 0.5
            m.ropeFreqBase = 1_000_000
            m.matrixTypes = [.q8_0, .bf16]
        },
        variant(
            "qwen2-q4_K-q5_0-q5_K-q6_K", "qwen2", seed: 23,
            "d 256, biases, tied output, Q4_K/Q5_0/Q5_K/Q6_K in turn"
        ) { m in
            m.embeddingLength = 256
            m.feedForwardLength = 512
            m.biasAmplitude = 0.5
            m.ropeFreqBase = 1_000_000
            m.separateOutput = false
            m.matrixTypes = [.q4_K, .q5_0, .q5_K, .q6_K]
        },
        variant(
            "gemma3-f32-swa", "gemma3", seed: 31,
            "7 blocks (block 5 global, the rest sliding), window 5, 32-wide heads over d 64, MQA, bases 1e6/1e4"
        ) { m in
            gemma(&m)
            m.headCountKV = 1
        },
        variant("gemma3-q8_0-q4_0-f16", "gemma3", seed: 32, "gemma3 shape, GQA 4/2, Q8_0/Q4_0/F16 in turn") { m in
            gemma(&m)
            m.matrixTypes = [.q8_0, .q4_0, .f16]
        },
        variant("gemma3-q6_K-q4_K", "gemma3", seed: 33, "d 256, 64-wide heads, window 6, Q6_K/Q4_K in turn") { m in
            gemma(&m)
            m.embeddingLength = 256
            m.feedForwardLength = 512
            m.headLength = 64
            m.slidingWindow = 6
            m.matrixTypes = [.q6_K, .q4_K]
        },
        variant(
            "gemma3-f32-ropescale", "gemma3", seed: 34,
            "gemma3-f32-swa with linear RoPE scaling x4 (global layers only, as in Gemma 3 4B+)"
        ) { m in
            gemma(&m)
            m.headCountKV = 1
            m.ropeLinearScale = 4
        },
    ]

    /// A 7-block gemma3 (layer 5 global, the others sliding) with a window of 5, 32-wide heads
    /// over a 64-wide residual, and the global RoPE base of Gemma 3 (1e6).
    private static func gemma(_ m: inout SyntheticModel) {
        m.blockCount = 7
        m.headLength = 32
        m.slidingWindow = 5
        m.ropeFreqBase = 1_000_000
        m.separateOutput = false
    }

    private static func variant(
        _ name: String, _ architecture: String, seed: UInt64, _ summary: String,
        _ configure: (inout SyntheticModel) -> Void
    ) -> ReferenceVariant {
        var model = SyntheticModel(architecture: architecture)
        model.seed = seed
        model.vocabularySize = 128
        model.weightAmplitude = 1.7 // std ≈ 1/sqrt(columns): logits of order 1
        model.matrixTypes = [.f32]
        configure(&model)
        return ReferenceVariant(name: name, model: model, summary: summary)
    }
}
