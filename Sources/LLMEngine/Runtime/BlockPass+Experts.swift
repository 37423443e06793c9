import Kernels

extension BlockPass {
    /// What the router of a block reads.
    enum RouterInput {
        /// `normed`, the experts' own input (Qwen3-MoE).
        case normed
        /// The residual stream, RMS-normalized and weighted by `ffn_gate_inp.scale / sqrt(d)`
        /// (Gemma 4).
        case weightedResidual
    }

    /// The routed experts on `normed` (`[n, d]`): `projected[r] = Σ w_e · s_e · (W_down,e
    /// act(W_gate,e normed[r] + b_gate,e, W_up,e normed[r] + b_up,e) + b_down,e)` over the
    /// experts `e` the router (logits plus its bias, where the file has one) picks for row `r`
    /// (`ExpertAssignment`), `s_e` the expert's output scale and the `b` its biases where the
    /// file has them (gpt-oss).
    /// Each chosen expert runs once over all the rows that chose it, gathered into
    /// `expertInput` (`[m, d]`), so its matrices stream from memory once per step whatever the
    /// number of rows; the experts nobody chose are not read at all.
    func routedExperts(_ activation: GateActivation, router input: RouterInput = .normed) {
        let s = model.scratch, n = rows, d = model.hyperparameters.embeddingLength
        guard let routing = model.hyperparameters.experts, let experts = weights.experts else {
            preconditionFailure("block \(index) has no routed experts")
        }
        var routerInput = s.normed
        if input == .weightedResidual, let w = experts.routerInputWeights {
            model.rmsNormRows(s.x, w, into: s.expertInput, rows: n, width: d)
            routerInput = s.expertInput
        }
        model.project(routerInput, rows: n, [(experts.router, s.routerLogits)]) // [n, experts]
        if let b = experts.routerBias { model.addRows(b, to: s.routerLogits, rows: n) }
        let forced = s.forcedExperts.map { choose in { (row: Int) in choose(index, placement.positions[row]) } }
        let assignment = ExpertAssignment(
            logits: s.routerLogits, rows: n, routing, selectionBias: experts.selectionBias, forced: forced)
        if index == model.layers.firstIndex(where: { $0.experts != nil }) {
            s.routingMargins = assignment.margins
            s.overruledMargins = Array(repeating: -.infinity, count: n)
        } else {
            for r in 0..<n { s.routingMargins[r] = min(s.routingMargins[r], assignment.margins[r]) }
        }
        for r in 0..<n where assignment.overruled[r] {
            s.overruledMargins[r] = max(s.overruledMargins[r], assignment.margins[r])
        }
        s.projected.update(repeating: 0, count: n * d)
        for (expert, chosen) in assignment.rowsByExpert.enumerated() where !chosen.isEmpty {
            let m = chosen.count
            // every row chose it (always so in a one-row step): the rows are in place already
            let input = m == n ? s.normed : s.expertInput
            if m != n {
                for (j, c) in chosen.enumerated() { (input + j * d).update(from: s.normed + c.row * d, count: d) }
            }
            let (gate, up) = experts.gateAndUp(expert)
            let ff = experts.width
            model.project(input, rows: m, [(gate, s.gate), (up, s.up)]) // [m, ff] each
            if let b = experts.gateBias { Self.addRows(b, from: expert * ff, width: ff, to: s.gate, rows: m) }
            if let b = experts.upBias { Self.addRows(b, from: expert * ff, width: ff, to: s.up, rows: m) }
            model.gatedActivation(count: m * ff, activation)
            model.project(s.gate, rows: m, [(experts.down(expert), s.expertOutput)]) // [m, d]
            if let b = experts.downBias { Self.addRows(b, from: expert * d, width: d, to: s.expertOutput, rows: m) }
            let scale = experts.downScales?[expert] ?? 1
            for (j, c) in chosen.enumerated() {
                let out = s.projected + c.row * d, y = s.expertOutput + j * d, w = c.weight * scale
                for i in 0..<d { out[i] += w * y[i] }
            }
        }
    }

    /// Adds `bias[start..<start + width]` (one expert's slice of a stacked bias) to each of
    /// `rows` rows of `x` (`[rows, width]`).
    static func addRows(_ bias: [Float], from start: Int, width: Int, to x: UnsafeMutablePointer<Float>, rows: Int) {
        bias.withUnsafeBufferPointer { b in
            for r in 0..<rows { for i in 0..<width { x[r * width + i] += b[start + i] } }
        }
    }

    /// Keeps `projected` (`[n, d]`) aside while another branch of the block runs.
    func holdOutput() {
        model.scratch.held.update(from: model.scratch.projected, count: rows * model.hyperparameters.embeddingLength)
    }

    /// `projected += held`: joins the branch kept by `holdOutput`.
    func addHeldOutput() {
        let s = model.scratch
        model.add(s.held, to: s.projected, count: rows * model.hyperparameters.embeddingLength)
    }
}
