import GGUF

/// Qwen3.5's mixtures of experts (`general.architecture = qwen35moe`; Qwen3.5-35B-A3B,
/// 122B-A10B, 397B-A17B), as llama.cpp 0.3.36's `qwen35moe.cpp` builds them: Qwen3.5's hybrid
/// of Gated DeltaNet and gated attention layers (`Qwen35`), each block's feed-forward network
/// replaced by
///
/// - routed SwiGLU experts: `expert_count` of `expert_feed_forward_length` (default: the dense
///   width over the experts used), `expert_used_count` per token, chosen by the softmax of the
///   router `ffn_gate_inp` and weighted by their renormalized scores;
/// - and a shared SwiGLU expert of `expert_shared_feed_forward_length`
///   (default: the dense width) that every token runs, its output scaled by the sigmoid of the
///   token's dot product with `ffn_gate_inp_shexp`.
///
/// The files need not declare a dense width (`feed_forward_length`): no block has one.
enum Qwen35MoE: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false
    static let feedForwardIsRouted = true

    /// Qwen3.5's layer kinds and sizes, then the routing and the shared expert's width.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        try Qwen35.refine(&hp, read)
        var routing = try ExpertRouting.read(
            read, blocks: hp.blockCount, denseWidths: hp.feedForwardLengths, normalizesWeights: true)
        let dense = hp.feedForwardLengths.max() ?? 0
        let shared = try read.int("expert_shared_feed_forward_length", default: dense > 0 ? dense : nil)
        guard shared > 0, shared < 1 << 24 else {
            throw .invalidHyperparameter(key: "\(read.architecture).expert_shared_feed_forward_length", reason: "\(shared) is out of range")
        }
        routing.sharedFeedForwardLength = shared
        hp.experts = routing
    }

    /// Qwen3.5's norms and mixer, the experts (`ffn_gate_inp`, `ffn_{gate,up,down}_exps` or
    /// the fused `ffn_gate_up_exps`) and the shared expert (`ffn_{gate,up,down}_shexp`,
    /// `ffn_gate_inp_shexp`), all required as llama.cpp reads them.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        var layer = try Qwen35.mixer(t, gate: nil, up: nil, down: nil)
        let routing = t.hp.experts!
        var experts = try t.experts(routing)
        experts.shared = try t.sharedExpert(width: routing.sharedFeedForwardLength!)
        layer.experts = experts
        return layer
    }

    static func block(_ b: BlockPass) { Qwen35.block(b) }
}
