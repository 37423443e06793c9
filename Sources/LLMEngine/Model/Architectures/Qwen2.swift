/// Qwen2 / Qwen2.5 (`general.architecture = qwen2`): the pre-norm Llama block with biases on
/// the q, k and v projections and NEOX-style RoPE; SwiGLU feed-forward; output weights tied to
/// the embeddings in the small models.
enum Qwen2: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false

    /// Every layer attends over the whole context with one RoPE base: nothing to add.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {}

    /// `attn_norm`, q/k/v with their biases, `attn_output`, `ffn_norm`, `ffn_gate`/`ffn_up`, `ffn_down`.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        try .standard(t, biases: true)
    }

    /// The pre-norm block (the projections add their biases).
    static func block(_ b: BlockPass) { b.preNormBlock() }
}
