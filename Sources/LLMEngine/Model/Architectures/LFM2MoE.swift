/// LFM2-MoE (`general.architecture = lfm2moe`; LFM2-8B-A1B, 24B-A2B): LFM2's hybrid of gated
/// short convolutions and grouped-query attention (`LFM2`, whose block it runs) in which the
/// feed-forward network of every block past the first `leading_dense_block_count` is routed
/// SwiGLU experts: `expert_count` of `expert_feed_forward_length`, `expert_used_count` per
/// token, scored by the sigmoid of the router `ffn_gate_inp` (`expert_gating_func` 2), chosen
/// by those scores plus a per-expert bias `exp_probs_b` and weighed by the unbiased scores,
/// renormalized (llama.cpp's graph for the family passes `norm_w`).
enum LFM2MoE: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false
    static let outputNormName = LFM2.outputNormName

    /// LFM2's convolution and attention layers, the leading dense blocks and the routing.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        try LFM2.refine(&hp, read)
        _ = try read.count("leading_dense_block_count", below: hp.blockCount + 1, default: 0)
        hp.experts = try ExpertRouting.read(
            read, blocks: hp.blockCount, denseWidths: hp.feedForwardLengths,
            gating: ExpertRouting.gating(read, default: .sigmoid), normalizesWeights: true)
    }

    /// LFM2's tensors; past the leading dense blocks, the experts (`ffn_gate_inp` `[d, experts]`,
    /// `ffn_{gate,up}_exps` `[d, ff, experts]`, `ffn_down_exps` `[ff, d, experts]`) and the
    /// selection bias `exp_probs_b.bias` `[experts]` instead of the dense network.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        let lead = t.file.metadata.int("\(t.hp.architecture.rawValue).leading_dense_block_count") ?? 0
        guard index >= lead, let routing = t.hp.experts else { return try LFM2.layer(t, dense: true) }
        var layer = try LFM2.layer(t, dense: false)
        var experts = try t.experts(routing)
        experts.selectionBias = try t.vector("exp_probs_b.bias", routing.count)
        layer.experts = experts
        return layer
    }

    static func block(_ b: BlockPass) { LFM2.block(b) }
}
