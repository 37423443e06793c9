import GGUF

/// The tensors of a block's routed experts, in ggml order (input width first). Each stacked
/// tensor holds one matrix per expert, one after the other, so expert `e`'s matrix is a run of
/// rows of the whole and is read in place from the mapped file.
public struct ExpertTensors: Sendable {
    /// The router, `[d, experts]`: one logit per expert for each row.
    public var router: GGUFTensorInfo
    /// Every expert's gate and up projections, `[d, ff, experts]` each; or, when `fusedGateUp`,
    /// both the same `ffn_gate_up_exps` `[d, 2 ff, experts]` whose expert rows are its gate
    /// rows then its up rows.
    public var gate, up: GGUFTensorInfo
    /// Whether `gate` and `up` are one fused tensor.
    public var fusedGateUp: Bool
    /// Every expert's down projection, `[ff, d, experts]`.
    public var down: GGUFTensorInfo
    /// A factor per expert on its output (`ffn_down_exps.scale`, `[experts]`), when present.
    public var downScales: GGUFTensorInfo?
    /// Gemma 4: the factors on the router's input (`ffn_gate_inp.scale`, `[d]`).
    public var routerInputScale: GGUFTensorInfo?
    /// LFM2-MoE: a bias per expert added to its score for choosing, not for weighing
    /// (`exp_probs_b.bias`, `[experts]`).
    public var selectionBias: GGUFTensorInfo?
    /// gpt-oss: the router's bias (`ffn_gate_inp.bias`, `[experts]`), and each expert's biases
    /// after its gate, up and down projections (`ffn_{gate,up}_exps.bias` `[ff, experts]`,
    /// `ffn_down_exps.bias` `[d, experts]`).
    public var routerBias, gateBias, upBias, downBias: GGUFTensorInfo?
    /// The shared expert, where the family has one.
    public var shared: SharedExpertTensors?
}

/// A block's shared expert (Qwen3.5-MoE, as llama.cpp's `build_ffn` on `ffn_*_shexp`): a SwiGLU
/// network every row runs beside its routed experts, its output scaled per row by the sigmoid
/// of one logit.
public struct SharedExpertTensors: Sendable {
    /// `[d, ff]` each.
    public var gate, up: GGUFTensorInfo
    /// `[ff, d]`.
    public var down: GGUFTensorInfo
    /// `[d]`: the row's logit is its dot product with the block's normalized input
    /// (`ffn_gate_inp_shexp`).
    public var outputGate: GGUFTensorInfo
}
