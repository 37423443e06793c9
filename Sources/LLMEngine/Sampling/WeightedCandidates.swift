// The kept candidates of a top-k / top-p selection with their unnormalised weights, the nucleus
// cut over an already ordered candidate list, and the seeded draw among candidates.

/// Candidates most likely first, each with its weight (see `SoftmaxScan`), and `total`, the sum
/// of the weights in list order accumulated in Double: a candidate's probability is
/// `weight / total`.
struct WeightedCandidates {
    var ids: [Int] = []
    var weights: [Float] = []
    var total: Double = 0

    /// The candidates in `order` (ids, best first), cut to the nucleus when `topP` is set.
    ///
    /// Nucleus definition: `Z` is the sum of the weights of all of `order` taken in id order
    /// (Double); the nucleus is the shortest prefix of `order` whose running sum (Double, list
    /// order) reaches `topP * Z`, or all of `order` if none does.
    init(order: [Int], logits: UnsafeBufferPointer<Float>, temperature: Float, topP: Float?) {
        guard let first = order.first else { return }
        let best = logits[first]
        var order = order
        if best == .infinity {
            // Only the +infinity logits count, each with weight 1; they lead the order.
            order.removeSubrange((order.firstIndex { logits[$0] != .infinity } ?? order.count)...)
            weights = [Float](repeating: 1, count: order.count)
        } else {
            let t = SoftmaxScan.effectiveTemperature(temperature)
            weights = order.map { SoftmaxScan.weight(logits[$0], best: best, temperature: t) }
        }
        var cut = order.count
        var running = 0.0
        if let topP {
            var byID = Array(order.indices)
            byID.sort { order[$0] < order[$1] }
            var z = 0.0
            for j in byID { z += Double(weights[j]) }
            let target = Double(topP) * z
            for (j, w) in weights.enumerated() {
                running += Double(w)
                if running >= target { cut = j + 1; break }
            }
        } else {
            running = Self.sum(weights)
        }
        order.removeSubrange(cut...)
        weights.removeSubrange(cut...)
        ids = order
        total = running
    }

    /// No candidates.
    init() {}

    /// Already cut candidates.
    init(ids: [Int], weights: [Float], total: Double) {
        self.ids = ids
        self.weights = weights
        self.total = total
    }

    /// The sum of `weights` in order, in Double.
    static func sum(_ weights: [Float]) -> Double {
        var s = 0.0
        for w in weights { s += Double(w) }
        return s
    }

    /// The candidate whose running weight (list order, Double) first exceeds `unit * total`;
    /// a zero weight is never chosen. `unit` is in [0, 1).
    func draw(unit: Float) -> Int? {
        let target = Double(unit) * total
        var running = 0.0
        for (id, w) in zip(ids, weights) {
            running += Double(w)
            if running > target { return id }
        }
        return weights.lastIndex { $0 > 0 }.map { ids[$0] } // unreachable for unit < 1
    }

    /// The public form: probabilities summing to 1.
    var candidates: [Sampler.Candidate] {
        zip(ids, weights).map { Sampler.Candidate(id: $0, probability: Float(Double($1) / total)) }
    }
}
