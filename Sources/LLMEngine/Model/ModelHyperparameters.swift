import GGUF

/// The numbers that shape a model, read from `<arch>.*` metadata and checked for sanity.
public struct ModelHyperparameters: Sendable, Equatable {
    /// The family.
    public var architecture: ModelArchitecture
    /// Vocabulary size (rows of the embedding table).
    public var vocabularySize: Int
    /// The context length the model was trained for.
    public var trainedContextLength: Int
    /// Width of the residual stream.
    public var embeddingLength: Int
    /// Number of transformer blocks.
    public var blockCount: Int
    /// Hidden width of the feed-forward network (of the first block; `feedForwardLengths` per block).
    public var feedForwardLength: Int
    /// Hidden width of each block's feed-forward network, `[blockCount]` (a key of one value, or
    /// an array: Gemma 4's shared-KV layers are twice as wide).
    public var feedForwardLengths: [Int]
    /// Query heads (of the first block; `layers` has each block's).
    public var headCount: Int
    /// Key/value heads (of the first block; grouped-query attention when fewer than `headCount`).
    public var headCountKV: Int
    /// Width of one key (and query) head of global layers (`attention.key_length`).
    public var keyLength: Int
    /// Width of one value head of global layers.
    public var valueLength: Int
    /// Dimensions of each head that the global RoPE table rotates (the whole head unless the
    /// file says less).
    public var ropeDimensions: Int
    /// Dimensions the sliding-window RoPE table rotates (`rope.dimension_count_swa`, else
    /// `ropeDimensions`).
    public var ropeDimensionsLocal: Int
    /// How RoPE pairs the dimensions of a head (the family's).
    public var ropeStyle: RopeStyle
    /// RoPE base frequency of global-attention layers.
    public var ropeFreqBase: Float
    /// RoPE base frequency of sliding-window layers (Gemma 3: 10 000; else `ropeFreqBase`).
    public var ropeFreqBaseLocal: Float
    /// Linear RoPE scaling factor (positions are divided by it); 1 when absent.
    public var ropeScaleFactor: Float
    /// The context the RoPE factors were trained for (`rope.scaling.original_context_length`,
    /// else the trained context): LongRoPE turns a cache longer than this with its long factors.
    public var ropeOriginalContextLength: Int
    /// The factor on the rotated dimensions of queries and keys: LongRoPE's attention factor
    /// (`rope.scaling.attn_factor`, 1 when absent), times YaRN's `1 + 0.1 ln(factor)` for a
    /// YaRN-scaled model.
    public var ropeAttentionFactor: Float
    /// YaRN's frequency scaling (`rope.scaling.type = yarn`), or nil.
    public var ropeYarn: RopeYarn?
    /// RMSNorm epsilon.
    public var rmsNormEpsilon: Float
    /// Sliding attention window of local layers, if the model has them.
    public var slidingWindow: Int?
    /// Final logits are squashed with `c * tanh(x / c)` when set.
    public var finalLogitSoftcap: Float?
    /// Token embeddings are multiplied by this when set (Gemma: `sqrt(embeddingLength)`).
    public var embeddingScale: Float?
    /// Width of each block's slice of the per-layer token embeddings (Gemma 4's
    /// `embedding_length_per_layer_input`), or nil for a model without them.
    public var perLayerInputLength: Int?
    /// The routed experts of a mixture-of-experts model (its blocks' feed-forward networks, or
    /// a part of them), or nil for a dense model.
    public var experts: ExpertRouting?
    /// The attention of each block, `[blockCount]` (global RoPE attention over its own cache
    /// slot unless the family says otherwise; a recurrent layer's `stateSlot` instead).
    public var layers: [LayerAttention]
    /// Floats of each recurrent layer's state, by `LayerAttention.stateSlot` (empty for a model
    /// of attention layers only).
    public var recurrentStateWidths: [Int] = []
    /// Taps of LFM2's short convolutions (`shortconv.l_cache`), for a model that has them.
    public var shortConvolutionLength: Int?
    /// The sizes of Qwen3.5's Gated DeltaNet layers, for a model that has them.
    public var gatedDeltaNet: GatedDeltaNetShape?
    /// Factors on the wavelengths of the global RoPE table's pairs that the family sets
    /// (`[ropeDimensions / 2]`; nil: none): Qwen3.5's IMRoPE over text turns the pairs of its
    /// fourth section by position 0, which a factor of infinity gives.
    public var ropeSectionFactors: [Float]?

