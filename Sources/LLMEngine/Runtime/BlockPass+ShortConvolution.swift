import GGUF
import Kernels

/// LFM2's gated short convolution, bound for the kernels: the projections point into the
/// mapped file; the kernel is copied to floats, `[d][length]` (each channel's taps, oldest first).
struct ShortConvolutionWeights {
    let inputProjection: QuantizedMatrix
    let kernel: [Float]
    let outputProjection: QuantizedMatrix
    let length: Int

    init(_ t: ShortConvolutionTensors, file: GGUFFile, kernels: KernelSet) throws {
        inputProjection = try LayerWeights.matrix(t.inputProjection, file: file)
        outputProjection = try LayerWeights.matrix(t.outputProjection, file: file)
        kernel = try LayerWeights.floats(t.kernel, file: file, kernels: kernels) // [channels][taps]
        length = t.length
    }

    /// Floats of the state one sequence keeps: the gated inputs of the `length - 1` latest
    /// positions, `[length - 1][d]`.
    static func stateWidth(length: Int, width d: Int) -> Int { (length - 1) * d }
}

extension BlockPass {
    /// LFM2's gated short convolution on `normed` (`[n, d]`): `b, c, x = W_in normed`; for each
    /// channel, a causal convolution of `b * x` over the current position and the `L - 1` before
    /// it (those of earlier steps from the sequence's state, which the rows then advance);
    /// `projected = W_out (c * conv)`. The rows of each sequence run in position order, and the
    /// states the sequence's cache asked to keep are recorded as the rows reach them.
    func shortConvolution() {
        let s = model.scratch, n = rows, d = model.hyperparameters.embeddingLength
        guard let w = weights.shortConvolution, let slot = attention.stateSlot else {
            preconditionFailure("block \(index) has no short convolution")
        }
        model.project(s.normed, rows: n, [(w.inputProjection, s.mixerInput)]) // [n, 3d]: b | c | x
        let taps = w.length, history = taps - 1
        w.kernel.withUnsafeBufferPointer { kernel in
            for run in placement.runs {
                let cache = placement.caches[run.cache]
                var kept: [(length: Int, state: [Float])] = []
                let wanted = Set(run.rows.map { placement.positions[$0] + 1 }.filter { cache.pointee.states.wants($0) })
                cache.pointee.states.withLive(slot) { (state: UnsafeMutablePointer<Float>) in // [taps - 1][d]
                    for r in run.rows {
                        let b = s.mixerInput + r * 3 * d, c = b + d, x = c + d, y = s.normed + r * d
                        for ch in 0..<d {
                            let input = b[ch] * x[ch], k = kernel.baseAddress! + ch * taps
                            var sum: Float = 0
                            for t in 0..<history { sum += state[t * d + ch] * k[t] }
                            sum += input * k[history]
                            for t in 0..<max(0, history - 1) { state[t * d + ch] = state[(t + 1) * d + ch] }
                            if history > 0 { state[(history - 1) * d + ch] = input }
                            y[ch] = c[ch] * sum
                        }
                        let length = placement.positions[r] + 1
                        if wanted.contains(length) {
                            kept.append((length, Array(UnsafeBufferPointer(start: state, count: history * d))))
                        }
                    }
                }
                for (length, state) in kept {
                    state.withUnsafeBufferPointer { cache.pointee.states.record(slot, after: length, $0.baseAddress!) }
                }
            }
        }
        model.project(s.normed, rows: n, [(w.outputProjection, s.projected)])
    }
}
