import Foundation

extension BlockPass {
    /// Splits the query projection of a block with output gates (Qwen3.5's attention layers),
    /// `mixerInput` `[n, heads, 2 * headK]` (each head's query, then its gate), into the
    /// queries `q` `[n, heads * headK]` and the gates `outputGate` `[n, heads * headK]`.
    func splitQueriesAndGates() {
        let s = model.scratch, a = attention, len = a.keyLength
        for r in 0..<rows {
            for h in 0..<a.headCount {
                let source = s.mixerInput + (r * a.headCount + h) * 2 * len, target = (r * a.headCount + h) * len
                (s.q + target).update(from: source, count: len)
                (s.outputGate + target).update(from: source + len, count: len)
            }
        }
    }

    /// `attention *= sigmoid(outputGate)` over the heads' outputs (`[n, heads * headV]`), before
    /// the output projection.
    func gateHeads() {
        let s = model.scratch
        for i in 0..<(rows * attention.outputWidth) { s.attention[i] *= 1 / (1 + expf(-s.outputGate[i])) }
    }
}
