import GGUF

/// Qwen3.5 (`general.architecture = qwen35`; the dense 0.8B, 2B, 4B and 9B): a hybrid of Gated
/// DeltaNet layers (linear attention with a recurrent state) and gated attention layers, three
/// of the first for each of the second, as llama.cpp 0.3.36's `qwen35.cpp` builds it:
///
/// - **Which layers are which.** `attention.recurrent_layers` (a flag per layer) when the file
///   has it, else every `full_attention_interval`-th layer (default 4) attends. Layers past
///   `nextn_predict_layers` from the end are multi-token-prediction heads the main pass never
///   runs; they are not loaded.
/// - **Gated DeltaNet layers** (`GatedDeltaNetShape`, `GatedDeltaNetTensors`,
///   `BlockPass.gatedDeltaNet`): their state is the convolution's last `ssm.conv_kernel - 1`
///   inputs and one `state_size²` matrix per value head.
/// - **Attention layers**: `attn_q` yields each head's query followed by its output gate; q/k
///   RMSNorm per head; IMRoPE over `rope.dimension_count` dimensions (a quarter of the head) in
///   NEOX pairs; the heads' outputs are scaled by the sigmoid of their gates before `attn_output`.
///   For text the three position sections of IMRoPE (`rope.dimension_sections`) all hold the
///   token's position and the fourth holds 0, so it is RoPE with the position wherever a pair's
///   sector is one of the first three, and no turn in the fourth's (none in the released models).
/// - Every layer: `attn_norm` before the mixer, `post_attention_norm` before the SwiGLU network
///   (the file's norm weights already include the 1 that Hugging Face's `1 + w` adds), and the
///   output tied to the embeddings unless the file has `output.weight`.
enum Qwen35: ArchitectureDefinition {
    static let ropeStyle = RopeStyle.neox
    static let readsRopeFactors = false

    /// The layer kinds, the Gated DeltaNet's sizes and state slots, and IMRoPE's sections.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError) {
        let arch = read.architecture, all = hp.blockCount
        let shape = try GatedDeltaNetShape(read)
        let recurrentKey = "\(arch).attention.recurrent_layers"
        let recurrent: [Bool]
        if let flags = read.metadata.boolArray(recurrentKey) ?? read.metadata.intArray(recurrentKey)?.map({ $0 != 0 }) {
            guard flags.count == all else {
                throw .invalidHyperparameter(key: recurrentKey, reason: "\(flags.count) flags for \(all) layers")
            }
            recurrent = flags
        } else {
            let interval = try read.int("full_attention_interval", default: 4)
            recurrent = (0..<all).map { ($0 + 1) % interval != 0 }
        }
        let drafts = try read.count("nextn_predict_layers", below: all, default: 0)
        let trunk = all - drafts
        hp.blockCount = trunk
        hp.layers.removeLast(drafts)
        hp.feedForwardLengths.removeLast(drafts)
        var cacheSlot = 0
        for i in 0..<trunk {
            if recurrent[i] {
                hp.layers[i].stateSlot = hp.recurrentStateWidths.count
                hp.layers[i].writesCache = false
                hp.layers[i].rope = nil
                hp.recurrentStateWidths.append(shape.stateWidth)
            } else {
                guard hp.layers[i].keyLength == hp.layers[i].valueLength else {
                    throw .invalidHyperparameter(
                        key: "\(arch).attention.value_length",
                        reason: "the output gates need values as long as keys (\(hp.layers[i].keyLength))")
                }
                hp.layers[i].cacheSlot = cacheSlot
                hp.layers[i].gatesOutput = true
                cacheSlot += 1
            }
        }
        hp.gatedDeltaNet = shape
        hp.ropeSectionFactors = try sectionFactors(read, pairs: hp.ropeDimensions / 2)
    }

    /// The factors that leave still the pairs of IMRoPE's fourth section (position 0 for text);
    /// nil when every pair turns with the position.
    static func sectionFactors(_ read: HyperparameterReader, pairs: Int) throws(ModelLoadError) -> [Float]? {
        let key = "\(read.architecture).rope.dimension_sections"
        guard let values = read.metadata.intArray(key), (1...4).contains(values.count) else {
            throw .invalidHyperparameter(key: key, reason: "missing (1 to 4 section sizes)")
        }
        let s = values + Array(repeating: 0, count: 4 - values.count), total = s.reduce(0, +)
        guard s.allSatisfy({ $0 >= 0 }), s[0] + s[1] + s[2] > 0 else {
            throw .invalidHyperparameter(key: key, reason: "\(values) has no position section")
        }
        // Interleaved sections: sector i % total belongs to t, h, w by i % 3 while within 3 × its size.
        let factors: [Float] = (0..<pairs).map { i in
            let sector = i % total, turns = sector < 3 * s[sector % 3]
            return turns ? 1 : .infinity
        }
        return factors.contains(.infinity) ? factors : nil
    }

    /// Gated DeltaNet layers: `attn_norm`, the DeltaNet's tensors, `post_attention_norm`, the
    /// SwiGLU tensors. Attention layers: the shared q/k/v layout with `attn_q` `[d, heads * 2
    /// headK]` (queries and gates), `attn_{q,k}_norm` `[headK]`, `attn_output`, the same norms
    /// and SwiGLU tensors.
    static func layer(_ index: Int, _ t: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer {
        let d = t.hp.embeddingLength, ff = t.hp.feedForwardLengths[index]
        let (gate, up) = try t.gateAndUp(input: d, hidden: ff)
        return try mixer(t, gate: gate, up: up, down: try t.matrix("ffn_down.weight", [ff, d]))
    }

    /// A block's norms and token mixer (a Gated DeltaNet or gated attention) with the dense
    /// network given (none in a block of experts, which the family adds).
    static func mixer(
        _ t: LayerTensors, gate: TensorSlice?, up: TensorSlice?, down: GGUFTensorInfo?
    ) throws(ModelLoadError) -> ModelWeights.Layer {
        let d = t.hp.embeddingLength, a = t.attention
        let norm = try t.vector("attn_norm.weight", d), feedForwardNorm = try t.vector("post_attention_norm.weight", d)
        guard a.attends else {
            var layer = ModelWeights.Layer(attentionNorm: norm, feedForwardNorm: feedForwardNorm, gate: gate, up: up, down: down)
            layer.gatedDeltaNet = try t.gatedDeltaNet(t.hp.gatedDeltaNet!)
            return layer
        }
        let layer = ModelWeights.Layer(
            attentionNorm: norm,
            try t.attentionProjections(input: d, query: 2 * a.queryWidth, key: a.keyWidth, value: a.valueWidth),
            output: try t.matrix("attn_output.weight", [a.outputWidth, d]), feedForwardNorm: feedForwardNorm, gate: gate,
            up: up, down: down)
        return try Qwen3.headNorms(layer, t)
    }

    static func block(_ b: BlockPass) {
        b.normalize(b.weights.attentionNorm)
        if b.attention.attends {
            b.projectQKV() // queries, their gates aside, keys, values
            b.normalizeHeads() // before RoPE
            b.rotate()
            b.attend() // gated heads, then attn_output
        } else {
            b.gatedDeltaNet()
        }
        b.addToResidual()
        b.normalize(b.weights.feedForwardNorm)
        if let experts = b.weights.experts { // Qwen3.5-MoE
            b.routedExperts(.silu)
            if experts.shared != nil { b.sharedExpert(.silu) }
        } else {
            b.feedForward(.silu)
        }
        b.addToResidual()
    }
}
