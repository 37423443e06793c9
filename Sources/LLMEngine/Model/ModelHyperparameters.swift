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
    /// Hidden width of the feed-forward network.
    public var feedForwardLength: Int
    /// Query heads.
    public var headCount: Int
    /// Key/value heads (grouped-query attention when fewer than `headCount`).
    public var headCountKV: Int
    /// Width of one key (and query) head.
    public var keyLength: Int
    /// Width of one value head.
    public var valueLength: Int
    /// Dimensions of each head that RoPE rotates (the whole head unless the file says less).
    public var ropeDimensions: Int
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
    /// LongRoPE's attention factor (`rope.scaling.attn_factor`, 1 when absent): the rotated
    /// dimensions of queries and keys are multiplied by it.
    public var ropeAttentionFactor: Float
    /// RMSNorm epsilon.
    public var rmsNormEpsilon: Float
    /// Sliding attention window of local layers, if the model has them.
    public var slidingWindow: Int?
    /// Every `slidingWindowPattern`-th layer is global; the others are local (Gemma 3: 6).
    public var slidingWindowPattern: Int?
    /// Final logits are squashed with `c * tanh(x / c)` when set.
    public var finalLogitSoftcap: Float?
    /// Token embeddings are multiplied by this when set (Gemma: `sqrt(embeddingLength)`).
    public var embeddingScale: Float?
    /// The attention of each block, `[blockCount]` (global RoPE attention unless the family says).
    public var layers: [LayerAttention]

    /// Whether layer `index` attends over a sliding window rather than the whole context.
    public func isSlidingWindowLayer(_ index: Int) -> Bool { layers[index].window != nil }

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
        feedForwardLength = try int("feed_forward_length")
        headCount = try int("attention.head_count")
        headCountKV = try int("attention.head_count_kv", default: headCount)
        guard headCount % headCountKV == 0 else {
            throw .invalidHyperparameter(
                key: "\(archName).attention.head_count_kv",
                reason: "\(headCount) query heads are not a multiple of \(headCountKV) key/value heads")
        }
        keyLength = try int("attention.key_length", default: embeddingLength / headCount)
        valueLength = try int("attention.value_length", default: keyLength)
        ropeDimensions = try int("rope.dimension_count", default: keyLength)
        guard ropeDimensions <= keyLength, ropeDimensions % 2 == 0 else {
            throw .invalidHyperparameter(
                key: "\(archName).rope.dimension_count", reason: "\(ropeDimensions) must be even and at most the head size \(keyLength)")
        }
        trainedContextLength = try int("context_length", default: 4096)
        ropeFreqBase = try float("rope.freq_base", default: 10_000)
        ropeFreqBaseLocal = ropeFreqBase
        ropeStyle = arch.definition.ropeStyle
        switch meta.string("\(archName).rope.scaling.type") ?? "none" {
        case "none": ropeScaleFactor = 1
        case "linear": ropeScaleFactor = try float("rope.scaling.factor", default: 1)
        // LongRoPE's factors are tensors (`rope_factors_long/short.weight`); its attention factor is read below.
        case "longrope": ropeScaleFactor = 1
        case let other:
            throw .invalidHyperparameter(
                key: "\(archName).rope.scaling.type",
                reason: "'\(other)' is not supported (supported: none, linear, longrope)")
        }
        ropeOriginalContextLength = try int("rope.scaling.original_context_length", default: trainedContextLength)
        ropeAttentionFactor = try float("rope.scaling.attn_factor", default: 1)
        rmsNormEpsilon = try float("attention.layer_norm_rms_epsilon", default: 1e-6)
        slidingWindow = nil
        slidingWindowPattern = nil
        finalLogitSoftcap = meta.double("\(archName).final_logit_softcapping").map(Float.init)
        embeddingScale = nil
        layers = Array(repeating: .global, count: blockCount)
        guard let embedding = file.tensor(named: "token_embd.weight") else { throw .missingTensor("token_embd.weight") }
        guard embedding.dimensions.count == 2, embedding.dimensions[0] == embeddingLength else {
            throw .shapeMismatch(tensor: "token_embd.weight", expected: [embeddingLength, -1], found: embedding.dimensions)
        }
        vocabularySize = embedding.dimensions[1]
        try arch.definition.refine(&self, read)
    }
}
