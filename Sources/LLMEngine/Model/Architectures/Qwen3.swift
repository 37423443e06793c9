/// Qwen3 (`general.architecture = qwen3`; 0.6B to 32B): the pre-norm block without biases,
/// with per-head RMSNorm of queries and keys before NEOX-style RoPE, a head size of its own
/// (`attention.key_length`: 128 in every size, whatever the width), SwiGLU feed-forward, and
/// output weights tied to the embeddings in the small models (0.6B, 1.7B) and not in the others.
enum Qwen3: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false

    /// Every layer attends over the whole context with one RoPE base: nothing to add.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {}

    /// The shared layout (q/k/v fused or not, biases where present) with `attn_{q,k}_norm` `[headK]`.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        try headNorms(ModelWeights.Layer.standard(t), t)
    }

    /// `layer` with Qwen3's per-head norms `attn_{q,k}_norm` `[headK]` (also Qwen3-MoE's).
    static func headNorms(_ layer: ModelWeights.Layer, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        var layer = layer
        layer.queryNorm = try t.vector("attn_q_norm.weight", t.hp.keyLength)
        layer.keyNorm = try t.vector("attn_k_norm.weight", t.hp.keyLength)
        return layer
    }

    /// The pre-norm block with the per-head norms before RoPE.
    static func block(_ b: BlockPass) { b.preNormBlock(normalizesHeads: true) }
}
