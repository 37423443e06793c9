// Top-p (nucleus) selection without top-k and without sorting the vocabulary: one pass sums the
// softmax normaliser and the weight falling in each band of log-probability; the bands say below
// which logit the nucleus must end, and only the logits above that threshold are collected and
// sorted. The result is exactly the full-sort definition (`WeightedCandidates.init(order:...)`).

enum NucleusSelection {
    /// Bands per unit of `(best - logit) / temperature`: a band spans a weight ratio of e^(1/32).
    static let bandsPerUnit: Float = 32
    /// Bands; the last one holds everything about 32 units or more below the best logit.
    static let bandCount = 1024

    /// The nucleus of the valid logits for `topP` below 1.
    ///
    /// Exactness does not depend on the bands: any logit threshold collects a prefix of the
    /// full candidate order (ties included), and the prefix is walked with the same arithmetic
    /// as the definition. The bands only choose the threshold; if the walk runs out before
    /// reaching `topP * Z` (rounding, or a nucleus reaching into the last band), the threshold
    /// is lowered and the next slice is collected, sorted and walked in turn. `margin` (see
    /// `threshold`) is a parameter so that tests can force that path with a bad guide.
    static func select(
        _ logits: UnsafeBufferPointer<Float>, temperature: Float, topP: Float, margin: Float = 2
    ) -> WeightedCandidates {
        let best = SoftmaxScan.maximum(logits)
        guard best > -.infinity else { return WeightedCandidates() }
        if best == .infinity {
            return WeightedCandidates(
                order: SoftmaxScan.infiniteIDs(logits), logits: logits, temperature: temperature, topP: topP)
        }
        let t = SoftmaxScan.effectiveTemperature(temperature)
        let scale = bandsPerUnit / t

        // The normaliser Z (id order, Double, as the definition) and the weight of each band.
        var z = 0.0
        var bandWeight = [Double](repeating: 0, count: bandCount)
        bandWeight.withUnsafeMutableBufferPointer { band in
            for i in logits.indices {
                let l = logits[i]
                guard l > -.infinity else { continue }
                let w = Double(SoftmaxScan.weight(l, best: best, temperature: t))
                z += w
                let y = (best - l) * scale
                band[y < Float(bandCount - 1) ? Int(y) : bandCount - 1] += w
            }
        }
        let target = Double(topP) * z

        var band = bandCount - 1
        var bandsSum = 0.0
        for b in 0..<bandCount {
            bandsSum += bandWeight[b]
            if bandsSum >= target { band = b; break }
        }

        var keys: [UInt64] = []
        var weights: [Float] = []
        var running = 0.0
        var upper = Float.infinity // logits at or above `upper` are already collected
        var step = 1
        while true {
            let lower = threshold(band: band, best: best, scale: scale, margin: margin)
            let start = keys.count
            collect(logits, from: lower, below: upper, into: &keys)
            keys[start...].sort()
            for j in start..<keys.count {
                let w = SoftmaxScan.weight(logits[SoftmaxScan.id(ofKey: keys[j])], best: best, temperature: t)
                weights.append(w)
                running += Double(w)
                if running >= target {
                    return WeightedCandidates(
                        ids: keys[...j].map(SoftmaxScan.id(ofKey:)), weights: weights, total: running)
                }
            }
            if lower == -.infinity { break } // everything is collected: the nucleus is all of it
            upper = lower
            band = min(band + step, bandCount - 1)
            step *= 2
        }
        return WeightedCandidates(ids: keys.map(SoftmaxScan.id(ofKey:)), weights: weights, total: running)
    }

    /// A logit below which no token of bands `0...band` lies: `band + margin` band widths below
    /// the best logit (band b spans widths b..<b+1, so a margin of 2 leaves a band for rounding);
    /// -infinity for the last band.
    static func threshold(band: Int, best: Float, scale: Float, margin: Float) -> Float {
        band >= bandCount - 1 ? -.infinity : best - (Float(band) + margin) / scale
    }

    /// Appends the keys of the valid logits in `lower ..< upper`, in id order.
    static func collect(
        _ logits: UnsafeBufferPointer<Float>, from lower: Float, below upper: Float, into keys: inout [UInt64]
    ) {
        let n = logits.count
        let lanes = SoftmaxScan.lanes
        let lo = SoftmaxScan.Vector(repeating: lower), hi = SoftmaxScan.Vector(repeating: upper)
        let masked = SoftmaxScan.Vector(repeating: -.infinity)
        var i = 0
        while i &+ lanes <= n {
            let v = SoftmaxScan.vector(logits, at: i)
            if any((v .>= lo) .& (v .< hi) .& (v .> masked)) {
                for j in i..<(i &+ lanes) {
                    let l = logits[j]
                    if l >= lower && l < upper && l > -.infinity { keys.append(SoftmaxScan.key(l, id: j)) }
                }
            }
            i &+= lanes
        }
        while i < n {
            let l = logits[i]
            if l >= lower && l < upper && l > -.infinity { keys.append(SoftmaxScan.key(l, id: i)) }
            i &+= 1
        }
    }
}
