import GGUF
import Kernels

/// Gemma 4's per-layer inputs: besides its embedding, each token brings `p` numbers to every
/// block (`p = perLayerInputLength`; 256 in E2B and E4B), which the block mixes into its output
/// (`BlockPass.perLayerInput`). For a token `t` with scaled embedding `x` (`[d]`), block `l`'s
/// input is
///
///     (rmsNorm((W x / sqrt(d))[l]) * norm + sqrt(p) * E[t][l]) / sqrt(2)
///
/// with `W` = `per_layer_model_proj` (`[d, L * p]`), `E` = `per_layer_token_embd`
/// (`[L * p, vocab]`: one row of `L` slices per token, read in place from the map), `norm` =
/// `per_layer_proj_norm` (`[p]`), and `[l]` the `l`-th slice of `p`.
struct PerLayerEmbedding {
    /// `per_layer_token_embd`: a row of `blocks * width` per token.
    let table: QuantizedMatrix
    /// `per_layer_model_proj`: `[blocks * width]` rows of `d`.
    let projection: QuantizedMatrix
    /// `per_layer_proj_norm`, `[width]`.
    let norm: [Float]
    /// `p`, the width of one block's input.
    let width: Int
    /// The blocks.
    let blocks: Int

    /// The per-layer embedding of `w`, or nil for a model without one.
    init?(_ w: ModelWeights, _ hp: ModelHyperparameters, file: GGUFFile, kernels: KernelSet) throws {
        guard let p = hp.perLayerInputLength, let table = w.perLayerTokenEmbedding,
            let projection = w.perLayerModelProjection, let norm = w.perLayerProjectionNorm
        else { return nil }
        self.table = try LayerWeights.matrix(table, file: file)
        self.projection = try LayerWeights.matrix(projection, file: file)
        self.norm = try LayerWeights.vector(TensorSlice(norm), file: file, kernels: kernels)
        width = p
        blocks = hp.blockCount
    }

    /// Writes the inputs of every block for `tokens` into `model.scratch.perLayerInputs`
    /// (`[n, blocks * width]`), `embedded` being their scaled embeddings (`[n, d]`).
    func inputs(_ tokens: [Int], embedded: UnsafeMutablePointer<Float>, model: Transformer) {
        let out = model.scratch.perLayerInputs, n = tokens.count, total = blocks * width
        let d = model.hyperparameters.embeddingLength
        model.project(embedded, rows: n, [(projection, out)])
        let projectionScale = 1 / Float(d).squareRoot()
        for i in 0..<(n * total) { out[i] *= projectionScale }
        model.rmsNormRows(out, norm, into: out, rows: n * blocks, width: width)
        let tokenScale = Float(width).squareRoot(), mix = 1 / Float(2).squareRoot()
        var row = [Float](repeating: 0, count: total)
        for (r, token) in tokens.enumerated() {
            row.withUnsafeMutableBufferPointer { model.kernels.dequantize(table, row: token, into: $0) }
            let y = out + r * total
            for i in 0..<total { y[i] = (y[i] + tokenScale * row[i]) * mix }
        }
    }
}
