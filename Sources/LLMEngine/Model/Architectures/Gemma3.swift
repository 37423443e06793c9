/// Gemma 3 (`general.architecture = gemma3`): embeddings scaled by `sqrt(d)`, per-head
/// QK-norm, RMS norms before and after both attention and feed-forward, a GELU-gated
/// feed-forward network, and five sliding-window layers (window `attention.sliding_window`,
/// RoPE base 10 000, never linearly scaled) for every global layer (the model's own base).
enum Gemma3: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false

    /// Every sixth layer is global.
    static let slidingWindowPattern = 6
    /// The RoPE base of the sliding-window layers.
    static let localRopeBase: Float = 10_000

    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        let window = try read.int("attention.sliding_window", default: 512)
        hp.slidingWindow = window
        hp.ropeFreqBaseLocal = localRopeBase
        hp.embeddingScale = Float(hp.embeddingLength).squareRoot()
        for i in hp.layers.indices where (i + 1) % slidingWindowPattern != 0 {
            hp.layers[i].rope = .local
            hp.layers[i].window = window
        }
    }

    /// The shared layout with `attn_{q,k}_norm` and the post-attention and post-FFN norms.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        let hp = t.hp, d = hp.embeddingLength
        var layer = try ModelWeights.Layer.standard(t)
        layer.queryNorm = try t.vector("attn_q_norm.weight", hp.keyLength)
        layer.keyNorm = try t.vector("attn_k_norm.weight", hp.keyLength)
        layer.postAttentionNorm = try t.vector("post_attention_norm.weight", d)
        layer.postFeedForwardNorm = try t.vector("post_ffw_norm.weight", d)
        return layer
    }

    static func block(_ b: BlockPass) {
        b.normalize(b.weights.attentionNorm)
        b.projectQKV()
        b.normalizeHeads()
        b.rotate()
        b.attend()
        b.normalizeOutput(b.weights.postAttentionNorm!)
        b.addToResidual()
        b.normalize(b.weights.feedForwardNorm)
        b.feedForward(.gelu)
        b.normalizeOutput(b.weights.postFeedForwardNorm!)
        b.addToResidual()
    }
}
