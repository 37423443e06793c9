import Foundation

/// Scaled dot-product attention of one query position over cached keys and values, with
/// grouped-query heads and an optional sliding window.
///
/// `query` is `[heads * keyLength]`; the cache rows are `[kvHeads * keyLength]` keys and
/// `[kvHeads * valueLength]` values; query head `h` reads key/value head `h / (heads / kvHeads)`.
/// Positions `first...position` are attended (`first` is 0, or `position - window + 1`).
/// Writes `[heads * valueLength]` into `output`.
enum Attention {
    static func attend(
        query: UnsafeBufferPointer<Float>, position: Int, window: Int?,
        keys: UnsafeBufferPointer<Float16>, values: UnsafeBufferPointer<Float16>,
        heads: Int, kvHeads: Int, keyLength: Int, valueLength: Int, scale: Float,
        scores: UnsafeMutableBufferPointer<Float>, output: UnsafeMutableBufferPointer<Float>
    ) {
        let group = heads / kvHeads
        let first = window.map { max(0, position - $0 + 1) } ?? 0
        let keyWidth = kvHeads * keyLength, valueWidth = kvHeads * valueLength
        for h in 0..<heads {
            let kv = h / group
            let q = query.baseAddress! + h * keyLength
            var maxScore = -Float.infinity
            for p in first...position {
                let k = keys.baseAddress! + p * keyWidth + kv * keyLength
                var dot: Float = 0
                for i in 0..<keyLength { dot += q[i] * Float(k[i]) }
                let s = dot * scale
                scores[p] = s
                maxScore = max(maxScore, s)
            }
            var total: Float = 0
            for p in first...position {
                let e = expf(scores[p] - maxScore)
                scores[p] = e
                total += e
            }
            let out = output.baseAddress! + h * valueLength
            for i in 0..<valueLength { out[i] = 0 }
            for p in first...position {
                let w = scores[p] / total
                let v = values.baseAddress! + p * valueWidth + kv * valueLength
                for i in 0..<valueLength { out[i] += w * Float(v[i]) }
            }
        }
    }
}
