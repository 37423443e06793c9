/// Phi-3 / Phi-3.5 / Phi-4-mini (`general.architecture = phi3`): the pre-norm block with one
/// fused `attn_qkv` projection and one fused `ffn_up` holding the gate and the up projection
/// (SwiGLU), NEOX-style RoPE over part of each head (`rope.dimension_count`: 96 of Phi-4-mini's
/// 128), and LongRoPE: per-frequency factors, the short ones for caches up to the original
/// context (`rope.scaling.original_context_length`) and the long ones beyond it, with the
/// rotated dimensions multiplied by `rope.scaling.attn_factor`. The files' sliding window is
/// ignored, as llama.cpp ignores it (its Phi-3 sliding window is disabled).
enum Phi3: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = true

    /// Every layer attends over the whole context with one RoPE table (its factors chosen by
    /// the cache's capacity): nothing to add.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {}

    /// `attn_norm`, `attn_qkv` (or separate q/k/v), `attn_output`, `ffn_norm`, `ffn_up` `[d, 2 ff]`
    /// (gate rows first; separate `ffn_gate`/`ffn_up` are read too), `ffn_down`.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        try .standard(t)
    }

    /// The pre-norm block (its RoPE is LongRoPE: factors by cache capacity, rotated dimensions
    /// scaled by the attention factor).
    static func block(_ b: BlockPass) { b.preNormBlock() }
}