    /// Whether layer `index` attends over a sliding window rather than the whole context.
    public func isSlidingWindowLayer(_ index: Int) -> Bool { layers[index].window != nil }

    /// The key and value row widths of each cache slot (one per layer that writes its keys and values).
    public var cacheSlotWidths: [(key: Int, value: Int)] {
        layers.filter(\.writesCache).map { ($0.keyWidth, $0.valueWidth) }
    }

    /// Dimensions rotated by RoPE table `table`.
    public func ropeDimensions(of table: RopeTable) -> Int {
        table == .global ? ropeDimensions : ropeDimensionsLocal
    }

    /// Reads the hyperparameters of `file`, or explains what is wrong.
    public init(_ file: GGUFFile) throws(ModelLoadError) {
        let meta = file.metadata
        let archName = meta.string("general.architecture") ?? "(missing general.architecture)"
        guard let arch = ModelArchitecture(rawValue: archName) else {
            throw .unsupportedArchitecture(archName, supported: ModelArchitecture.allCases.map(\.rawValue))
        }
        let read = HyperparameterReader(metadata: meta, architecture: archName)
        func int(_ suffix: String, default value: Int? = nil) throws(ModelLoadError) -> Int {
            try read.int(suffix, default: value)
        }
        func float(_ suffix: String, default value: Float) throws(ModelLoadError) -> Float {
            try read.float(suffix, default: value)
        }
        architecture = arch
        embeddingLength = try int("embedding_length")
        blockCount = try int("block_count")
        let routed = arch.definition.feedForwardIsRouted
        feedForwardLengths = try read.perLayer(
            "feed_forward_length", count: blockCount, default: routed ? Array(repeating: 0, count: blockCount) : nil,
            minimum: routed ? 0 : 1)
        feedForwardLength = feedForwardLengths[0]
        let heads = try read.perLayer("attention.head_count", count: blockCount)
        let kvHeads = try read.perLayer("attention.head_count_kv", count: blockCount, default: heads, minimum: 0)
        // 0 key/value heads: a layer without attention, which its family must make recurrent.
        for (h, kv) in zip(heads, kvHeads) where kv > 0 && h % kv != 0 {
            throw .invalidHyperparameter(
                key: "\(archName).attention.head_count_kv",
                reason: "\(h) query heads are not a multiple of \(kv) key/value heads")
        }
        headCount = heads[0]
        headCountKV = kvHeads.first { $0 > 0 } ?? 0
        keyLength = try int("attention.key_length", default: embeddingLength / headCount)
        valueLength = try int("attention.value_length", default: keyLength)
        ropeDimensions = try int("rope.dimension_count", default: keyLength)
        guard ropeDimensions <= keyLength, ropeDimensions % 2 == 0 else {
            throw .invalidHyperparameter(
                key: "\(archName).rope.dimension_count", reason: "\(ropeDimensions) must be even and at most the head size \(keyLength)")
        }
        ropeDimensionsLocal = ropeDimensions
        trainedContextLength = try int("context_length", default: 4096)
        ropeFreqBase = try float("rope.freq_base", default: 10_000)
        ropeFreqBaseLocal = ropeFreqBase
        ropeStyle = arch.definition.ropeStyle
        switch meta.string("\(archName).rope.scaling.type") ?? "none" {
        case "none": ropeScaleFactor = 1
        case "linear": ropeScaleFactor = try float("rope.scaling.factor", default: 1)
        // LongRoPE's factors are tensors (`rope_factors_long/short.weight`); its attention factor is read below.
        case "longrope": ropeScaleFactor = 1
        case "yarn": ropeScaleFactor = 1 // the frequencies are scaled per pair instead (`ropeYarn`)
        case let other:
            throw .invalidHyperparameter(
                key: "\(archName).rope.scaling.type",
                reason: "'\(other)' is not supported (supported: none, linear, longrope, yarn)")
        }
        ropeOriginalContextLength = try int("rope.scaling.original_context_length", default: trainedContextLength)
        ropeAttentionFactor = try float("rope.scaling.attn_factor", default: 1)
        if meta.string("\(archName).rope.scaling.type") == "yarn" {
            let yarn = RopeYarn(
                factor: try float("rope.scaling.factor", default: 1),
                originalContext: ropeOriginalContextLength,
                betaFast: try float("rope.scaling.yarn_beta_fast", default: 32),
                betaSlow: try float("rope.scaling.yarn_beta_slow", default: 1))
            ropeYarn = yarn
            ropeAttentionFactor *= yarn.magnitude
        }
        rmsNormEpsilon = try float("attention.layer_norm_rms_epsilon", default: 1e-6)
        slidingWindow = nil
        finalLogitSoftcap = meta.double("\(archName).final_logit_softcapping").map(Float.init)
        embeddingScale = nil
        perLayerInputLength = nil
        experts = nil
        let (keyLength, valueLength) = (keyLength, valueLength)
        var slot = 0
        layers = (0..<blockCount).map { i in
            defer { if kvHeads[i] > 0 { slot += 1 } }
            return LayerAttention(
                headCount: heads[i], headCountKV: kvHeads[i], keyLength: keyLength, valueLength: valueLength, cacheSlot: slot,
                writesCache: kvHeads[i] > 0)
        }
        guard let embedding = file.tensor(named: "token_embd.weight") else { throw .missingTensor("token_embd.weight") }
        guard embedding.dimensions.count == 2, embedding.dimensions[0] == embeddingLength else {
            throw .shapeMismatch(tensor: "token_embd.weight", expected: [embeddingLength, -1], found: embedding.dimensions)
        }
        vocabularySize = embedding.dimensions[1]
        try arch.definition.refine(&self, read)
        try checkLayers(archName)
    }

