/// SmolLM3 (`general.architecture = smollm3`, 3B): the Llama block (interleaved-pair RoPE,
/// grouped-query attention, SwiGLU, tied output) in which every fourth layer uses no positional
/// encoding at all ("NoPE": layers 3, 7, 11, … attend without RoPE).
enum SmolLM3: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.interleaved
    static let readsRopeFactors = false

    /// Layers `i` with `(i + 1) % 4 == 0` skip RoPE (llama.cpp's `n_no_rope_layer_step`, fixed at 4).
    static let noRopeLayerStep = 4

    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        for i in hp.layers.indices where (i + 1) % noRopeLayerStep == 0 { hp.layers[i].rope = nil }
    }

    /// The shared layout.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        try .standard(t)
    }

    /// The pre-norm block (its rotation does nothing in the NoPE layers).
    static func block(_ b: BlockPass) { b.preNormBlock() }
}
