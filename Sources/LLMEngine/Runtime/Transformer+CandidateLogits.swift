import Foundation
import Kernels

/// Logits for a few vocabulary entries only.
///
/// When a constraint allows only a handful of tokens next (an enum's first tokens, a digit,
/// `,` or `]`), the other entries of the next logits would be masked to `-infinity` anyway. The
/// output projection is the largest matrix of a small model (Qwen2.5-0.5B: 151,936 x 896, about
/// a third of the bytes a decode step reads; Gemma 3 270M: 262,144 x 640, over half), so the
/// forward pass can then compute the allowed entries' dot products alone.
///
/// Each entry is the same dot product (`vec_dot` over the same quantized activation row) that
/// the whole projection computes for it, so its value is bit for bit the same; every other
/// entry is `-infinity`. A row asked for with candidates gets exactly that whether the
/// projection ran sparse or whole (a batch in which another row needs every entry), so a
/// sequence's logits still do not depend on what it ran beside.
extension Transformer {
    /// The most candidates for which a row's projection runs sparse (a 64th of the
    /// vocabulary: under it, fetching the rows one by one costs less than streaming them all).
    public var candidateLimit: Int { max(1, hyperparameters.vocabularySize / 64) }

    /// Final norm and output projection of `rows` of `scratch.x` into `out`
    /// (`[rows.count, vocabularySize]`), with Gemma's final soft-capping where set. A row with
    /// candidates (`candidates[i]` for row `i`; an empty array asks none) gets their entries
    /// alone, every other one `-infinity`.
    func outputLogits(rows: Range<Int>, candidates: [[Int]?] = [], into out: UnsafeMutablePointer<Float>) {
        let hp = hyperparameters, s = scratch, d = hp.embeddingLength, v = hp.vocabularySize
        precondition(candidates.isEmpty || candidates.count == rows.count, "one candidate list per row")
        rmsNormRows(s.x + rows.lowerBound * d, outputNorm, into: s.normed, rows: rows.count, width: d)
        let sparse = !candidates.isEmpty && candidates.allSatisfy { $0.map { $0.count <= candidateLimit } ?? false }
        if sparse {
            projectCandidates(rows: rows.count, candidates.map { $0! }, into: out)
            return
        }
        project(s.normed, rows: rows.count, [(output, out)])
        if let cap = hp.finalLogitSoftcap {
            for i in 0..<(rows.count * v) { out[i] = cap * tanhf(out[i] / cap) }
        }
        for (i, list) in candidates.enumerated() {
            if let list { Self.keepOnly(list, in: out + i * v, count: v) }
        }
    }

    /// `out[i][t] = dot(output[t], normed[i])` (soft-capped where the model caps) for each row
    /// `i` and each of its candidates `t`, `-infinity` elsewhere; the rows' activations are
    /// quantized as `project` quantizes them.
    private func projectCandidates(rows n: Int, _ candidates: [[Int]], into out: UnsafeMutablePointer<Float>) {
        let s = scratch, v = hyperparameters.vocabularySize, w = output
        let xq = s.activations(for: w)
        if n == 1 {
            xq.quantize(UnsafeBufferPointer(start: s.normed, count: w.columns))
        } else {
            xq.quantize(rows: UnsafeBufferPointer(start: s.normed, count: n * w.columns), count: n, pool: pool)
        }
        out.update(repeating: -.infinity, count: n * v)
        let cap = hyperparameters.finalLogitSoftcap
        for (i, list) in candidates.enumerated() {
            for token in list {
                let logit = kernels.dot(w, row: token, xq, xRow: i)
                out[i * v + token] = cap.map { $0 * tanhf(logit / $0) } ?? logit
            }
        }
    }

    /// Sets every entry of the `count` logits at `row` to `-infinity` but those of `tokens`.
    private static func keepOnly(_ tokens: [Int], in row: UnsafeMutablePointer<Float>, count: Int) {
        let kept = tokens.map { row[$0] }
        row.update(repeating: -.infinity, count: count)
        for (token, value) in zip(tokens, kept) { row[token] = value }
    }
}
