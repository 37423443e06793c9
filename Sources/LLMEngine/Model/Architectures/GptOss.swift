/// OpenAI's gpt-oss (`general.architecture = gpt-oss`; gpt-oss-20b, gpt-oss-120b), as
/// llama.cpp 0.3.36's `openai-moe.cpp` builds it:
///
/// - **Attention** with biases on q, k, v and the output projection, NEOX RoPE scaled by YaRN
///   (`rope.scaling.*`, the same table in every layer), scores scaled by `1 / sqrt(head)`, and
///   **attention sinks**: a learned logit per query head (`attn_sinks`) that joins the
///   softmax's denominator only. Even layers attend over a sliding window of
///   `attention.sliding_window` positions, odd layers over the whole context (llama.cpp's swa
///   pattern 2, unless `attention.sliding_window_pattern` says otherwise).
/// - **Experts** alone as the feed-forward network, on `post_attention_norm(x)`: the router
///   `ffn_gate_inp` with its bias picks the `expert_used_count` best raw logits and weighs them
///   by the softmax of those chosen logits; each expert has biases after its gate, up and down
///   projections and gates with ggml's `swiglu_oai` (clamped SwiGLU with `(up + 1)`). The real
///   files store the expert matrices as MXFP4.
/// - An untied `output.weight`.
enum GptOss: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false

    /// llama.cpp's default pattern for gpt-oss: of every two layers the first slides.
    static let slidingWindowPattern = 2

    /// The sliding window (required), which layers slide, and the routing.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        let arch = read.architecture, n = hp.blockCount
        let window = try read.int("attention.sliding_window")
        let patternKey = "\(arch).attention.sliding_window_pattern"
        let sliding: [Bool]
        if let flags = read.metadata.boolArray(patternKey) {
            guard flags.count == n else {
                throw .invalidHyperparameter(key: patternKey, reason: "\(flags.count) flags for \(n) layers")
            }
            sliding = flags
        } else {
            let pattern = try read.int("attention.sliding_window_pattern", default: slidingWindowPattern)
            sliding = (0..<n).map { $0 % pattern < pattern - 1 }
        }
        hp.slidingWindow = window
        for i in 0..<n where sliding[i] { hp.layers[i].window = window } // the global RoPE table in every layer
        hp.experts = try ExpertRouting.read(
            read, blocks: n, denseWidths: hp.feedForwardLengths, gating: .softmaxOfChosen, normalizesWeights: false)
    }

    /// `attn_norm`, `attn_{q,k,v}` with their biases, `attn_output` with its bias, `attn_sinks`
    /// `[heads]`, `post_attention_norm` (the experts' norm), and the experts with the router's
    /// bias `[experts]` and the experts' `ffn_{gate,up}_exps.bias` `[ff, experts]` and
    /// `ffn_down_exps.bias` `[d, experts]`.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        let hp = t.hp, a = t.attention, d = hp.embeddingLength
        guard let routing = hp.experts else { preconditionFailure("refine sets the routing") }
        let ff = routing.feedForwardLengths[index], n = routing.count
        var layer = ModelWeights.Layer(
            attentionNorm: try t.vector("attn_norm.weight", d),
            try t.attentionProjections(
                input: d, query: a.queryWidth, key: a.keyWidth, value: a.valueWidth, biases: true),
            output: try t.matrix("attn_output.weight", [a.outputWidth, d]),
            feedForwardNorm: try t.vector("post_attention_norm.weight", d), gate: nil, up: nil, down: nil)
        layer.outputBias = try t.vector("attn_output.bias", d)
        layer.attentionSinks = try t.vector("attn_sinks.weight", a.headCount)
        var experts = try t.experts(routing)
        experts.routerBias = try t.vector("ffn_gate_inp.bias", n)
        experts.gateBias = try t.biases("ffn_gate_exps.bias", [ff, n])
        experts.upBias = try t.biases("ffn_up_exps.bias", [ff, n])
        experts.downBias = try t.biases("ffn_down_exps.bias", [d, n])
        layer.experts = experts
        return layer
    }

    /// The pre-norm block: q, k, v with their biases, attention with the sinks and the output
    /// bias, `post_attention_norm` (read as `ffn_norm`), then the experts with `swiglu_oai`.
    static func block(_ b: BlockPass) { b.preNormBlock(.swigluOAI) }
}
