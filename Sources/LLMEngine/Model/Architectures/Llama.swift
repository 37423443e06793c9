/// Llama 2 / 3 and the many models sharing its layout (`general.architecture = llama`):
/// pre-norm blocks, grouped-query attention, interleaved-pair RoPE (optionally scaled by the
/// common `rope.scaling.*` keys or by Llama 3.1's `rope_freqs.weight` factors), SwiGLU.
enum Llama: ArchitectureDefinition {
    static let traits = ArchitectureTraits(
        ropeStyle: .interleaved, activation: .silu, hasQKVBias: false, hasQKNorm: false, hasPostNorms: false,
        scalesEmbeddings: false)

    /// Every layer attends over the whole context with one RoPE base: nothing to add.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {}
}
