/// Gemma 3 (`general.architecture = gemma3`): embeddings scaled by `sqrt(d)`, per-head
/// QK-norm, RMS norms before and after both attention and feed-forward, a GELU-gated
/// feed-forward network, and five sliding-window layers (window `attention.sliding_window`,
/// RoPE base 10 000, never linearly scaled) for every global layer (the model's own base).
enum Gemma3: ArchitectureDefinition {
    static let traits = ArchitectureTraits(
        ropeStyle: .neox, activation: .gelu, hasQKVBias: false, hasQKNorm: true, hasPostNorms: true,
        scalesEmbeddings: true)

    /// Every sixth layer is global.
    static let slidingWindowPattern = 6
    /// The RoPE base of the sliding-window layers.
    static let localRopeBase: Float = 10_000

    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        hp.slidingWindow = try read.int("attention.sliding_window", default: 512)
        hp.slidingWindowPattern = slidingWindowPattern
        hp.ropeFreqBaseLocal = localRopeBase
    }
}
