/// LFM2 (`general.architecture = lfm2`; Liquid AI's LFM2 and LFM2.5, 350M to 2.6B): a hybrid of
/// gated short convolutions and grouped-query attention. The file writes a convolution layer as
/// one of 0 key/value heads (`attention.head_count_kv` per layer); LFM2-700M has 10 of them
/// among 16 layers. A convolution layer projects the normed input to `b, c, x` (`[d, 3d]`),
/// convolves `b * x` causally over `shortconv.l_cache` positions per channel (3: its state is
/// the two positions before), gates the result by `c` and projects it back. An attention layer
/// has per-head RMSNorm of queries and keys before NEOX RoPE, and attends over a sliding window
/// when the file gives one. Every layer ends in a SwiGLU feed-forward network; the final norm
/// is `token_embd_norm`; the output is tied to the embeddings unless the file has its own.
enum LFM2: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false
    static let outputNormName = "token_embd_norm.weight"

    /// The convolution layers' state slots and widths, and the attention layers' window.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        let taps = try read.int("shortconv.l_cache")
        guard taps >= 2, taps <= 64 else {
            throw .invalidHyperparameter(
                key: "\(read.architecture).shortconv.l_cache", reason: "\(taps) taps (2 to 64 are supported)")
        }
        let window = read.metadata.int("\(read.architecture).attention.sliding_window").flatMap { $0 > 0 ? $0 : nil }
        for i in hp.layers.indices {
            if hp.layers[i].headCountKV == 0 {
                hp.layers[i].stateSlot = hp.recurrentStateWidths.count
                hp.recurrentStateWidths.append(ShortConvolutionWeights.stateWidth(length: taps, width: hp.embeddingLength))
            } else {
                hp.layers[i].window = window
            }
        }
        hp.shortConvolutionLength = taps
    }

    /// Attention layers: the shared q/k/v layout with `attn_{q,k}_norm` `[headK]` and
    /// `attn_output` `[d, d]`; convolution layers: `shortconv.{in_proj,conv,out_proj}`. Both:
    /// `attn_norm` (the mixer's norm), `ffn_norm` and the SwiGLU tensors.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        try layer(t, dense: true)
    }

    /// The block's mixer (attention or convolution) and norms, with the dense SwiGLU tensors
    /// unless `dense` is false (LFM2-MoE's expert blocks: the family adds the experts).
    static func layer(_ t: LayerTensors, dense: Bool) throws(ModelLoadError) -> ModelWeights.Layer {
        guard t.attention.attends else {
            let d = t.hp.embeddingLength, ff = t.hp.feedForwardLengths[t.index]
            let (gate, up) = dense ? try t.gateAndUp(input: d, hidden: ff) : (nil, nil)
            var layer = ModelWeights.Layer(
                attentionNorm: try t.vector("attn_norm.weight", d), feedForwardNorm: try t.vector("ffn_norm.weight", d),
                gate: gate, up: up, down: dense ? try t.matrix("ffn_down.weight", [ff, d]) : nil)
            layer.shortConvolution = try t.shortConvolution(length: t.hp.shortConvolutionLength!)
            return layer
        }
        return try Qwen3.headNorms(.standard(t, dense: dense), t)
    }

    static func block(_ b: BlockPass) {
        b.normalize(b.weights.attentionNorm)
        if b.attention.attends {
            b.projectQKV()
            b.normalizeHeads() // before RoPE
            b.rotate()
            b.attend()
        } else {
            b.shortConvolution()
        }
        b.addToResidual()
        b.normalize(b.weights.feedForwardNorm)
        if b.weights.experts != nil {
            b.routedExperts(.silu) // LFM2-MoE past its leading dense blocks
        } else {
            b.feedForward(.silu)
        }
        b.addToResidual()
    }
}