    /// Checks what the family decided per layer: each cache slot written by exactly one layer,
    /// in order, before any layer reads it with heads of the same number and sizes; RoPE over
    /// at most a head.
    private func checkLayers(_ archName: String) throws(ModelLoadError) {
        var written: [LayerAttention] = []
        for (i, layer) in layers.enumerated() {
            if let stateSlot = layer.stateSlot {
                guard stateSlot < recurrentStateWidths.count, !layer.writesCache else {
                    throw .invalidHyperparameter(
                        key: "\(archName).block_count", reason: "layer \(i)'s recurrent state slot \(stateSlot) is undefined")
                }
                continue
            }
            guard layer.headCountKV > 0 else {
                throw .invalidHyperparameter(
                    key: "\(archName).attention.head_count_kv", reason: "layer \(i) has no key/value heads and no recurrent state")
            }
            if layer.writesCache {
                guard layer.cacheSlot == written.count else {
                    throw .invalidHyperparameter(
                        key: "\(archName).block_count", reason: "layer \(i) writes cache slot \(layer.cacheSlot) out of order")
                }
                written.append(layer)
            } else {
                let source = layer.cacheSlot < written.count ? written[layer.cacheSlot] : nil
                guard let source, source.headCountKV == layer.headCountKV, source.keyLength == layer.keyLength,
                    source.valueLength == layer.valueLength
                else {
                    throw .invalidHyperparameter(
                        key: "\(archName).attention.shared_kv_layers",
                        reason: "layer \(i) reuses cache slot \(layer.cacheSlot), which no earlier layer of its shape writes")
                }
            }
            if let table = layer.rope {
                let rotated = ropeDimensions(of: table)
                guard rotated <= layer.keyLength, rotated % 2 == 0 else {
                    throw .invalidHyperparameter(
                        key: "\(archName).rope.dimension_count",
                        reason: "\(rotated) must be even and at most the head size \(layer.keyLength) of layer \(i)")
                }
            }
        }
    }
}
