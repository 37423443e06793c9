import Foundation
import GGUF
import Kernels

/// Qwen3.5's Gated DeltaNet, bound for the kernels: the projections point into the mapped file;
/// the kernel (`[C][taps]`, each channel's taps oldest first) and the vectors are copied to floats.
struct GatedDeltaNetWeights {
    let mixer, outputGate, beta, alpha, output: QuantizedMatrix
    let kernel: [Float]
    /// `[H]`: added to alpha before the softplus; the decay rate `-exp(A_log)` it is multiplied by.
    let timeStepBias, decayRate: [Float]
    /// `[S]`.
    let norm: [Float]
    let shape: GatedDeltaNetShape

    init(_ t: GatedDeltaNetTensors, file: GGUFFile, kernels: KernelSet) throws {
        func matrix(_ info: GGUFTensorInfo) throws -> QuantizedMatrix { try LayerWeights.matrix(TensorSlice(info), file: file) }
        func vector(_ info: GGUFTensorInfo) throws -> [Float] { try LayerWeights.vector(TensorSlice(info), file: file, kernels: kernels) }
        mixer = try matrix(t.mixer)
        outputGate = try matrix(t.outputGate)
        beta = try matrix(t.beta)
        alpha = try matrix(t.alpha)
        output = try matrix(t.output)
        kernel = try LayerWeights.floats(t.kernel, file: file, kernels: kernels) // [channels][taps]
        timeStepBias = try vector(t.timeStepBias)
        decayRate = try vector(t.decayRate)
        norm = try vector(t.norm)
        shape = t.shape
    }
}

extension BlockPass {
    /// Qwen3.5's Gated DeltaNet on `normed` (`[n, d]`), into `projected` (`[n, d]`):
    ///
    /// 1. `mix = W_qkv normed` (`[n, C]`, q | k | v), `z = W_gate normed` (`[n, V]`),
    ///    `β = sigmoid(W_β normed)`, `g = a · softplus(W_α normed + dt_bias)` (`[n, H]` each);
    /// 2. per channel, a causal convolution of `mix` over the current position and the
    ///    `taps - 1` before it (from the sequence's state, which the rows then advance), SiLU;
    /// 3. q and k heads L2-normalized; per value head the gated delta rule (`DeltaRule`) into
    ///    `attention` (`[n, V]`), the head's matrix in the sequence's state;
    /// 4. `y = rmsNorm(o_h) * ssm_norm * silu(z_h)` per value head; `projected = W_out y`.
    ///
    /// The rows of each sequence run in position order (the heads of a sequence in parallel);
    /// the states its cache asked to keep are recorded as the rows reach them.
    func gatedDeltaNet() {
        let s = model.scratch, n = rows
        guard let w = weights.gatedDeltaNet, let slot = attention.stateSlot else {
            preconditionFailure("block \(index) has no Gated DeltaNet")
        }
        let shape = w.shape, hv = shape.valueHeads, len = shape.headLength
        let betas = s.mixerRates, decays = s.mixerRates + n * hv // [n, H] each
        model.project(
            s.normed, rows: n, [(w.mixer, s.mixerInput), (w.outputGate, s.outputGate), (w.beta, betas), (w.alpha, decays)])
        for i in 0..<(n * hv) {
            betas[i] = DeltaRule.sigmoid(betas[i])
            let h = i % hv
            decays[i] = w.decayRate[h] * DeltaRule.softplus(decays[i] + w.timeStepBias[h]) // g
        }
        for run in placement.runs {
            let cache = placement.caches[run.cache]
            let lengths = run.rows.map { placement.positions[$0] + 1 }
            let wanted = lengths.filter { cache.pointee.states.wants($0) }
            // The states to keep, `[wanted][stateWidth]`, filled in as the rows pass them.
            var kept = [Float](repeating: 0, count: wanted.count * shape.stateWidth)
            cache.pointee.states.withLive(slot) { (state: UnsafeMutablePointer<Float>) in // [stateWidth]
                kept.withUnsafeMutableBufferPointer { kept in
                    for (r, length) in zip(run.rows, lengths) {
                        convolve(row: r, w, history: state)
                        if let k = wanted.firstIndex(of: length) {
                            (kept.baseAddress! + k * shape.stateWidth).update(from: state, count: shape.convolutionStateWidth)
                        }
                    }
                    deltaRule(rows: run.rows, lengths: lengths, wanted: wanted, shape, state: state, kept: kept.baseAddress!)
                }
            }
            for (k, length) in wanted.enumerated() {
                kept.withUnsafeBufferPointer { cache.pointee.states.record(slot, after: length, $0.baseAddress! + k * shape.stateWidth) }
            }
        }
        let eps = model.hyperparameters.rmsNormEpsilon
        for head in 0..<(n * hv) {
            gatedNorm(s.attention + head * len, gate: s.outputGate + head * len, weight: w.norm, count: len, epsilon: eps)
        }
        model.project(s.outputGate, rows: n, [(w.output, s.projected)])
    }

