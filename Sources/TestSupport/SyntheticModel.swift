import GGUF

/// Writes tiny models of each supported architecture with seeded random weights, for tests that
/// need a whole model file without the real ones (loading errors, reference numerics).
public struct SyntheticModel: Sendable {
    /// The `general.architecture` value.
    public var architecture: String
    /// Residual width.
    public var embeddingLength = 64
    /// Feed-forward width.
    public var feedForwardLength = 128
    /// Query heads.
    public var headCount = 4
    /// Key/value heads.
    public var headCountKV = 2
    /// Transformer blocks.
    public var blockCount = 2
    /// Vocabulary size.
    public var vocabularySize = 320
    /// Type of the matrices (F32, F16 or Q8_0: the types the writer can quantize).
    public var matrixType: GGMLType = .q8_0
    /// Whether to write `output.weight` (else the embedding is tied).
    public var separateOutput = true
    /// Seed of the weights.
    public var seed: UInt64 = 1

    /// A model of `architecture` with the default sizes.
    public init(architecture: String) { self.architecture = architecture }

    /// Key (and value) head width.
    public var headLength: Int { embeddingLength / headCount }

    /// The writer holding the model, ready to encode; tests may edit it to break the model.
    public func writer() -> GGUFWriter {
        var w = GGUFWriter()
        var rng = SplitMixGenerator(seed: seed)
        let a = architecture
        w.add("general.architecture", .string(a))
        w.add("\(a).context_length", .uint32(256))
        w.add("\(a).embedding_length", .uint32(UInt32(embeddingLength)))
        w.add("\(a).block_count", .uint32(UInt32(blockCount)))
        w.add("\(a).feed_forward_length", .uint32(UInt32(feedForwardLength)))
        w.add("\(a).attention.head_count", .uint32(UInt32(headCount)))
        w.add("\(a).attention.head_count_kv", .uint32(UInt32(headCountKV)))
        w.add("\(a).attention.layer_norm_rms_epsilon", .float32(1e-6))
        w.add("\(a).rope.freq_base", .float32(10_000))
        if a == "gemma3" {
            w.add("\(a).attention.key_length", .uint32(UInt32(headLength)))
            w.add("\(a).attention.value_length", .uint32(UInt32(headLength)))
            w.add("\(a).attention.sliding_window", .uint32(8))
        }
        let d = embeddingLength, ff = feedForwardLength, h = headLength
        func matrix(_ name: String, _ cols: Int, _ rows: Int) {
            let values = (0..<(cols * rows)).map { _ in rng.nextSigned() * 0.5 / Float(cols).squareRoot() }
            switch matrixType {
            case .f32: w.addTensor(name, dimensions: [cols, rows], f32: values)
            case .f16: w.addTensor(name, dimensions: [cols, rows], f16: values)
            default: w.addTensor(name, dimensions: [cols, rows], q8_0: values)
            }
        }
        func vector(_ name: String, _ n: Int, around center: Float) {
            w.addTensor(name, dimensions: [n], f32: (0..<n).map { _ in center + rng.nextSigned() * 0.1 })
        }
        matrix("token_embd.weight", d, vocabularySize)
        vector("output_norm.weight", d, around: 1)
        if separateOutput { matrix("output.weight", d, vocabularySize) }
        for i in 0..<blockCount {
            let p = "blk.\(i)."
            vector(p + "attn_norm.weight", d, around: 1)
            matrix(p + "attn_q.weight", d, headCount * h)
            matrix(p + "attn_k.weight", d, headCountKV * h)
            matrix(p + "attn_v.weight", d, headCountKV * h)
            if a == "qwen2" {
                vector(p + "attn_q.bias", headCount * h, around: 0)
                vector(p + "attn_k.bias", headCountKV * h, around: 0)
                vector(p + "attn_v.bias", headCountKV * h, around: 0)
            }
            if a == "gemma3" {
                vector(p + "attn_q_norm.weight", h, around: 1)
                vector(p + "attn_k_norm.weight", h, around: 1)
                vector(p + "post_attention_norm.weight", d, around: 1)
                vector(p + "post_ffw_norm.weight", d, around: 1)
            }
            matrix(p + "attn_output.weight", headCount * h, d)
            vector(p + "ffn_norm.weight", d, around: 1)
            matrix(p + "ffn_gate.weight", d, ff)
            matrix(p + "ffn_up.weight", d, ff)
            matrix(p + "ffn_down.weight", ff, d)
        }
        return w
    }
}

/// SplitMix64 with a float helper, for reproducible synthetic weights.
public struct SplitMixGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// Seeds the generator.
    public init(seed: UInt64) { state = seed }
    /// The next 64 bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A float uniform in [-1, 1).
    public mutating func nextSigned() -> Float { Float(next() >> 40) / 8_388_608 - 1 }
}
