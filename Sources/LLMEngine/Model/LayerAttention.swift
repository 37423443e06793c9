/// What kind of attention one block runs: which RoPE table turns its queries and keys (if any)
/// and over which positions it attends. Decided per layer by the family (`refine`): Gemma 3's
/// sliding-window layers, SmolLM3's layers without RoPE.
public struct LayerAttention: Sendable, Equatable {
    /// The RoPE table of the layer, or nil for a layer without positional rotation.
    public var rope: RopeTable?
    /// The sliding window (the most recent positions attended to), or nil for the whole context.
    public var window: Int?

    /// Global attention turned by the model's own RoPE base.
    public static let global = LayerAttention(rope: .global, window: nil)

    /// A layer's attention.
    public init(rope: RopeTable?, window: Int?) {
        self.rope = rope
        self.window = window
    }
}

/// The RoPE tables a model has: its own base, and the base of its sliding-window layers.
public enum RopeTable: Int, Sendable, CaseIterable {
    /// `rope.freq_base`, scaled as the file says (linear factor, LongRoPE factors).
    case global
    /// The sliding-window layers' base (`ModelHyperparameters.ropeFreqBaseLocal`), never linearly scaled.
    case local
}
