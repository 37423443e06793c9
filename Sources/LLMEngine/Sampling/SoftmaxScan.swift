// Whole-vocabulary passes over logits shared by every sampling path: the largest valid logit and
// argmax (16 lanes at a time), the temperature and weight conventions, the packed sort key that
// orders candidates (highest logit first, lowest id among equals), and the direct draw from the
// full softmax that needs no sort and no candidate array.
import Foundation

/// Conventions and whole-vocabulary passes for sampling. A logit is *valid* when it is neither
/// NaN nor -infinity; if any logit is +infinity, only the +infinity logits are valid and each
/// weighs 1 (the limit of the softmax). Otherwise a valid logit `l` weighs
/// `expf((l - best) / t)`, `best` the largest valid logit and `t` the effective temperature.
enum SoftmaxScan {
    /// Lanes per vector step.
    static let lanes = 16
    typealias Vector = SIMD16<Float>

    /// The temperature the weights divide by: at least 1e-6 (NaN too), at most the largest
    /// finite Float, so no weight is NaN for finite logits.
    static func effectiveTemperature(_ temperature: Float) -> Float {
        temperature > 1e-6 ? min(temperature, .greatestFiniteMagnitude) : 1e-6
    }

    /// The weight of a valid logit when the largest valid logit `best` is finite.
    @inline(__always)
    static func weight(_ logit: Float, best: Float, temperature: Float) -> Float {
        expf((logit - best) / temperature)
    }

    @inline(__always)
    static func vector(_ logits: UnsafeBufferPointer<Float>, at index: Int) -> Vector {
        UnsafeRawPointer(logits.baseAddress!).loadUnaligned(
            fromByteOffset: index &* MemoryLayout<Float>.stride, as: Vector.self)
    }

    /// The largest logit that is not NaN (-infinity when there is none).
    static func maximum(_ logits: UnsafeBufferPointer<Float>) -> Float {
        let n = logits.count
        var i = 0
        var best = -Float.infinity
        if n >= lanes {
            var lanesBest = Vector(repeating: -.infinity)
            while i &+ lanes <= n {
                let v = vector(logits, at: i)
                lanesBest.replace(with: v, where: v .> lanesBest) // NaN compares false: skipped
                i &+= lanes
            }
            best = lanesBest.max()
        }
        while i < n {
            if logits[i] > best { best = logits[i] }
            i &+= 1
        }
        return best
    }

    /// The lowest index whose logit equals `value` (compared as Floats, so -0 equals +0).
    static func firstIndex(of value: Float, in logits: UnsafeBufferPointer<Float>) -> Int? {
        let n = logits.count
        var i = 0
        let target = Vector(repeating: value)
        while i &+ lanes <= n {
            if any(vector(logits, at: i) .== target) { break }
            i &+= lanes
        }
        while i < n {
            if logits[i] == value { return i }
            i &+= 1
        }
        return nil
    }

    /// A key whose ascending order is the candidate order: highest logit first, then lowest id.
    /// `logit` must not be NaN; -0 and +0 get the same key, as they compare equal.
    @inline(__always)
    static func key(_ logit: Float, id: Int) -> UInt64 {
        let bits = logit == 0 ? 0 : logit.bitPattern
        let ascending = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
        return UInt64(~ascending) << 32 | UInt64(truncatingIfNeeded: id)
    }

    /// The token id packed in a key.
    @inline(__always)
    static func id(ofKey key: UInt64) -> Int { Int(truncatingIfNeeded: key & 0xFFFF_FFFF) }

    /// The logit packed in a key (+0 for either zero).
    @inline(__always)
    static func logit(ofKey key: UInt64) -> Float {
        let ascending = ~UInt32(truncatingIfNeeded: key >> 32)
        return Float(bitPattern: ascending & 0x8000_0000 != 0 ? ascending & 0x7FFF_FFFF : ~ascending)
    }

    /// The ids of the +infinity logits, in id order.
    static func infiniteIDs(_ logits: UnsafeBufferPointer<Float>) -> [Int] {
        var ids: [Int] = []
        for i in logits.indices where logits[i] == .infinity { ids.append(i) }
        return ids
    }

    /// Tokens per block of the direct draw's running sums.
    static let drawBlock = 2048

    /// A draw from the full softmax in vocabulary order, without sorting or a candidate list.
    ///
    /// Definition: `Z` is the sum of all weights in id order, accumulated in Double; with `u` the
    /// generator's next unit float, the token is the lowest id whose running sum (same order,
    /// same arithmetic) exceeds `u * Z`. One pass computes `Z` and records the running sum at
    /// every block boundary; the draw then re-walks a single block, so the result is bit-identical
    /// to walking the whole vocabulary. The generator advances only when some token is valid.
    static func draw(
        _ logits: UnsafeBufferPointer<Float>, temperature: Float, generator: inout SeededGenerator
    ) -> Int? {
        let best = maximum(logits)
        guard best > -.infinity else { return nil }
        if best == .infinity {
            let ids = infiniteIDs(logits)
            let target = Double(generator.nextUnitFloat()) * Double(ids.count)
            return ids[min(Int(target), ids.count - 1)] // running sums 1, 2, ...: first > target
        }
        let t = effectiveTemperature(temperature)
        let n = logits.count
        var blockEnds: [Double] = []
        blockEnds.reserveCapacity(n / drawBlock + 1)
        var total = 0.0
        var start = 0
        while start < n {
            let end = min(start &+ drawBlock, n)
            for i in start..<end {
                let l = logits[i]
                if l > -.infinity { total += Double(weight(l, best: best, temperature: t)) }
            }
            blockEnds.append(total)
            start = end
        }
        let target = Double(generator.nextUnitFloat()) * total
        guard let block = blockEnds.firstIndex(where: { $0 > target }) else {
            return lastPositive(logits, best: best, temperature: t) // unreachable: u < 1
        }
        var running = block == 0 ? 0 : blockEnds[block - 1]
        for i in (block * drawBlock)..<min((block + 1) * drawBlock, n) {
            let l = logits[i]
            guard l > -.infinity else { continue }
            running += Double(weight(l, best: best, temperature: t))
            if running > target { return i }
        }
        return lastPositive(logits, best: best, temperature: t)
    }

    /// The last token with a positive weight (a guard against rounding, never expected).
    private static func lastPositive(_ logits: UnsafeBufferPointer<Float>, best: Float, temperature: Float) -> Int? {
        logits.indices.last { logits[$0] > -.infinity && weight(logits[$0], best: best, temperature: temperature) > 0 }
    }
}
