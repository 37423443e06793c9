import GGUF

/// Gemma 4 text (`general.architecture = gemma4`: E2B, E4B, 31B): the Gemma 3 block (scaled
/// embeddings, RMS norms before and after attention and the GELU-gated feed-forward network)
/// with these differences, every one of which llama.cpp 0.3.36's `gemma4.cpp` reads:
///
/// - **Layers of two shapes.** `attention.sliding_window_pattern` marks each layer sliding
///   (window `attention.sliding_window`, RoPE base `rope.freq_base_swa`, heads of
///   `attention.key_length_swa`, `rope.dimension_count_swa` rotated) or global (base
///   `rope.freq_base`, heads of `attention.key_length`, "proportional" RoPE: `rope_freqs`
///   factors of 1e30 leave the unrotated pairs still). Head counts and feed-forward widths may
///   differ per layer (keys of one value or arrays).
/// - **Shared keys and values.** The last `attention.shared_kv_layers` layers compute queries
///   only and attend over the cache of the last earlier layer of their kind (the last global
///   layer, or the sliding one before it), so the cache has slots for the first layers alone.
/// - **Normalized heads, unscaled scores.** Queries and keys get RMSNorm with weights, values
///   RMSNorm without; scores are `q . k` (scale 1).
/// - **Per-layer inputs** (`embedding_length_per_layer_input` > 0): see `PerLayerEmbedding`;
///   each block adds `post_norm(proj(gelu(inp_gate x) * input))` to its output.
/// - `layer_output_scale` multiplies a block's output; `final_logit_softcapping` caps logits.
///
/// - **Experts beside the dense network** (26B-A4B: blocks with `ffn_gate_inp`): the dense
///   GELU network (then `post_ffw_norm_1`) and routed GELU experts on `pre_ffw_norm_2(x)` (then
///   `post_ffw_norm_2`) are added before `post_ffw_norm`. The router reads the residual,
///   RMS-normalized and weighted by `ffn_gate_inp.scale / sqrt(d)`; scores are the softmax,
///   renormalized over the `expert_used_count` chosen; an expert's output is multiplied by its
///   `ffn_down_exps.scale` where present; gate and up come separate or fused
///   (`ffn_gate_up_exps`).
enum Gemma4: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = true

    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        let arch = read.architecture, n = hp.blockCount
        let patternKey = "\(arch).attention.sliding_window_pattern"
        guard let sliding = read.metadata.boolArray(patternKey) ?? read.metadata.intArray(patternKey)?.map({ $0 != 0 }) else {
            throw .invalidHyperparameter(key: patternKey, reason: "missing (an array of one flag per layer)")
        }
        guard sliding.count == n else {
            throw .invalidHyperparameter(key: patternKey, reason: "\(sliding.count) flags for \(n) layers")
        }
        let window = try read.int("attention.sliding_window")
        let shared = try read.count("attention.shared_kv_layers", below: n, default: 0)
        let keyLengthLocal = try read.int("attention.key_length_swa", default: hp.keyLength)
        let valueLengthLocal = try read.int("attention.value_length_swa", default: hp.valueLength)
        guard hp.keyLength == hp.valueLength, keyLengthLocal == valueLengthLocal else {
            throw .invalidHyperparameter(
                key: "\(arch).attention.value_length", reason: "Gemma 4 needs value heads as wide as key heads")
        }
        hp.ropeFreqBaseLocal = try read.float("rope.freq_base_swa", default: 10_000)
        hp.ropeDimensionsLocal = try read.int("rope.dimension_count_swa", default: hp.ropeDimensions)
        hp.slidingWindow = window
        hp.embeddingScale = Float(hp.embeddingLength).squareRoot()
        let perLayer = try read.count("embedding_length_per_layer_input", below: 1 << 16)
        hp.perLayerInputLength = perLayer > 0 ? perLayer : nil
        if read.metadata.int("\(arch).expert_count") != nil {
            hp.experts = try ExpertRouting.read(read, blocks: n, denseWidths: hp.feedForwardLengths, normalizesWeights: true)
        }
        // Layers from `firstShared` on reuse the cache of the last global layer before it, or
        // of the sliding layer before that (llama.cpp: n_layer_kv_from_start - 1 or - 2).
        let firstShared = n - shared
        for i in 0..<n {
            var layer = hp.layers[i]
            if sliding[i] {
                layer.rope = .local
                layer.window = window
                layer.keyLength = keyLengthLocal
                layer.valueLength = valueLengthLocal
            }
            layer.scoreScale = 1
            if i >= firstShared {
                guard firstShared >= 2 else {
                    throw .invalidHyperparameter(
                        key: "\(arch).attention.shared_kv_layers", reason: "\(shared) of \(n) layers leave fewer than 2 to share")
                }
                layer.cacheSlot = firstShared - (sliding[i] ? 2 : 1)
                layer.writesCache = false
            }
            hp.layers[i] = layer
        }
    }

    /// `attn_norm`, `attn_q` (+ `attn_k`, optional `attn_v` in layers with their own cache, or a
    /// fused `attn_qkv`), `attn_q_norm`, `attn_k_norm`, `attn_output`, `post_attention_norm`,
    /// `ffn_norm`, `ffn_gate`/`ffn_up`/`ffn_down`, `post_ffw_norm`, optional
    /// `layer_output_scale`, with per-layer inputs `inp_gate`, `proj`, `post_norm`, and with a
    /// router `ffn_gate_inp` the experts (`LayerTensors.experts`), `ffn_gate_inp.scale`,
    /// `post_ffw_norm_1`, `pre_ffw_norm_2` and `post_ffw_norm_2`.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        let hp = t.hp, a = t.attention, d = hp.embeddingLength, ff = hp.feedForwardLengths[index]
        let (gate, up) = try t.gateAndUp(input: d, hidden: ff)
        var layer = ModelWeights.Layer(
            attentionNorm: try t.vector("attn_norm.weight", d),
            try t.attentionProjections(
                input: d, query: a.queryWidth, key: a.keyWidth, value: a.valueWidth,
                keysAndValues: a.writesCache ? .valueOptional : .none),
            output: try t.matrix("attn_output.weight", [a.outputWidth, d]),
            feedForwardNorm: try t.vector("ffn_norm.weight", d), gate: gate, up: up,
            down: try t.matrix("ffn_down.weight", [ff, d]))
        layer.queryNorm = try t.vector("attn_q_norm.weight", a.keyLength)
        if a.writesCache {
            layer.keyNorm = try t.vector("attn_k_norm.weight", a.keyLength)
            layer.normalizesValues = true
        }
        layer.postAttentionNorm = try t.vector("post_attention_norm.weight", d)
        layer.postFeedForwardNorm = try t.vector("post_ffw_norm.weight", d)
        layer.outputScale = try t.vector("layer_output_scale.weight", 1, optional: true)
        if t.file.tensor(named: t.name("ffn_gate_inp.weight")) != nil {
            guard let routing = hp.experts else {
                throw .invalidHyperparameter(
                    key: "gemma4.expert_count", reason: "missing, while \(t.name("ffn_gate_inp.weight")) routes experts")
            }
            layer.experts = try t.experts(routing)
            layer.experts?.routerInputScale = try t.vector("ffn_gate_inp.scale", d)
            layer.postDenseNorm = try t.vector("post_ffw_norm_1.weight", d)
            layer.expertNorm = try t.vector("pre_ffw_norm_2.weight", d)
            layer.postExpertNorm = try t.vector("post_ffw_norm_2.weight", d)
        }
        if let p = hp.perLayerInputLength {
            layer.perLayerGate = try t.matrix("inp_gate.weight", [d, p])
            layer.perLayerProjection = try t.matrix("proj.weight", [p, d])
            layer.perLayerPostNorm = try t.vector("post_norm.weight", d)
        }
        return layer
    }

    static func block(_ b: BlockPass) {
        let w = b.weights
        b.normalize(w.attentionNorm)
        b.projectQKV() // queries only in the layers that share an earlier layer's cache
        b.normalizeHeads() // q and k with their weights, v without
        b.rotate()
        b.attend()
        b.normalizeOutput(w.postAttentionNorm!)
        b.addToResidual()
        b.normalize(w.feedForwardNorm)
        b.feedForward(.gelu)
        if w.experts != nil { // 26B-A4B: the routed experts beside the dense network
            b.normalizeOutput(w.postDenseNorm!)
            b.holdOutput()
            b.normalize(w.expertNorm!)
            b.routedExperts(.gelu, router: .weightedResidual)
            b.normalizeOutput(w.postExpertNorm!)
            b.addHeldOutput()
        }
        b.normalizeOutput(w.postFeedForwardNorm!)
        b.addToResidual()
        if let norm = w.perLayerPostNorm {
            b.perLayerInput()
            b.normalizeOutput(norm)
            b.addToResidual()
        }
        b.scaleResidual()
    }
}
