/// The model families the engine implements, named as GGUF's `general.architecture` names them.
public enum ModelArchitecture: String, Sendable, CaseIterable {
    /// Qwen2 / Qwen2.5: Llama-like with biases on the q, k, v projections, NEOX-style RoPE.
    case qwen2
    /// Llama 2 / 3 and the many models that share its layout; interleaved-pair RoPE.
    case llama
    /// Gemma 3: scaled embeddings, QK-norm, pre and post norms, GELU-gated FFN, sliding-window
    /// layers interleaved with global layers.
    case gemma3

    /// Whether RoPE rotates pairs `(i, i + d/2)` (NEOX style) rather than `(2i, 2i + 1)`.
    public var usesNeoxRope: Bool { self != .llama }

    /// Whether q, k and v projections carry biases.
    public var hasQKVBias: Bool { self == .qwen2 }
}
