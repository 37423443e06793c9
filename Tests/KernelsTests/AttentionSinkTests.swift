import FMSupport
import Foundation
import Kernels
import Testing

/// Attention sinks (gpt-oss): a logit per query head that joins the softmax's denominator only,
/// `w[h][p] = exp(s[h][p]) / (Σ exp(s[h][p']) + exp(sink[h]))`. Every attention path that takes
/// them (one position, a prefill tile of positions, a range in parts joined by the merge), at
/// every level, against a double-precision attention with the sink term.
@Suite("attention sinks")
struct AttentionSinkTests {
    /// group 4, heads of 64 (the tiled AVX-512 path) and of 24 (its per-row fallback).
    static let headLengths = [64, 24]

    /// The double-precision attention of query head `h` (`[group * dk]` at `query`) at the
    /// positions `range` of one kv head, with `sink` (nil: without).
    static func expected(
        query: [Float], h: Int, keys: [Float16], values: [Float16], dk: Int, dv: Int, range: ClosedRange<Int>, scale: Float,
        sink: Float?
    ) -> [Double] {
        let s: [Double] = range.map { p in
            var dot = 0.0
            for i in 0..<dk { dot += Double(query[h * dk + i]) * Double(keys[p * dk + i]) }
            return dot * Double(scale)
        }
        let m = max(s.max()!, Double(sink ?? -.infinity))
        let e = s.map { Foundation.exp($0 - m) }
        let total = e.reduce(0, +) + (sink.map { Foundation.exp(Double($0) - m) } ?? 0)
        var out = [Double](repeating: 0, count: dv)
        for (j, p) in range.enumerated() {
            let w: Double = e[j] / total
            for i in 0..<dv { out[i] += w * Double(values[p * dv + i]) }
        }
        return out
    }

