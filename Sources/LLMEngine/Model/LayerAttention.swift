/// What attention one block runs: its heads and their sizes, which RoPE table turns its queries
/// and keys (if any), over which positions it attends, and where its keys and values live.
/// Read from the common keys for every block, then refined per layer by the family (`refine`):
/// Gemma 3's sliding-window layers, SmolLM3's layers without RoPE, Gemma 4's per-layer head
/// sizes and the layers that attend over an earlier layer's keys and values.
public struct LayerAttention: Sendable, Equatable {
    /// The RoPE table of the layer, or nil for a layer without positional rotation.
    public var rope: RopeTable?
    /// The sliding window (the most recent positions attended to), or nil for the whole context.
    public var window: Int?
    /// Query heads.
    public var headCount: Int
    /// Key/value heads (grouped-query attention when fewer than `headCount`).
    public var headCountKV: Int
    /// Width of one query and key head.
    public var keyLength: Int
    /// Width of one value head.
    public var valueLength: Int
    /// The slot of the KV cache this layer attends over: its own, or (when `writesCache` is
    /// false) the slot of the earlier layer whose keys and values it reuses.
    public var cacheSlot: Int
    /// Whether the layer computes and stores keys and values (false: Gemma 4's shared-KV layers).
    public var writesCache: Bool
    /// The factor on `q . k` before the softmax when the family sets one (Gemma 4: 1, its
    /// queries and keys being RMS-normalized); nil for `1 / sqrt(keyLength)`.
    public var scoreScale: Float?
    /// For a recurrent layer, which does not attend (LFM2's short convolutions, written in the
    /// file as a layer of 0 key/value heads): the slot of its state in
    /// `ModelHyperparameters.recurrentStateWidths`. Nil for an attention layer.
    public var stateSlot: Int?
    /// Whether the query projection also yields an output gate per head (Qwen3.5): each head's
    /// query (`keyLength`) is followed by a gate of the same width, whose sigmoid scales the
    /// head's output before the output projection.
    public var gatesOutput = false

    /// Whether the layer attends (rather than keeping a recurrent state).
    public var attends: Bool { stateSlot == nil }

    /// A layer with global attention under `rope`, writing cache slot `cacheSlot`.
    public init(
        rope: RopeTable? = .global, window: Int? = nil, headCount: Int, headCountKV: Int, keyLength: Int,
        valueLength: Int, cacheSlot: Int, writesCache: Bool = true, scoreScale: Float? = nil
    ) {
        self.rope = rope
        self.window = window
        self.headCount = headCount
        self.headCountKV = headCountKV
        self.keyLength = keyLength
        self.valueLength = valueLength
        self.cacheSlot = cacheSlot
        self.writesCache = writesCache
        self.scoreScale = scoreScale
    }

    /// The factor on `q . k` before the softmax.
    public var scale: Float { scoreScale ?? 1 / Float(keyLength).squareRoot() }

    /// Query heads per key/value head.
    public var group: Int { headCount / headCountKV }
    /// Width of a row of queries, `headCount * keyLength`.
    public var queryWidth: Int { headCount * keyLength }
    /// Width of a row of keys, `headCountKV * keyLength`.
    public var keyWidth: Int { headCountKV * keyLength }
    /// Width of a row of values, `headCountKV * valueLength`.
    public var valueWidth: Int { headCountKV * valueLength }
    /// Width of a row of attention output, `headCount * valueLength`.
    public var outputWidth: Int { headCount * valueLength }
}

/// The RoPE tables a model has: its own base, and the base of its sliding-window layers.
public enum RopeTable: Int, Sendable, CaseIterable {
    /// `rope.freq_base`, scaled as the file says (linear factor, LongRoPE factors), over
    /// `ModelHyperparameters.ropeDimensions`.
    case global
    /// The sliding-window layers' base (`ModelHyperparameters.ropeFreqBaseLocal`), never linearly
    /// scaled, over `ModelHyperparameters.ropeDimensionsLocal`.
    case local
}
