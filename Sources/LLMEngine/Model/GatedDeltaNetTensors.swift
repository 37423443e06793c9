import GGUF

/// The tensors of a Gated DeltaNet layer (Qwen3.5's linear attention), as llama.cpp's qwen35
/// graph reads them, with C = `channels`, V = `valueWidth`, H = `valueHeads`, S = `headLength`:
/// `attn_qkv` `[d, C]` (q | k | v), `attn_gate` `[d, V]` (z, the output gate),
/// `ssm_beta` and `ssm_alpha` `[d, H]`, the convolution `ssm_conv1d` `[taps, C]` (each
/// channel's taps, oldest first), `ssm_dt.bias` `[H]`, `ssm_a` `[H]` (the converter's
/// `-exp(A_log)`), the gated norm `ssm_norm` `[S]` (applied as it is: the converter adds no 1
/// to it, unlike the block norms) and `ssm_out` `[V, d]`.
public struct GatedDeltaNetTensors: Sendable {
    /// `[d, C]`.
    public let mixer: GGUFTensorInfo
    /// `[d, V]`.
    public let outputGate: GGUFTensorInfo
    /// `[d, H]` each.
    public let beta, alpha: GGUFTensorInfo
    /// `[taps, C]`.
    public let kernel: GGUFTensorInfo
    /// `[H]` each.
    public let timeStepBias, decayRate: GGUFTensorInfo
    /// `[S]`.
    public let norm: GGUFTensorInfo
    /// `[V, d]`.
    public let output: GGUFTensorInfo
    /// The sizes.
    public let shape: GatedDeltaNetShape
}

extension LayerTensors {
    /// The block's Gated DeltaNet of `shape` over the width `d` of the residual stream.
    func gatedDeltaNet(_ shape: GatedDeltaNetShape) throws(ModelLoadError) -> GatedDeltaNetTensors {
        let d = hp.embeddingLength, h = shape.valueHeads
        return GatedDeltaNetTensors(
            mixer: try matrix("attn_qkv.weight", [d, shape.channels]),
            outputGate: try matrix("attn_gate.weight", [d, shape.valueWidth]),
            beta: try matrix("ssm_beta.weight", [d, h]), alpha: try matrix("ssm_alpha.weight", [d, h]),
            kernel: try matrix("ssm_conv1d.weight", [shape.convolutionLength, shape.channels]),
            timeStepBias: try vector("ssm_dt.bias", h), decayRate: try vector("ssm_a", h),
            norm: try vector("ssm_norm.weight", shape.headLength),
            output: try matrix("ssm_out.weight", [shape.valueWidth, d]), shape: shape)
    }
}