    @Test(arguments: headLengths, KernelTest.levels)
    func everyPathDividesBySumAndSink(dk: Int, level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        let group = 4, dv = dk, positions = 300, window = 16
        var rng = SplitMix64(seed: UInt64(dk * 13 + 5))
        let keys = (0..<(positions * dk)).map { _ in Float16(rng.nextSigned() * 2) }
        let values = (0..<(positions * dv)).map { _ in Float16(rng.nextSigned()) }
        let query = (0..<(positions * group * dk)).map { _ in rng.nextSigned() * 2 }
        // sinks below, among and above the scores (the last takes most of the weight)
        let sinks: [Float] = [-3, 0.5, 1.5, 6]
        let scale = 1 / Float(dk).squareRoot()
        let bytes = 2 * dk
        // tolerance: the outputs are weighted means of values in [-1, 1]; f32 sums over 300 terms
        let tolerance = 2e-5
        keys.withUnsafeBytes { k in
            values.withUnsafeBytes { v in
                // one position (the last), the whole range, with sinks and without
                for withSinks in [true, false] {
                    var out = [Float](repeating: .nan, count: group * dv)
                    var scores = [Float](repeating: 0, count: group * positions)
                    sinks.withUnsafeBufferPointer { sink in
                        kernels.attend(
                            query: query.withUnsafeBufferPointer { $0.baseAddress! } + (positions - 1) * group * dk,
                            keys: k.baseAddress!, keyStride: bytes, values: v.baseAddress!, valueStride: bytes, format: .f16,
                            positions: 0...(positions - 1), group: group, keyLength: dk, valueLength: dv, scale: scale,
                            sinks: withSinks ? sink.baseAddress! : nil, scores: &scores, output: &out)
                    }
                    let q = Array(query[((positions - 1) * group * dk)...])
                    for h in 0..<group {
                        let want = Self.expected(
                            query: q, h: h, keys: keys, values: values, dk: dk, dv: dv, range: 0...(positions - 1), scale: scale,
                            sink: withSinks ? sinks[h] : nil)
                        let worst = (0..<dv).map { abs(Double(out[h * dv + $0]) - want[$0]) }.max()!
                        #expect(worst < tolerance, "attend \(level) dk \(dk) head \(h) sinks \(withSinks): \(worst)")
                    }
                }
                // the same range in parts, joined with the sinks
                let bounds = [0, 1, 117, 256, 300]
                let width = group * (dv + 2)
                var slots = [Float](repeating: .nan, count: (bounds.count - 1) * width)
                var scores = [Float](repeating: 0, count: group * positions)
                var joined = [Float](repeating: .nan, count: group * dv)
                let last = Array(query[((positions - 1) * group * dk)...])
                slots.withUnsafeMutableBufferPointer { slot in
                    for c in 0..<(bounds.count - 1) {
                        let part = slot.baseAddress! + c * width
                        kernels.attendPartial(
                            query: last, keys: k.baseAddress!, keyStride: bytes, values: v.baseAddress!, valueStride: bytes,
                            format: .f16, positions: bounds[c]...(bounds[c + 1] - 1), group: group, keyLength: dk,
                            valueLength: dv, scale: scale, scores: &scores, output: part, maxima: part + group * dv,
                            sums: part + group * dv + group)
                    }
                }
                kernels.attendMerge(
                    parts: bounds.count - 1, group: group, valueLength: dv, partials: slots, slotWidth: width, sinks: sinks,
                    output: &joined)
                for h in 0..<group {
                    let want = Self.expected(
                        query: last, h: h, keys: keys, values: values, dk: dk, dv: dv, range: 0...(positions - 1), scale: scale,
                        sink: sinks[h])
                    let worst = (0..<dv).map { abs(Double(joined[h * dv + $0]) - want[$0]) }.max()!
                    #expect(worst < tolerance, "merge \(level) dk \(dk) head \(h): \(worst)")
                }
                // a prefill tile of 8 positions from 40, over a sliding window of 16, with sinks
                let (p0, rows) = (40, 8)
                var tile = [Float](repeating: .nan, count: rows * group * dv)
                var scratch = [Float](
                    repeating: 0,
                    count: KernelSet.attendRowsScratchCount(rows: rows, group: group, keyLength: dk, valueLength: dv, positions: p0 + rows))
                kernels.attendRows(
                    query: query.withUnsafeBufferPointer { $0.baseAddress! } + p0 * group * dk, queryStride: group * dk,
                    keys: k.baseAddress!, keyStride: bytes, values: v.baseAddress!, valueStride: bytes, format: .f16,
                    firstPosition: p0, rows: rows, window: window, group: group, keyLength: dk, valueLength: dv, scale: scale,
                    sinks: sinks, scratch: &scratch, output: &tile, outputStride: group * dv)
                for r in 0..<rows {
                    let p = p0 + r, q = Array(query[(p * group * dk)..<((p + 1) * group * dk)])
                    for h in 0..<group {
                        let want = Self.expected(
                            query: q, h: h, keys: keys, values: values, dk: dk, dv: dv, range: (p - window + 1)...p, scale: scale,
                            sink: sinks[h])
                        let worst = (0..<dv).map { abs(Double(tile[(r * group + h) * dv + $0]) - want[$0]) }.max()!
                        #expect(worst < tolerance, "rows \(level) dk \(dk) row \(r) head \(h): \(worst)")
                    }
                }
            }
        }
    }

    /// A sink far above every score takes all the weight: the output is 0 (exp overflows to
    /// infinity in the denominator, which is the limit), not NaN.
    @Test(arguments: KernelTest.levels)
    func anOverwhelmingSinkGivesZero(level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        let (dk, group) = (16, 2)
        let keys = [Float16](repeating: 0.5, count: 3 * dk), values = [Float16](repeating: 1, count: 3 * dk)
        let query = [Float](repeating: 1, count: group * dk), sinks: [Float] = [200, 200]
        var out = [Float](repeating: .nan, count: group * dk), scores = [Float](repeating: 0, count: group * 3)
        keys.withUnsafeBytes { k in
            values.withUnsafeBytes { v in
                kernels.attend(
                    query: query, keys: k.baseAddress!, keyStride: 2 * dk, values: v.baseAddress!, valueStride: 2 * dk,
                    format: .f16, positions: 0...2, group: group, keyLength: dk, valueLength: dk, scale: 0.25, sinks: sinks,
                    scores: &scores, output: &out)
            }
        }
        #expect(out.allSatisfy { $0 == 0 }, "\(level): \(out)")
    }
}
