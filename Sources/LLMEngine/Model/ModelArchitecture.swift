/// The model families the engine implements, named as GGUF's `general.architecture` names them.
/// Each family is defined in its own file under `Architectures/`.
public enum ModelArchitecture: String, Sendable, CaseIterable {
    /// Qwen2 / Qwen2.5: Llama-like with biases on the q, k, v projections, NEOX-style RoPE.
    case qwen2
    /// Llama 2 / 3 / 3.2 and the many models that share its layout; interleaved-pair RoPE.
    case llama
    /// Gemma 3: scaled embeddings, QK-norm, pre and post norms, GELU-gated FFN, sliding-window
    /// layers interleaved with global layers.
    case gemma3
    /// Qwen3: QK-norm before RoPE, no biases, its own head size.
    case qwen3
    /// SmolLM3: the Llama block with every fourth layer without RoPE.
    case smollm3
    /// Phi-3 / Phi-4-mini: fused QKV and gate/up, partial rotary, LongRoPE.
    case phi3
    /// Gemma 4 (E2B, E4B, 31B text): per-layer head sizes, layers sharing an earlier layer's
    /// keys and values, per-layer token embeddings, proportional RoPE on global layers.
    case gemma4
    /// Qwen3-MoE (30B-A3B, 235B-A22B): Qwen3's attention, routed SwiGLU experts for the
    /// feed-forward network.
    case qwen3moe
    /// LFM2 (350M to 2.6B): gated short convolutions (a recurrent state of two positions)
    /// beside grouped-query attention layers with q/k norms.
    case lfm2
    /// LFM2-MoE (8B-A1B): LFM2's hybrid with routed SwiGLU experts (sigmoid scores, a selection
    /// bias) past its leading dense blocks.
    case lfm2moe
    /// gpt-oss (20b, 120b): biased attention with sinks, sliding-window layers alternating with
    /// global ones, YaRN RoPE, routed experts with biases and a clamped SwiGLU (MXFP4 in the
    /// real files).
    case gptOss = "gpt-oss"
    /// Qwen3.5 (0.8B to 9B, dense): three Gated DeltaNet layers (linear attention with a
    /// recurrent state) for each attention layer, whose heads' outputs are gated.
    case qwen35
    /// Qwen3.5-MoE (35B-A3B to 397B-A17B): Qwen3.5's hybrid with routed SwiGLU experts and a
    /// gated shared expert.
    case qwen35moe

    /// The family's definition.
    var definition: any ArchitectureDefinition.Type {
        switch self {
        case .qwen2: Qwen2.self
        case .llama: Llama.self
        case .gemma3: Gemma3.self
        case .qwen3: Qwen3.self
        case .smollm3: SmolLM3.self
        case .phi3: Phi3.self
        case .gemma4: Gemma4.self
        case .qwen3moe: Qwen3MoE.self
        case .lfm2: LFM2.self
        case .lfm2moe: LFM2MoE.self
        case .gptOss: GptOss.self
        case .qwen35: Qwen35.self
        case .qwen35moe: Qwen35MoE.self
        }
    }

    /// Whether RoPE rotates pairs `(i, i + d/2)` (NEOX style) rather than `(2i, 2i + 1)`.
    public var usesNeoxRope: Bool { definition.ropeStyle == .neox }
}
