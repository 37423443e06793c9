import GGUF
import Kernels

/// The matrices and vectors of one block, bound for the kernels: matrices point into the
/// mapped file (a fused tensor's parts are views of its rows), norm and bias vectors are
/// copied to `Float`.
struct LayerWeights {
    let attentionNorm: [Float]
    /// Nil in a recurrent layer (as `output`).
    let query: QuantizedMatrix?
    /// Nil in a layer that reuses an earlier layer's keys and values; `value` also nil when the
    /// values are the keys.
    let key, value: QuantizedMatrix?
    let queryBias, keyBias, valueBias: [Float]?
    let queryNorm, keyNorm: [Float]?
    /// All ones `[headV]` when value heads are RMS-normalized without a weight (Gemma 4).
    let valueNorm: [Float]?
    let output: QuantizedMatrix?
    /// LFM2's gated short convolution (a recurrent layer of that family).
    let shortConvolution: ShortConvolutionWeights?
    /// The output projection's bias `[d]`, and the attention sinks `[heads]` (gpt-oss).
    let outputBias, attentionSinks: [Float]?
    /// Qwen3.5's Gated DeltaNet (a recurrent layer of that family).
    let gatedDeltaNet: GatedDeltaNetWeights?
    let postAttentionNorm: [Float]?
    let feedForwardNorm: [Float]
    /// The dense feed-forward network; nil in a block of routed experts alone.
    let gate, up, down: QuantizedMatrix?
    /// The dense network's biases (`[ff]`, `[ff]`, `[d]`), where the block has them.
    let gateBias, upBias, downBias: [Float]?
    /// The routed experts, when the block has them.
    let experts: ExpertWeights?
    /// Gemma 4's norms around the two branches of a block with experts (`[d]` each).
    let postDenseNorm, expertNorm, postExpertNorm: [Float]?
    let postFeedForwardNorm: [Float]?
    /// Gemma 4's per-layer input: gate `[d, p]`, projection `[p, d]`, norm `[d]`.
    let perLayerGate, perLayerProjection: QuantizedMatrix?
    let perLayerPostNorm: [Float]?
    /// The factor on the block's output (Gemma 4's `layer_output_scale`).
    let outputScale: Float?

    /// Binds `layer`'s tensors of `file` with `kernels` (which dequantize the vectors).
    init(_ l: ModelWeights.Layer, _ attention: LayerAttention, file: GGUFFile, kernels: KernelSet) throws {
        func matrix(_ s: TensorSlice) throws -> QuantizedMatrix { try Self.matrix(s, file: file) }
        func vector(_ s: TensorSlice?) throws -> [Float]? { try s.map { try Self.vector($0, file: file, kernels: kernels) } }
        func vector(_ t: GGUFTensorInfo?) throws -> [Float]? { try vector(t.map { TensorSlice($0) }) }
        attentionNorm = try vector(l.attentionNorm)!
        query = try l.query.map { try matrix($0) }
        key = try l.key.map { try matrix($0) }
        value = try l.value.map { try matrix($0) }
        queryBias = try vector(l.queryBias)
        keyBias = try vector(l.keyBias)
        valueBias = try vector(l.valueBias)
        queryNorm = try vector(l.queryNorm)
        keyNorm = try vector(l.keyNorm)
        valueNorm = l.normalizesValues ? [Float](repeating: 1, count: attention.valueLength) : nil
        output = try l.output.map { try matrix(TensorSlice($0)) }
        shortConvolution = try l.shortConvolution.map { try ShortConvolutionWeights($0, file: file, kernels: kernels) }
        outputBias = try vector(l.outputBias)
        attentionSinks = try vector(l.attentionSinks)
        gatedDeltaNet = try l.gatedDeltaNet.map { try GatedDeltaNetWeights($0, file: file, kernels: kernels) }
        postAttentionNorm = try vector(l.postAttentionNorm)
        feedForwardNorm = try vector(l.feedForwardNorm)!
        gate = try l.gate.map { try matrix($0) }
        up = try l.up.map { try matrix($0) }
        down = try l.down.map { try matrix(TensorSlice($0)) }
        gateBias = try vector(l.gateBias)
        upBias = try vector(l.upBias)
        downBias = try vector(l.downBias)
        experts = try l.experts.map { try ExpertWeights($0, file: file, kernels: kernels) }
        postDenseNorm = try vector(l.postDenseNorm)
        expertNorm = try vector(l.expertNorm)
        postExpertNorm = try vector(l.postExpertNorm)
        postFeedForwardNorm = try vector(l.postFeedForwardNorm)
        perLayerGate = try l.perLayerGate.map { try matrix(TensorSlice($0)) }
        perLayerProjection = try l.perLayerProjection.map { try matrix(TensorSlice($0)) }
        perLayerPostNorm = try vector(l.perLayerPostNorm)
        outputScale = try vector(l.outputScale)?.first
    }

    /// The rows of `slice` as a matrix over the mapped file.
    static func matrix(_ slice: TensorSlice, file: GGUFFile) throws -> QuantizedMatrix {
        let whole = try matrix(slice.tensor, file: file)
        return slice.rows == 0..<whole.rows ? whole : whole.rows(slice.rows)
    }

    /// The whole of `t` as a matrix (a vector is one row; a stack of matrices, `[columns,
    /// rows, count]`, is `rows * count` rows).
    static func matrix(_ t: GGUFTensorInfo, file: GGUFFile) throws -> QuantizedMatrix {
        guard let type = QuantType(rawValue: t.type.rawValue) else {
            throw ModelLoadError.unsupportedTensorType(
                tensor: t.name, type: t.type.name, supported: ModelWeights.supportedTypes.map(\.name))
        }
        return try QuantizedMatrix(
            file.data(for: t), type: type, rows: t.dimensions.dropFirst().reduce(1, *), columns: t.dimensions[0])
    }

    /// Every row of a small tensor `t`, dequantized to floats one after another (`[rows *
    /// columns]`): convolution kernels, stacks of per-expert biases.
    static func floats(_ t: GGUFTensorInfo, file: GGUFFile, kernels: KernelSet) throws -> [Float] {
        let m = try matrix(t, file: file)
        var out = [Float](repeating: 0, count: m.rows * m.columns)
        out.withUnsafeMutableBufferPointer { all in
            for r in 0..<m.rows {
                kernels.dequantize(m, row: r, into: UnsafeMutableBufferPointer(rebasing: all[(r * m.columns)..<((r + 1) * m.columns)]))
            }
        }
        return out
    }

    /// The elements `slice.rows` of a vector tensor, as floats.
    static func vector(_ slice: TensorSlice, file: GGUFFile, kernels: KernelSet) throws -> [Float] {
        let m = try matrix(slice.tensor, file: file)
        var out = [Float](repeating: 0, count: m.columns)
        out.withUnsafeMutableBufferPointer { kernels.dequantize(m, row: 0, into: $0) }
        return slice.rows == out.indices ? out : Array(out[slice.rows])
    }
}
