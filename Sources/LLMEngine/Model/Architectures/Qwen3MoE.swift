/// Qwen3's mixture of experts (`general.architecture = qwen3moe`; Qwen3-30B-A3B, 235B-A22B,
/// Qwen3-Coder-30B-A3B): the Qwen3 block (per-head q/k RMSNorm before NEOX RoPE, no biases, a
/// head size of its own) whose feed-forward network is routed experts alone:
/// `expert_count` SwiGLU experts of `expert_feed_forward_length`, `expert_used_count` per token,
/// chosen by the softmax of the router `ffn_gate_inp` and weighted by their renormalized scores
/// (`norm_topk_prob`, which every Qwen3-MoE checkpoint sets and llama.cpp's graph applies).
enum Qwen3MoE: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false

    /// The routing: `expert_count`, `expert_used_count`, `expert_feed_forward_length`.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        hp.experts = try ExpertRouting.read(
            read, blocks: hp.blockCount, denseWidths: hp.feedForwardLengths, normalizesWeights: true)
    }

    /// Qwen3's attention tensors, `ffn_norm`, and the experts: `ffn_gate_inp` `[d, experts]`,
    /// `ffn_{gate,up}_exps` `[d, ff, experts]`, `ffn_down_exps` `[ff, d, experts]`.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        var layer = try Qwen3.headNorms(ModelWeights.Layer.standard(t, dense: false), t)
        layer.experts = try t.experts(t.hp.experts!)
        return layer
    }

    /// Qwen3's block, the routed experts as its feed-forward network.
    static func block(_ b: BlockPass) { b.preNormBlock(normalizesHeads: true) }
}
