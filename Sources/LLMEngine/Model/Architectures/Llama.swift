/// Llama 2 / 3 and the many models sharing its layout (`general.architecture = llama`):
/// pre-norm blocks, grouped-query attention, interleaved-pair RoPE (optionally scaled by the
/// common `rope.scaling.*` keys or by Llama 3.1's `rope_freqs.weight` factors), SwiGLU.
/// Llama 3.2 1B/3B are this family with tied output weights.
enum Llama: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.interleaved
    static let readsRopeFactors = true

    /// Every layer attends over the whole context with one RoPE base: nothing to add.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {}

    /// The shared layout; q/k/v biases where the file has them.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        try .standard(t)
    }

    static func block(_ b: BlockPass) {
        b.normalize(b.weights.attentionNorm)
        b.projectQKV()
        b.rotate()
        b.attend()
        b.addToResidual()
        b.normalize(b.weights.feedForwardNorm)
        b.feedForward(.silu)
        b.addToResidual()
    }
}
