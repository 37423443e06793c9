import Foundation

/// Which experts each row of a step runs, and with what weight, grouped by expert so that an
/// expert's matrices are read once for all the rows that chose it.
///
/// Per row (router logits `[experts]`): scores = softmax(logits) (`.softmax`), sigmoid(logits)
/// (`.sigmoid`) or the logits themselves (`.softmaxOfChosen`); the `used` highest scores (plus
/// the selection bias, when the block has one) are chosen (the lower index first among equals);
/// their weights are the scores, or for `.softmaxOfChosen` the softmax of the chosen logits
/// alone, divided by their sum when the routing normalizes them (floored at 2^-14, as
/// llama.cpp's clamp), then multiplied by the routing's scale.
struct ExpertAssignment {
    /// One of the rows an expert runs on.
    struct Choice: Equatable {
        /// The row of the step.
        let row: Int
        /// The weight of the expert's output in the row's sum.
        let weight: Float
    }

    /// `[experts]`: the rows that chose each expert, in row order.
    private(set) var rowsByExpert: [[Choice]]
    /// `[rows]`: how far each row's own choice is from another, in router logits: the last of its
    /// best experts' logit minus the best other one's (infinite when every expert runs; with
    /// sigmoid gating, the difference of the biased scores over the sigmoid's slope at the last
    /// chosen expert). A small margin is a near tie that another engine's rounding may decide
    /// the other way.
    private(set) var margins: [Float]
    /// `[rows]`: whether `forced` named other experts than the row's best ones.
    private(set) var overruled: [Bool]

    /// Routes `rows` rows of router logits (`[rows, routing.count]`). `forced`, when it answers
    /// for a row, names the experts that row runs instead of its best ones (weighed all the same
    /// by their scores): the reference tests' way to run llama.cpp's choices.
    init(
        logits: UnsafePointer<Float>, rows: Int, _ routing: ExpertRouting, selectionBias: [Float]? = nil,
        forced: ((Int) -> [Int]?)? = nil
    ) {
        let n = routing.count, k = routing.used
        rowsByExpert = Array(repeating: [], count: n)
        margins = Array(repeating: .infinity, count: rows)
        overruled = Array(repeating: false, count: rows)
        var scores = [Float](repeating: 0, count: n), selection = scores
        var best = [Int](repeating: 0, count: k)
        for r in 0..<rows {
            let row = logits + r * n
            switch routing.gating {
            case .softmax: Self.softmax(row, count: n, into: &scores)
            case .sigmoid: for e in 0..<n { scores[e] = 1 / (1 + expf(-row[e])) }
            case .softmaxOfChosen: for e in 0..<n { scores[e] = row[e] }
            }
            if let bias = selectionBias {
                for e in 0..<n { selection[e] = scores[e] + bias[e] }
            } else {
                selection = scores
            }
            Self.top(k, of: selection, into: &best)
            if routing.gating == .sigmoid {
                var unchosen = -Float.infinity
                for e in 0..<n where !best.contains(e) { unchosen = max(unchosen, selection[e]) }
                let last = scores[best[k - 1]], slope = max(last * (1 - last), 1e-6)
                margins[r] = (selection[best[k - 1]] - unchosen) / slope
            } else {
                var unchosen = -Float.infinity
                for e in 0..<n where !best.contains(e) { unchosen = max(unchosen, row[e]) }
                margins[r] = row[best[k - 1]] - unchosen
            }
            var chosen = best
            if let ids = forced?(r), ids.count == k, ids.allSatisfy({ (0..<n).contains($0) }) {
                chosen = ids
                overruled[r] = Set(ids) != Set(best)
            }
            if routing.gating == .softmaxOfChosen {
                // the weights: softmax over the chosen logits (llama.cpp: soft_max of the top-k rows)
                var peak = -Float.infinity
                for e in chosen { peak = max(peak, row[e]) }
                var total: Float = 0
                for e in chosen { total += expf(row[e] - peak) }
                for e in chosen { scores[e] = expf(row[e] - peak) / total }
            }
            var sum: Float = 0
            for e in chosen { sum += scores[e] }
            let divisor = routing.normalizesWeights ? max(sum, 6.103515625e-5) : 1
            let scale = routing.weightScale ?? 1
            for e in chosen { rowsByExpert[e].append(Choice(row: r, weight: scores[e] / divisor * scale)) }
        }
    }

    /// `out = softmax(x[0..<count])`.
    static func softmax(_ x: UnsafePointer<Float>, count: Int, into out: inout [Float]) {
        var peak = -Float.infinity
        for i in 0..<count { peak = max(peak, x[i]) }
        var sum: Float = 0
        for i in 0..<count {
            out[i] = expf(x[i] - peak)
            sum += out[i]
        }
        for i in 0..<count { out[i] /= sum }
    }

    /// The indices of the `k` largest `scores`, largest first (the lower index first among equals).
    static func top(_ k: Int, of scores: [Float], into chosen: inout [Int]) {
        var filled = 0
        for (i, s) in scores.enumerated() {
            // insertion into the sorted prefix: `k` is small (2 to 8 of up to 128 experts)
            var j = filled
            while j > 0, scores[chosen[j - 1]] < s {
                if j < k { chosen[j] = chosen[j - 1] }
                j -= 1
            }
            if j < k {
                chosen[j] = i
                filled = min(filled + 1, k)
            }
        }
    }
}
