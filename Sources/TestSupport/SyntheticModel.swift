import FMSupport
import GGUF

/// Writes tiny models of each supported architecture with seeded random weights, for tests that
/// need a whole model file without the real ones (loading errors, reference numerics).
///
/// ```swift
/// var model = SyntheticModel(architecture: "llama")
/// model.headCountKV = 1                       // multi-query attention
/// model.matrixTypes = [.q4_0, .q8_0]          // alternate per matrix, in writing order
/// let file = try GGUFFile(bytes: try model.encoded())
/// ```
///
/// The bytes depend only on the properties: weights come from `SplitMix64(seed:)` and
/// plain float arithmetic, so a model's sha256 is stable across runs and platforms.
/// `referenceVariants` are the models the reference-numerics fixtures were computed on.
package struct SyntheticModel: Sendable {
    /// The `general.architecture` value.
    package var architecture: String
    /// Residual width.
    package var embeddingLength = 64
    /// Feed-forward width.
    package var feedForwardLength = 128
    /// Query heads.
    package var headCount = 4
    /// Key/value heads.
    package var headCountKV = 2
    /// Transformer blocks.
    package var blockCount = 2
    /// Vocabulary size.
    package var vocabularySize = 320
    /// Types of the matrices, used in turn (matrix `i` in writing order gets
    /// `matrixTypes[i % matrixTypes.count]`), so one model can mix several.
    package var matrixTypes: [WeightType] = [.q8_0]
    /// Whether to write `output.weight` (else the embedding is tied).
    package var separateOutput = true
    /// Seed of the weights.
    package var seed: UInt64 = 1
    /// Matrix entries are uniform in `±weightAmplitude / sqrt(columns)`.
    package var weightAmplitude: Float = 0.5
    /// Bias entries (qwen2's q, k, v) are uniform in `±biasAmplitude`.
    package var biasAmplitude: Float = 0.1
    /// `rope.freq_base` (gemma3: the base of its global layers; sliding layers use 10 000).
    package var ropeFreqBase: Float = 10_000
    /// `rope.dimension_count`, written only when set (partial rotation).
    package var ropeDimensions: Int?
    /// Linear RoPE scaling factor (`rope.scaling.type = "linear"`), written only when set.
    package var ropeLinearScale: Float?
    /// Whether to write `rope_freqs.weight` (Llama 3.1 style per-frequency divisors in [1, 8)).
    package var ropeFrequencyFactors = false
    /// gemma3's `attention.sliding_window`.
    package var slidingWindow = 8
    /// The trained context length the file declares (`context_length`).
    package var contextLength = 256
    private var explicitHeadLength: Int?

    /// A model of `architecture` with the default sizes.
    package init(architecture: String) { self.architecture = architecture }

    /// The type of every matrix (reading gives the first of `matrixTypes`).
    package var matrixType: WeightType {
        get { matrixTypes[0] }
        set { matrixTypes = [newValue] }
    }

    /// Key (and value) head width: `embeddingLength / headCount` unless set (gemma3 writes it
    /// as `attention.key_length` and `attention.value_length`).
    package var headLength: Int {
        get { explicitHeadLength ?? embeddingLength / headCount }
        set { explicitHeadLength = newValue }
    }

    /// The encoded GGUF file, after `validate()`.
    package func encoded() throws -> [UInt8] {
        try validate()
        return try writer().encoded()
    }

    /// The writer holding the model, ready to encode; tests may edit it to break the model.
    /// The model must be valid (`validate()`); an invalid one stops with the same message.
    package func writer() -> GGUFWriter {
        do { try validate() } catch { preconditionFailure("SyntheticModel: \(error)") }
        var w = GGUFWriter()
        var rng = SplitMix64(seed: seed)
        let a = architecture
        w.add("general.architecture", .string(a))
        w.add("\(a).context_length", .uint32(UInt32(contextLength)))
        w.add("\(a).embedding_length", .uint32(UInt32(embeddingLength)))
        w.add("\(a).block_count", .uint32(UInt32(blockCount)))
        w.add("\(a).feed_forward_length", .uint32(UInt32(feedForwardLength)))
        w.add("\(a).attention.head_count", .uint32(UInt32(headCount)))
        w.add("\(a).attention.head_count_kv", .uint32(UInt32(headCountKV)))
        w.add("\(a).attention.layer_norm_rms_epsilon", .float32(1e-6))
        w.add("\(a).rope.freq_base", .float32(ropeFreqBase))
        if let ropeDimensions { w.add("\(a).rope.dimension_count", .uint32(UInt32(ropeDimensions))) }
        if let ropeLinearScale {
            w.add("\(a).rope.scaling.type", .string("linear"))
            w.add("\(a).rope.scaling.factor", .float32(ropeLinearScale))
        }
        if a == "gemma3" {
            w.add("\(a).attention.key_length", .uint32(UInt32(headLength)))
            w.add("\(a).attention.value_length", .uint32(UInt32(headLength)))
            w.add("\(a).attention.sliding_window", .uint32(UInt32(slidingWindow)))
        }
        let d = embeddingLength, ff = feedForwardLength, h = headLength
        var matrixIndex = 0
        func matrix(_ name: String, _ cols: Int, _ rows: Int) {
            let values = (0..<(cols * rows)).map { _ in rng.nextSigned() * weightAmplitude / Float(cols).squareRoot() }
            let type = matrixTypes[matrixIndex % matrixTypes.count]
            matrixIndex += 1
            w.addTensor(
                name, dimensions: [cols, rows], type: type.ggml,
                data: SyntheticModelQuantizer.encode(values, as: type))
        }
        func vector(_ name: String, _ n: Int, around center: Float, spread: Float = 0.1) {
            w.addTensor(name, dimensions: [n], f32: (0..<n).map { _ in center + rng.nextSigned() * spread })
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
                vector(p + "attn_q.bias", headCount * h, around: 0, spread: biasAmplitude)
                vector(p + "attn_k.bias", headCountKV * h, around: 0, spread: biasAmplitude)
                vector(p + "attn_v.bias", headCountKV * h, around: 0, spread: biasAmplitude)
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
        if ropeFrequencyFactors {
            let n = (ropeDimensions ?? h) / 2
            w.addTensor("rope_freqs.weight", dimensions: [n], f32: (0..<n).map { _ in 4.5 + 3.5 * rng.nextSigned() })
        }
        return w
    }
}