    /// Row `r`'s convolution over its `C` channels, advancing the history (`[taps - 1][C]`),
    /// then SiLU and the L2 norms of its q and k heads, in place in `mixerInput`.
    private func convolve(row r: Int, _ w: GatedDeltaNetWeights, history state: UnsafeMutablePointer<Float>) {
        let shape = w.shape, c = shape.channels, taps = shape.convolutionLength, history = taps - 1
        let mix = model.scratch.mixerInput + r * c
        w.kernel.withUnsafeBufferPointer { kernel in
            for ch in 0..<c {
                let k = kernel.baseAddress! + ch * taps, input = mix[ch]
                var sum: Float = 0
                for t in 0..<history { sum += state[t * c + ch] * k[t] }
                sum += input * k[history]
                for t in 0..<(history - 1) { state[t * c + ch] = state[(t + 1) * c + ch] }
                state[(history - 1) * c + ch] = input
                mix[ch] = sum / (1 + expf(-sum)) // SiLU
            }
        }
        let eps = model.hyperparameters.rmsNormEpsilon
        for h in 0..<(2 * shape.keyHeads) { DeltaRule.l2Normalize(mix + h * shape.headLength, count: shape.headLength, epsilon: eps) }
    }

    /// The delta rule of one sequence's rows, each value head over the rows in order (the heads
    /// split over the pool): value head h reads q and k head `h % keyHeads`; its matrix is in
    /// `state` after the history, and is copied into `kept` (`[wanted][stateWidth]`) after the
    /// rows whose lengths are wanted.
    private func deltaRule(
        rows: Range<Int>, lengths: [Int], wanted: [Int], _ shape: GatedDeltaNetShape, state: UnsafeMutablePointer<Float>,
        kept: UnsafeMutablePointer<Float>
    ) {
        let s = model.scratch, n = self.rows, len = shape.headLength, c = shape.channels
        let mix = UnsafeSendablePointer(s.mixerInput), out = UnsafeSendablePointer(s.attention)
        let rates = UnsafeSendablePointer(s.mixerRates), matrices = UnsafeSendablePointer(state + shape.convolutionStateWidth)
        let keptStates = UnsafeSendablePointer(kept)
        let body: @Sendable (Range<Int>) -> Void = { heads in
            for h in heads {
                let kh = h % shape.keyHeads, matrix = matrices.base + h * len * len
                for (r, length) in zip(rows, lengths) {
                    let row = mix.base + r * c
                    DeltaRule.step(
                        state: matrix, query: row + kh * len, key: row + shape.keyWidth + kh * len,
                        value: row + 2 * shape.keyWidth + h * len, decay: rates.base[n * shape.valueHeads + r * shape.valueHeads + h],
                        beta: rates.base[r * shape.valueHeads + h], length: len, into: out.base + r * shape.valueWidth + h * len)
                    if let k = wanted.firstIndex(of: length) {
                        (keptStates.base + k * shape.stateWidth + shape.convolutionStateWidth + h * len * len)
                            .update(from: matrix, count: len * len)
                    }
                }
            }
        }
        if let pool = model.pool, shape.valueHeads > 1 { pool.parallelFor(count: shape.valueHeads, body) } else { body(0..<shape.valueHeads) }
    }

    /// `gate = rmsNorm(x) * weight * silu(gate)` over one head of `count` floats.
    private func gatedNorm(
        _ x: UnsafeMutablePointer<Float>, gate: UnsafeMutablePointer<Float>, weight: [Float], count: Int, epsilon: Float
    ) {
        let scale = 1 / (DeltaRule.dot(x, x, count: count) / Float(count) + epsilon).squareRoot()
        for i in 0..<count {
            let z = gate[i]
            gate[i] = x[i] * scale * weight[i] * (z / (1 + expf(-z)))
        }
    }
}
