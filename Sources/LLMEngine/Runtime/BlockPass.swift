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

    var rows: Int { placement.count }
    private var d: Int { model.hyperparameters.embeddingLength }

    /// `normed = rmsNorm(x) * weight` (`[n, d]`).
    func normalize(_ weight: [Float]) {
        let s = model.scratch
        model.rmsNormRows(s.x, weight, into: s.normed, rows: rows, width: d)
    }

    /// `q, k, v = W normed (+ bias)`: one pass over `normed` for the three projections (the
    /// parts of a fused `attn_qkv` included), biases added where the block has them; where the
    /// queries come with output gates (`LayerAttention.gatesOutput`), the gates go aside. A block
    /// that reuses an earlier block's keys and values projects its queries only; one without a
    /// value projection takes its keys as values (before any norm or rotation).
    func projectQKV() {
        let s = model.scratch, w = weights, n = rows, a = attention
        guard let query = w.query else { preconditionFailure("block \(index) does not attend") }
        var outputs = [(query, a.gatesOutput ? s.mixerInput : s.q)] // gated: [n, heads * 2 headK]
        if a.writesCache, let key = w.key {
            outputs.append((key, s.k))
            if let value = w.value { outputs.append((value, s.v)) }
        }
        model.project(s.normed, rows: n, outputs)
        if a.gatesOutput { splitQueriesAndGates() }
        if let b = w.queryBias { model.addRows(b, to: s.q, rows: n) }
        guard a.writesCache else { return }
        if let b = w.keyBias { model.addRows(b, to: s.k, rows: n) }
        if let b = w.valueBias { model.addRows(b, to: s.v, rows: n) }
        if w.value == nil { s.v.update(from: s.k, count: n * a.keyWidth) }
    }

    /// Per-head RMSNorm of the queries and keys (`attn_q_norm`, `attn_k_norm`, `[headK]`), and
    /// of the values without a weight where the family normalizes them.
    func normalizeHeads() {
        let s = model.scratch, a = attention, n = rows
        if let w = weights.queryNorm { model.rmsNormRows(s.q, w, into: s.q, rows: n * a.headCount, width: a.keyLength) }
        guard a.writesCache else { return }
        if let w = weights.keyNorm { model.rmsNormRows(s.k, w, into: s.k, rows: n * a.headCountKV, width: a.keyLength) }
        if let w = weights.valueNorm { model.rmsNormRows(s.v, w, into: s.v, rows: n * a.headCountKV, width: a.valueLength) }
    }

    /// RoPE on the queries and keys with the block's table (`attention.rope`), at each row's
    /// position; a block without a table is left as it is.
    func rotate() {
        guard let table = attention.rope else { return }
        let s = model.scratch, a = attention
        let angles = s.rope[table.rawValue], rotated = model.hyperparameters.ropeDimensions(of: table)
        for r in 0..<rows {
            model.rotate(s.q + r * a.queryWidth, heads: a.headCount, headLength: a.keyLength, rotated: rotated, row: r, angles)
            if a.writesCache {
                model.rotate(s.k + r * a.keyWidth, heads: a.headCountKV, headLength: a.keyLength, rotated: rotated, row: r, angles)
            }
        }
    }

    /// Stores the rows' keys and values in their caches (unless the block reuses an earlier
    /// block's), attends (over the block's window, with the block's attention sinks where it has
    /// them), and projects the heads' outputs: `projected = W_o attention(q, K, V) (+ b_o)` (each
    /// head's output first scaled by the sigmoid of its gate in a block whose queries come with
    /// gates).
    func attend() {
        let s = model.scratch, n = rows
        if attention.writesCache { model.storeKeysAndValues(layer: index, placement) }
        model.attend(layer: index, placement)
        if attention.gatesOutput { gateHeads() }
        model.project(s.attention, rows: n, [(weights.output!, s.projected)])
        if let b = weights.outputBias { model.addRows(b, to: s.projected, rows: n) }
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

    /// The gated feed-forward network on `normed`: `projected = W_down (act(W_gate normed + b_gate)
    /// * (W_up normed + b_up)) + b_down`, the biases where the block has them.
    func feedForward(_ activation: GateActivation) {
        let s = model.scratch, w = weights, n = rows
        guard let gate = w.gate, let up = w.up, let down = w.down else { preconditionFailure("block \(index) has no dense feed-forward network") }
        model.project(s.normed, rows: n, [(gate, s.gate), (up, s.up)])
        if let b = w.gateBias { model.addRows(b, to: s.gate, rows: n) }
        if let b = w.upBias { model.addRows(b, to: s.up, rows: n) }
        model.gatedActivation(count: n * model.hyperparameters.feedForwardLengths[index], activation)
        model.project(s.gate, rows: n, [(down, s.projected)])
        if let b = w.downBias { model.addRows(b, to: s.projected, rows: n) }
    }

    /// Gemma 4's per-layer input, after the block's residual adds: `projected =
    /// W_proj (gelu(W_gate x) * input)`, with `input` the block's slice of the per-layer inputs
    /// of the rows (`Transformer.perLayerInputs`, `[n, p]`).
    func perLayerInput() {
        let s = model.scratch, w = weights, n = rows, p = model.hyperparameters.perLayerInputLength!
        model.project(s.x, rows: n, [(w.perLayerGate!, s.gate)])
        for r in 0..<n {
            (s.up + r * p).update(from: s.perLayerInputs + (r * model.hyperparameters.blockCount + index) * p, count: p)
        }
        model.gatedActivation(count: n * p, .gelu)
        model.project(s.gate, rows: n, [(w.perLayerProjection!, s.projected)])
    }

    /// `x *= scale` when the block has an output scale.
    func scaleResidual() {
        guard let scale = weights.outputScale else { return }
        let s = model.scratch
        for i in 0..<(rows * d) { s.x[i] *= scale }
    }
}

extension BlockPass {
    /// The pre-norm block most families share: `attn_norm`, the q/k/v projections (then the
    /// per-head norms, where `normalizesHeads`), RoPE, attention, the residual add; `ffn_norm`,
    /// the routed experts where the block has them, else the dense network, gated with
    /// `activation`; the residual add.
    func preNormBlock(normalizesHeads: Bool = false, _ activation: GateActivation = .silu) {
        normalize(weights.attentionNorm)
        projectQKV()
        if normalizesHeads { normalizeHeads() }
        rotate()
        attend()
        addToResidual()
        normalize(weights.feedForwardNorm)
        if weights.experts != nil { routedExperts(activation) } else { feedForward(activation) }
        addToResidual()
    }
}
