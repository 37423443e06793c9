import Foundation
import Kernels

extension Transformer {
    /// Stores the keys and values of the rows (`scratch.k`, `scratch.v`) of block `index` in
    /// their caches at their positions. An 8-bit cache first shrinks the keys' big channels
    /// (`KeyChannelScales`) and grows the queries' to match: `(q / s) . (k s)` is unchanged.
    func storeKeysAndValues(layer index: Int, _ placement: RowPlacement) {
        let a = hyperparameters.layers[index], s = scratch, slot = a.cacheSlot
        let qWidth = a.queryWidth, kWidth = a.keyWidth, vWidth = a.valueWidth
        for run in placement.runs {
            let cache = placement.caches[run.cache]
            let format = cache.pointee.format
            let keyBytes = cache.pointee.keyRowBytes[slot], valueBytes = cache.pointee.valueRowBytes[slot]
            if format == .q8_0, let scales = keyScales[index] {
                // In place: attention is the last reader of these rows of s.q and s.k.
                for r in run.rows {
                    scales.scaleKeys(s.k + r * kWidth)
                    scales.scaleQueries(s.q + r * qWidth, heads: a.headCount, group: a.group, keyLength: a.keyLength)
                }
            }
            cache.pointee.withMutableLayer(slot) { (keys: UnsafeMutableRawPointer, values: UnsafeMutableRawPointer) in
                for r in run.rows {
                    let p = placement.positions[r]
                    kernels.storeKVRow(s.k + r * kWidth, into: keys + p * keyBytes, count: kWidth, format: format)
                    kernels.storeKVRow(s.v + r * vWidth, into: values + p * valueBytes, count: vWidth, format: format)
                }
            }
        }
    }

    /// `gate[i] = act(gate[i]) * up[i]` over the first `count` elements, split over the pool
    /// (the exponentials cost as much as a small matrix product in prefill).
    func gatedActivation(count: Int, _ activation: GateActivation) {
        let gate = UnsafeSendablePointer(scratch.gate), up = UnsafeSendablePointer(scratch.up)
        let gelu = activation == .gelu, kernels = kernels
        let body: @Sendable (Range<Int>) -> Void = { range in
            guard activation != .swigluOAI else {
                TensorOps.swigluOAI(gate: gate.base + range.lowerBound, up: up.base + range.lowerBound, count: range.count)
                return
            }
            kernels.gatedActivation(
                gate: gate.base + range.lowerBound, up: up.base + range.lowerBound,
                count: range.count, gelu: gelu)
        }
        if let pool { pool.parallelFor(count: count, minimumChunk: 1024, alignment: 16, body) } else { body(0..<count) }
    }

    /// `y = W x` for every row of `input` ([n, W.columns]) and each `(W, y)` pair; pairs whose
    /// matrices share a type (and so an activation format) quantize the input once.
    func project(_ input: UnsafeMutablePointer<Float>, rows n: Int, _ outputs: [(QuantizedMatrix, UnsafeMutablePointer<Float>)]) {
        var quantized: [QuantizedActivations] = []
        for (w, y) in outputs {
            let xq = scratch.activations(for: w)
            if !quantized.contains(where: { $0 === xq }) {
                if n == 1 {
                    xq.quantize(UnsafeBufferPointer(start: input, count: w.columns))
                } else {
                    xq.quantize(rows: UnsafeBufferPointer(start: input, count: n * w.columns), count: n, pool: pool)
                }
                quantized.append(xq)
            }
            let out = UnsafeMutableBufferPointer(start: y, count: n * w.rows)
            if n == 1 { kernels.matVec(w, xq, into: out, pool: pool) } else { kernels.matMul(w, xq, into: out, pool: pool) }
        }
    }

    /// RMSNorm of `rows` consecutive `width`-wide rows (in place when `y == x`).
    func rmsNormRows(
        _ x: UnsafeMutablePointer<Float>, _ weight: [Float], into y: UnsafeMutablePointer<Float>,
        rows: Int, width: Int
    ) {
        let eps = hyperparameters.rmsNormEpsilon
        weight.withUnsafeBufferPointer { w in
            for r in 0..<rows {
                TensorOps.rmsNorm(
                    UnsafeBufferPointer(start: x + r * width, count: width), weight: w, epsilon: eps,
                    into: UnsafeMutableBufferPointer(start: y + r * width, count: width))
            }
        }
    }

    /// Adds `bias` to each of `rows` rows of `x` (rows as wide as `bias`).
    func addRows(_ bias: [Float], to x: UnsafeMutablePointer<Float>, rows: Int) {
        let width = bias.count
        for r in 0..<rows { for i in 0..<width { x[r * width + i] += bias[i] } }
    }

    /// `x += y` over `count` floats.
    func add(_ y: UnsafeMutablePointer<Float>, to x: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count { x[i] += y[i] }
    }

    /// Rotates the first `rotated` dimensions of the `heads` heads of `headLength` at `x` by
    /// row `row`'s angles of `table` (`[rows, rotated / 2]`).
    func rotate(
        _ x: UnsafeMutablePointer<Float>, heads: Int, headLength: Int, rotated: Int, row: Int,
        _ table: (cos: UnsafeMutablePointer<Float>, sin: UnsafeMutablePointer<Float>)
    ) {
        let half = rotated / 2
        TensorOps.rope(
            x, heads: heads, headLength: headLength, rotated: rotated,
            cos: table.cos + row * half, sin: table.sin + row * half, neox: hyperparameters.ropeStyle == .neox)
    }
}
