/// Qwen2 / Qwen2.5 (`general.architecture = qwen2`): the Llama block with biases on the q, k
/// and v projections and NEOX-style RoPE; SwiGLU feed-forward; output weights tied to the
/// embeddings in the small models.
enum Qwen2: ArchitectureDefinition {
    static let traits = ArchitectureTraits(
        ropeStyle: .neox, activation: .silu, hasQKVBias: true, hasQKNorm: false, hasPostNorms: false,
        scalesEmbeddings: false)

    /// Every layer attends over the whole context with one RoPE base: nothing to add.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {}
}
