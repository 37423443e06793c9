import Kernels

/// One block's pass over the rows of a forward step: the shared steps that a family's `block`
/// (`ArchitectureDefinition.block`) strings together, each in one place for every family.
///
/// The steps work in the model's scratch (n = rows of the step): the residual stream `x`
/// `[n, d]`; `normed` `[n, d]`; `q` `[n, heads * headK]`, `k` `[n, kvHeads * headK]`, `v`
/// `[n, kvHeads * headV]`; `attention` `[n, heads * headV]`; `projected` `[n, d]` (a branch's
/// output before it joins the residual); `gate`, `up` `[n, ff]`.
struct BlockPass {
    /// The model.
    let model: Transformer
    /// The block's index.
    let index: Int
    /// The block's weights.
    let weights: LayerWeights
    /// Where the rows belong.
    let placement: RowPlacement

    /// The block's attention kind (RoPE table or none, sliding window or none).
    var attention: LayerAttention { model.hyperparameters.layers[index] }

    private var rows: Int { placement.count }
    private var d: Int { model.hyperparameters.embeddingLength }

    /// `normed = rmsNorm(x) * weight` (`[n, d]`).
    func normalize(_ weight: [Float]) {
        let s = model.scratch
        model.rmsNormRows(s.x, weight, into: s.normed, rows: rows, width: d)
    }

    /// `q, k, v = W normed (+ bias)`: one pass over `normed` for the three projections (the
    /// parts of a fused `attn_qkv` included), biases added where the block has them.
    func projectQKV() {
        let s = model.scratch, w = weights, n = rows
        model.project(s.normed, rows: n, [(w.query, s.q), (w.key, s.k), (w.value, s.v)])
        if let b = w.queryBias { model.addRows(b, to: s.q, rows: n) }
        if let b = w.keyBias { model.addRows(b, to: s.k, rows: n) }
        if let b = w.valueBias { model.addRows(b, to: s.v, rows: n) }
    }

    /// Per-head RMSNorm of the queries and keys (`attn_q_norm`, `attn_k_norm`, `[headK]`).
    func normalizeHeads() {
        let s = model.scratch, hp = model.hyperparameters, n = rows
        if let w = weights.queryNorm { model.rmsNormRows(s.q, w, into: s.q, rows: n * hp.headCount, width: hp.keyLength) }
        if let w = weights.keyNorm { model.rmsNormRows(s.k, w, into: s.k, rows: n * hp.headCountKV, width: hp.keyLength) }
    }

    /// RoPE on the queries and keys with the block's table (`attention.rope`), at each row's
    /// position; a block without a table is left as it is.
    func rotate() {
        guard let table = attention.rope else { return }
        let s = model.scratch, hp = model.hyperparameters
        let angles = s.rope[table.rawValue]
        let qWidth = hp.headCount * hp.keyLength, kWidth = hp.headCountKV * hp.keyLength
        for r in 0..<rows {
            model.rotate(s.q + r * qWidth, heads: hp.headCount, row: r, angles)
            model.rotate(s.k + r * kWidth, heads: hp.headCountKV, row: r, angles)
        }
    }

    /// Stores the rows' keys and values in their caches, attends (over the block's window),
    /// and projects the heads' outputs: `projected = W_o attention(q, K, V)`.
    func attend() {
        let s = model.scratch, n = rows
        model.storeKeysAndValues(layer: index, placement)
        model.attend(layer: index, placement, window: attention.window)
        model.project(s.attention, rows: n, [(weights.output, s.projected)])
    }

    /// `projected = rmsNorm(projected) * weight`: a norm after a branch, before the residual add.
    func normalizeOutput(_ weight: [Float]) {
        let s = model.scratch
        model.rmsNormRows(s.projected, weight, into: s.projected, rows: rows, width: d)
    }

    /// `x += projected`.
    func addToResidual() {
        let s = model.scratch
        model.add(s.projected, to: s.x, count: rows * d)
    }

    /// The gated feed-forward network on `normed`: `projected = W_down (act(W_gate normed) * W_up normed)`.
    func feedForward(_ activation: GateActivation) {
        let s = model.scratch, w = weights, n = rows
        model.project(s.normed, rows: n, [(w.gate, s.gate), (w.up, s.up)])
        model.gatedActivation(count: n * model.hyperparameters.feedForwardLength, activation)
        model.project(s.gate, rows: n, [(w.down, s.projected)])
    }
}
