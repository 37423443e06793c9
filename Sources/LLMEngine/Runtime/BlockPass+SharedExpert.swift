import Foundation
import GGUF
import Kernels

/// A block's shared expert bound for the kernels: its matrices over the mapped file and its
/// output gate's weights (`SharedExpertTensors`).
struct SharedExpertWeights {
    /// `[ff, d]` each.
    let gate, up: QuantizedMatrix
    /// `[d, ff]`.
    let down: QuantizedMatrix
    /// `[d]`.
    let outputGate: [Float]

    init(_ t: SharedExpertTensors, file: GGUFFile, kernels: KernelSet) throws {
        gate = try LayerWeights.matrix(TensorSlice(t.gate), file: file)
        up = try LayerWeights.matrix(TensorSlice(t.up), file: file)
        down = try LayerWeights.matrix(TensorSlice(t.down), file: file)
        outputGate = try LayerWeights.vector(TensorSlice(t.outputGate), file: file, kernels: kernels)
    }
}

extension BlockPass {
    /// Adds the shared expert to the routed experts' output: `projected[r] += σ(w · normed[r]) ·
    /// W_down (act(W_gate normed[r]) * W_up normed[r])` for every row (after `routedExperts`,
    /// whose scratch it reuses: `gate`, `up` `[n, ff]`, `expertOutput` `[n, d]`).
    func sharedExpert(_ activation: GateActivation) {
        let s = model.scratch, n = rows, d = model.hyperparameters.embeddingLength
        guard let shared = weights.experts?.shared else { preconditionFailure("block \(index) has no shared expert") }
        model.project(s.normed, rows: n, [(shared.gate, s.gate), (shared.up, s.up)]) // [n, ff] each
        model.gatedActivation(count: n * shared.gate.rows, activation)
        model.project(s.gate, rows: n, [(shared.down, s.expertOutput)]) // [n, d]
        shared.outputGate.withUnsafeBufferPointer { w in
            for r in 0..<n {
                let input = s.normed + r * d, y = s.expertOutput + r * d, out = s.projected + r * d
                var logit: Float = 0
                for i in 0..<d { logit += w[i] * input[i] }
                let g = 1 / (1 + expf(-logit))
                for i in 0..<d { out[i] += g * y[i] }
            }
        }
    }
}

extension LayerTensors {
    /// The shared expert of `width` as llama.cpp reads it: `ffn_{gate,up}_shexp` `[d, ff]`,
    /// `ffn_down_shexp` `[ff, d]`, and its gate `ffn_gate_inp_shexp` `[d]`.
    func sharedExpert(width ff: Int) throws(ModelLoadError) -> SharedExpertTensors {
        let d = hp.embeddingLength
        return SharedExpertTensors(
            gate: try matrix("ffn_gate_shexp.weight", [d, ff]), up: try matrix("ffn_up_shexp.weight", [d, ff]),
            down: try matrix("ffn_down_shexp.weight", [ff, d]), outputGate: try vector("ffn_gate_inp_shexp.weight", d))
    }
}
