import Foundation
import GGUF
import Kernels

/// Qwen3.5's Gated DeltaNet, bound for the kernels: the projections point into the mapped file;
/// the convolution kernel and the vectors are copied to floats.
struct GatedDeltaNetWeights {
    let mixer, outputGate, beta, alpha, output: QuantizedMatrix
    /// `[taps][C]`, oldest tap first: the file's `[C][taps]` turned so the channels of a tap
    /// are adjacent (the convolution runs over the channels eight at a time).
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
        let byChannel = try LayerWeights.floats(t.kernel, file: file, kernels: kernels) // [C][taps]
        let c = t.shape.channels, taps = t.shape.convolutionLength
        kernel = (0..<(taps * c)).map { byChannel[($0 % c) * taps + $0 / c] }
        timeStepBias = try vector(t.timeStepBias)
        decayRate = try vector(t.decayRate)
        norm = try vector(t.norm)
        shape = t.shape
    }
}

extension BlockPass {
    /// Positions from which a stretch of one sequence's rows runs the delta rule's chunked form
    /// (below, position by position: fewer positions than this do not repay the chunk's setup).
    static let deltaRuleChunkedFrom = 8
    /// Positions per chunk of the delta rule's chunked form.
    static let deltaRuleChunk = 64

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
    /// The rows of each sequence run in position order (the channels, then the heads, of a
    /// sequence split over the pool); the states its cache asked to keep are recorded as the
    /// rows reach them.
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
                    convolve(rows: run.rows, lengths: lengths, wanted: wanted, w, history: state, kept: kept.baseAddress!)
                    deltaRule(rows: run.rows, lengths: lengths, wanted: wanted, shape, state: state, kept: kept.baseAddress!)
                }
            }
            for (k, length) in wanted.enumerated() {
                kept.withUnsafeBufferPointer { cache.pointee.states.record(slot, after: length, $0.baseAddress! + k * shape.stateWidth) }
            }
        }
        gatedNorms(w, heads: n * hv, length: len)
        model.project(s.outputGate, rows: n, [(w.output, s.projected)])
    }

    /// The convolution of one sequence's rows over their `C` channels (split over the pool,
    /// eight at a time), in position order, advancing the history (`[taps - 1][C]`, copied into
    /// `kept` after the rows whose lengths are wanted); then SiLU, and the L2 norms of the rows'
    /// q and k heads, in place in `mixerInput`.
    private func convolve(
        rows: Range<Int>, lengths: [Int], wanted: [Int], _ w: GatedDeltaNetWeights, history state: UnsafeMutablePointer<Float>,
        kept: UnsafeMutablePointer<Float>
    ) {
        let shape = w.shape, c = shape.channels, taps = shape.convolutionLength, history = taps - 1
        let mix = UnsafeSendablePointer(model.scratch.mixerInput), hist = UnsafeSendablePointer(state)
        let keptStates = UnsafeSendablePointer(kept), kernels = model.kernels, width = shape.stateWidth
        w.kernel.withUnsafeBufferPointer { kernelBuffer in
            let kernel = UnsafeSendablePointer(UnsafeMutablePointer(mutating: kernelBuffer.baseAddress!)) // [taps][C]
            let body: @Sendable (Range<Int>) -> Void = { channels in
                for (r, length) in zip(rows, lengths) {
                    let x = mix.base + r * c
                    Self.convolveRow(x, channels: channels, width: c, history: history, state: hist.base, kernel: kernel.base)
                    kernels.silu(x + channels.lowerBound, count: channels.count)
                    guard let k = wanted.firstIndex(of: length) else { continue }
                    for t in 0..<history {
                        (keptStates.base + k * width + t * c + channels.lowerBound)
                            .update(from: hist.base + t * c + channels.lowerBound, count: channels.count)
                    }
                }
            }
            if let pool = model.pool { pool.parallelFor(count: c, minimumChunk: 256, alignment: 8, body) } else { body(0..<c) }
        }
        let eps = model.hyperparameters.rmsNormEpsilon, len = shape.headLength, first = rows.lowerBound
        let norms: @Sendable (Range<Int>) -> Void = { some in
            for r in some {
                let x = mix.base + (first + r) * c
                for h in 0..<(2 * shape.keyHeads) { DeltaRule.l2Normalize(x + h * len, count: len, epsilon: eps) }
            }
        }
        if let pool = model.pool { pool.parallelFor(count: rows.count, minimumChunk: 4, norms) } else { norms(0..<rows.count) }
    }

    /// `x[ch] = Σ_t kernel[t][ch] · input[t][ch]` over `channels` of one row (`width` wide), the
    /// inputs being the `history` rows of `state` and then `x` itself; `x` joins the history.
    private static func convolveRow(
        _ x: UnsafeMutablePointer<Float>, channels: Range<Int>, width c: Int, history: Int, state: UnsafeMutablePointer<Float>,
        kernel: UnsafeMutablePointer<Float>
    ) {
        func load(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> { UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self) }
        func store(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>) { UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self) }
        var ch = channels.lowerBound
        while ch + 8 <= channels.upperBound {
            let input = load(x + ch)
            var sum = input * load(kernel + history * c + ch)
            for t in 0..<history { sum += load(state + t * c + ch) * load(kernel + t * c + ch) }
            for t in 0..<(history - 1) { store(load(state + (t + 1) * c + ch), state + t * c + ch) }
            store(input, state + (history - 1) * c + ch)
            store(sum, x + ch)
            ch += 8
        }
        while ch < channels.upperBound {
            let input = x[ch]
            var sum = input * kernel[history * c + ch]
            for t in 0..<history { sum += state[t * c + ch] * kernel[t * c + ch] }
            for t in 0..<(history - 1) { state[t * c + ch] = state[(t + 1) * c + ch] }
            state[(history - 1) * c + ch] = input
            x[ch] = sum
            ch += 1
        }
    }

    /// The delta rule of one sequence's rows, each value head over the rows in order (the heads
    /// split over the pool): value head h reads q and k head `h % keyHeads`; its matrix is in
    /// `state` after the history, and is copied into `kept` (`[wanted][stateWidth]`) after the
    /// rows whose lengths are wanted. The rows go in stretches that end at those rows, each in
    /// the chunked form (`deltaRuleChunkedFrom` rows and more) or position by position.
    private func deltaRule(
        rows: Range<Int>, lengths: [Int], wanted: [Int], _ shape: GatedDeltaNetShape, state: UnsafeMutablePointer<Float>,
        kept: UnsafeMutablePointer<Float>
    ) {
        let s = model.scratch, n = self.rows, len = shape.headLength, c = shape.channels, hv = shape.valueHeads
        let mix = UnsafeSendablePointer(s.mixerInput), out = UnsafeSendablePointer(s.attention)
        let rates = UnsafeSendablePointer(s.mixerRates), matrices = UnsafeSendablePointer(state + shape.convolutionStateWidth)
        let keptStates = UnsafeSendablePointer(kept), kernels = model.kernels
        // Stretches of rows, each ending at a wanted row or at the last, with its `kept` index.
        var stretches: [(rows: Range<Int>, kept: Int?)] = [], start = rows.lowerBound
        for (r, length) in zip(rows, lengths) {
            guard let k = wanted.firstIndex(of: length) else { continue }
            stretches.append((start..<(r + 1), k))
            start = r + 1
        }
        if start < rows.upperBound { stretches.append((start..<rows.upperBound, nil)) }
        let pieces = stretches
        let body: @Sendable (Range<Int>) -> Void = { heads in
            for h in heads {
                let kh = h % shape.keyHeads, matrix = matrices.base + h * len * len
                for stretch in pieces {
                    let first = mix.base + stretch.rows.lowerBound * c, r0 = stretch.rows.lowerBound
                    kernels.deltaRule(
                        count: stretch.rows.count, length: len, queries: first + kh * len, keys: first + shape.keyWidth + kh * len,
                        keyStride: c, values: first + 2 * shape.keyWidth + h * len, valueStride: c,
                        decays: rates.base + n * hv + r0 * hv + h, betas: rates.base + r0 * hv + h, gateStride: hv, state: matrix,
                        outputs: out.base + r0 * shape.valueWidth + h * len, outputStride: shape.valueWidth,
                        chunk: stretch.rows.count >= Self.deltaRuleChunkedFrom ? Self.deltaRuleChunk : 0)
                    if let k = stretch.kept {
                        (keptStates.base + k * shape.stateWidth + shape.convolutionStateWidth + h * len * len)
                            .update(from: matrix, count: len * len)
                    }
                }
            }
        }
        if let pool = model.pool, hv > 1 { pool.parallelFor(count: hv, body) } else { body(0..<hv) }
    }

    /// `outputGate = rmsNorm(attention) * ssm_norm * silu(outputGate)` per head of `length`
    /// (`heads` of them, split over the pool); `attention` is overwritten on the way.
    private func gatedNorms(_ w: GatedDeltaNetWeights, heads: Int, length: Int) {
        let s = model.scratch, eps = model.hyperparameters.rmsNormEpsilon, kernels = model.kernels
        let x = UnsafeSendablePointer(s.attention), gate = UnsafeSendablePointer(s.outputGate)
        w.norm.withUnsafeBufferPointer { normBuffer in
            let norm = UnsafeSendablePointer(UnsafeMutablePointer(mutating: normBuffer.baseAddress!))
            let body: @Sendable (Range<Int>) -> Void = { range in
                for head in range {
                    let xh = x.base + head * length
                    let scale = 1 / (DeltaRule.dot(xh, xh, count: length) / Float(length) + eps).squareRoot()
                    for i in 0..<length { xh[i] *= scale * norm.base[i] }
                    kernels.gatedActivation(gate: gate.base + head * length, up: xh, count: length, gelu: false)
                }
            }
            if let pool = model.pool { pool.parallelFor(count: heads, minimumChunk: 16, body) } else { body(0..<heads) }
        }
    }
}
