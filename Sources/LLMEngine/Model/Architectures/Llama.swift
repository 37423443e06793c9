/// Llama 2 / 3 and the many models sharing its layout (`general.architecture = llama`):
/// pre-norm blocks, grouped-query attention, interleaved-pair RoPE (optionally scaled by the
/// common `rope.scaling.*` keys or by Llama 3.1's `rope_freqs.weight` factors), SwiGLU.
/// Llama 3.2 1B/3B are this family with tied output weights.
///
/// Every bias llama.cpp reads for the family is optional: q/k/v (separate or of a fused
/// `attn_qkv`), `attn_output.bias`, and the dense network's `ffn_{gate,up,down}.bias`. A file
/// with `expert_count` > 0 (Mixtral and the converters that reuse this layout for a mixture) has
/// routed SwiGLU experts instead of the dense network, chosen by the softmax of the router and
/// weighted by their renormalized scores, as llama.cpp's graph for the family does.
enum Llama: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.interleaved
    static let readsRopeFactors = true

    /// The routing when the file declares experts; nothing else to add (every layer attends over
    /// the whole context with one RoPE base).
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        guard let count = read.metadata.int("\(read.architecture).expert_count"), count > 0 else { return }
        var routing = try ExpertRouting.read(
            read, blocks: hp.blockCount, denseWidths: hp.feedForwardLengths, normalizesWeights: true)
        // llama.cpp shapes this family's experts by `feed_forward_length` (Mixtral's 14336 is
        // one expert's width), whatever `expert_feed_forward_length` says.
        routing.feedForwardLengths = hp.feedForwardLengths
        hp.experts = routing
    }

    /// The shared layout with its optional biases; the experts (`ffn_gate_inp`,
    /// `ffn_{gate,up,down}_exps`) in a mixture.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        let d = t.hp.embeddingLength, ff = t.hp.feedForwardLengths[index]
        var layer = try ModelWeights.Layer.standard(t, dense: t.hp.experts == nil)
        layer.outputBias = try t.vector("attn_output.bias", d, optional: true)
        if let routing = t.hp.experts {
            layer.experts = try t.experts(routing)
        } else {
            layer.gateBias = try t.vector("ffn_gate.bias", ff, optional: true)
            layer.upBias = try t.vector("ffn_up.bias", ff, optional: true)
            layer.downBias = try t.vector("ffn_down.bias", d, optional: true)
        }
        return layer
    }

    /// The pre-norm block, with the routed experts in a mixture.
    static func block(_ b: BlockPass) { b.preNormBlock() }
}
