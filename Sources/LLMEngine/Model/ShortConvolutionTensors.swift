import GGUF

/// The tensors of LFM2's gated short convolution (a recurrent layer): the input projection
/// `shortconv.in_proj` `[d, 3d]` (rows: the gate `b`, the output gate `c`, the input `x`), the
/// depthwise causal kernel `shortconv.conv` `[L, d]` (L taps per channel, oldest first; L is
/// `shortconv.l_cache`) and the output projection `shortconv.out_proj` `[d, d]`.
public struct ShortConvolutionTensors: Sendable {
    /// `[d, 3d]`.
    public let inputProjection: GGUFTensorInfo
    /// `[L, d]`.
    public let kernel: GGUFTensorInfo
    /// `[d, d]`.
    public let outputProjection: GGUFTensorInfo
    /// Taps of the kernel (the current position and the `length - 1` before it).
    public let length: Int
}

extension LayerTensors {
    /// The block's short convolution of `length` taps over the width `d` of the residual stream.
    func shortConvolution(length: Int) throws(ModelLoadError) -> ShortConvolutionTensors {
        let d = hp.embeddingLength
        return ShortConvolutionTensors(
            inputProjection: try matrix("shortconv.in_proj.weight", [d, 3 * d]),
            kernel: try matrix("shortconv.conv.weight", [length, d]),
            outputProjection: try matrix("shortconv.out_proj.weight", [d, d]), length: length)
    }
}
