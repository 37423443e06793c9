/// The model families the engine implements, named as GGUF's `general.architecture` names them.
/// Each family is defined in its own file under `Architectures/` (`Qwen2`, `Llama`, `Gemma3`).
public enum ModelArchitecture: String, Sendable, CaseIterable {
    /// Qwen2 / Qwen2.5: Llama-like with biases on the q, k, v projections, NEOX-style RoPE.
    case qwen2
    /// Llama 2 / 3 and the many models that share its layout; interleaved-pair RoPE.
    case llama
    /// Gemma 3: scaled embeddings, QK-norm, pre and post norms, GELU-gated FFN, sliding-window
    /// layers interleaved with global layers.
    case gemma3

    /// The family's definition.
    var definition: any ArchitectureDefinition.Type {
        switch self {
        case .qwen2: Qwen2.self
        case .llama: Llama.self
        case .gemma3: Gemma3.self
        }
    }

    /// The switches of the family's block.
    public var traits: ArchitectureTraits { definition.traits }

    /// Whether RoPE rotates pairs `(i, i + d/2)` (NEOX style) rather than `(2i, 2i + 1)`.
    public var usesNeoxRope: Bool { traits.ropeStyle == .neox }

    /// Whether q, k and v projections carry biases.
    public var hasQKVBias: Bool { traits.hasQKVBias }
}
