import FMSupport
import Foundation
import TestSupport
import Testing

@testable import LLMEngine

@Suite struct RuntimeTests {
    @Test func kvCacheStoresTruncatesAndRewinds() {
        var cache = KVCache(layers: 2, capacity: 4, keyWidth: 2, valueWidth: 3)
        #expect(cache.byteCount == 2 * 4 * 5 * 2)
        let k: [Float] = [1.5, -2], v: [Float] = [0.25, 4, -8]
        k.withUnsafeBufferPointer { kb in
            v.withUnsafeBufferPointer { vb in
                cache.store(layer: 1, position: 2, key: kb, value: vb)
            }
        }
        cache.commit(upTo: 3)
        #expect(cache.count == 3)
        cache.withLayer(1) { keys, values in
            #expect(Array(keys[4..<6]) == [1.5, -2])
            #expect(Array(values[6..<9]) == [0.25, 4, -8])
        }
        cache.truncate(to: 1)
        #expect(cache.count == 1)
        cache.truncate(to: 7)
        #expect(cache.count == 1) // truncating never grows the cache
    }

    /// A copy of a cache is a value: writing one leaves the other as it was, and the resident
    /// size counts the positions written, not the capacity.
    @Test func kvCacheCopiesAreValuesAndResidencyFollowsUse() {
        var cache = KVCache(layers: 1, capacity: 32768, keyWidth: 2, valueWidth: 2)
        #expect(cache.byteCount == 32768 * 4 * 2 && cache.residentByteCount == 0)
        func store(_ cache: inout KVCache, _ position: Int, _ x: Float) {
            [x, x].withUnsafeBufferPointer { row in cache.store(layer: 0, position: position, key: row, value: row) }
        }
        store(&cache, 0, 1)
        cache.commit(upTo: 1)
        var copy = cache
        store(&copy, 0, 7)
        store(&copy, 1, 8)
        copy.commit(upTo: 2)
        cache.withLayer(0) { keys, _ in #expect(Array(keys[0..<4]) == [1, 1, 0, 0]) }
        copy.withLayer(0) { keys, _ in #expect(Array(keys[0..<4]) == [7, 7, 8, 8]) }
        #expect(cache.residentByteCount == 1 * 4 * 2 && copy.residentByteCount == 2 * 4 * 2)
        copy.truncate(to: 0)
        #expect(copy.residentByteCount == 2 * 4 * 2) // rows once written stay mapped
    }

    /// Attention against a double-precision computation written the obvious way.
    @Test(arguments: [nil, 3] as [Int?])
    func attentionMatchesNaive(window: Int?) {
        var rng = SplitMix64(seed: 9)
        let heads = 4, kvHeads = 2, kl = 8, vl = 6, positions = 7
        let q = (0..<(heads * kl)).map { _ in rng.nextSigned() }
        let keys = (0..<(positions * kvHeads * kl)).map { _ in Float16(rng.nextSigned()) }
        let values = (0..<(positions * kvHeads * vl)).map { _ in Float16(rng.nextSigned()) }
        var scores = [Float](repeating: 0, count: positions)
        var out = [Float](repeating: 0, count: heads * vl)
        let position = positions - 1, scale: Float = 1 / Float(kl).squareRoot()
        q.withUnsafeBufferPointer { qb in
            keys.withUnsafeBufferPointer { kb in
                values.withUnsafeBufferPointer { vb in
                    scores.withUnsafeMutableBufferPointer { sb in
                        out.withUnsafeMutableBufferPointer { ob in
                            Attention.attend(
                                query: qb, position: position, window: window, keys: kb, values: vb,
                                heads: heads, kvHeads: kvHeads, keyLength: kl, valueLength: vl, scale: scale,
                                scores: sb, output: ob)
                        }
                    }
                }
            }
        }
        let first = window.map { position - $0 + 1 } ?? 0
        for h in 0..<heads {
            let g = h / (heads / kvHeads)
            var s: [Double] = []
            for p in first...position {
                var dot = 0.0
                for i in 0..<kl { dot += Double(q[h * kl + i]) * Double(keys[p * kvHeads * kl + g * kl + i]) }
                s.append(dot * Double(scale))
            }
            let m = s.max()!, e = s.map { exp($0 - m) }, total = e.reduce(0, +)
            for i in 0..<vl {
                var want = 0.0
                for (j, p) in (first...position).enumerated() { want += e[j] / total * Double(values[p * kvHeads * vl + g * vl + i]) }
                #expect(abs(Double(out[h * vl + i]) - want) < 1e-5)
            }
        }
    }

    @Test func ropeIsARotation() {
        var x: [Float] = [1, 2, 3, 4, 5, 6, 7, 8]
        let norm = { (v: [Float]) in v.map { $0 * $0 }.reduce(0, +) }
        let before = norm(x)
        x.withUnsafeMutableBufferPointer {
            TensorOps.rope($0, heads: 2, headLength: 4, rotated: 4, position: 0, base: 10_000, neox: true, factors: nil)
        }
        #expect(x == [1, 2, 3, 4, 5, 6, 7, 8]) // position 0 does not turn
        for neox in [true, false] {
            var y: [Float] = [1, 2, 3, 4, 5, 6, 7, 8]
            y.withUnsafeMutableBufferPointer {
                TensorOps.rope($0, heads: 2, headLength: 4, rotated: 4, position: 5, base: 10_000, neox: neox, factors: nil)
            }
            #expect(abs(norm(y) - before) < 1e-3)
            // The first pair turns by 5 radians: (x0, x_half) in NEOX style, (x0, x1) otherwise.
            let (a, b): (Float, Float) = neox ? (1, 3) : (1, 2)
            #expect(abs(y[0] - (a * cosf(5) - b * sinf(5))) < 1e-5)
        }
    }

    @Test func rmsNorm() {
        let x: [Float] = [3, -4], w: [Float] = [1, 2]
        var y = [Float](repeating: 0, count: 2)
        x.withUnsafeBufferPointer { xb in
            w.withUnsafeBufferPointer { wb in
                y.withUnsafeMutableBufferPointer {
                    TensorOps.rmsNorm(xb, weight: wb, epsilon: 0, into: $0)
                }
            }
        }
        let rms = Float(12.5).squareRoot()
        #expect(abs(y[0] - 3 / rms) < 1e-6 && abs(y[1] - (-8 / rms)) < 1e-6)
    }
}
