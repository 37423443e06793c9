import Foundation
import Kernels

/// The matrices and vectors of one block, bound for the kernels.
struct LayerWeights {
    let attentionNorm: [Float]
    let query, key, value: QuantizedMatrix
    let queryBias, keyBias, valueBias: [Float]?
    let queryNorm, keyNorm: [Float]?
    let output: QuantizedMatrix
    let postAttentionNorm: [Float]?
    let feedForwardNorm: [Float]
    let gate, up, down: QuantizedMatrix
    let postFeedForwardNorm: [Float]?
}

extension Transformer {
    /// One transformer block over the `n` rows of `scratch.x` ([n, d], placed by `placement`):
    /// attention (storing the rows' keys and values in their caches first) and feed-forward,
    /// both added to the residual stream.
    func block(_ index: Int, _ l: LayerWeights, _ placement: RowPlacement) {
        let hp = hyperparameters, s = scratch, n = placement.count
        let d = hp.embeddingLength, ff = hp.feedForwardLength
        let qWidth = hp.headCount * hp.keyLength, kWidth = hp.headCountKV * hp.keyLength
        let vWidth = hp.headCountKV * hp.valueLength

        rmsNormRows(s.x, l.attentionNorm, into: s.normed, rows: n, width: d)
        project(s.normed, rows: n, [(l.query, s.q), (l.key, s.k), (l.value, s.v)])
        if let b = l.queryBias { addRows(b, to: s.q, rows: n) }
        if let b = l.keyBias { addRows(b, to: s.k, rows: n) }
        if let b = l.valueBias { addRows(b, to: s.v, rows: n) }
        if let w = l.queryNorm { rmsNormRows(s.q, w, into: s.q, rows: n * hp.headCount, width: hp.keyLength) }
        if let w = l.keyNorm { rmsNormRows(s.k, w, into: s.k, rows: n * hp.headCountKV, width: hp.keyLength) }
        let sliding = hp.isSlidingWindowLayer(index)
        let table = sliding ? s.ropeLocal : s.ropeGlobal
        for r in 0..<n {
            rotate(s.q + r * qWidth, heads: hp.headCount, row: r, table)
            rotate(s.k + r * kWidth, heads: hp.headCountKV, row: r, table)
        }
        for run in placement.runs {
            let cache = placement.caches[run.cache]
            let format = cache.pointee.format, keyBytes = cache.pointee.keyRowBytes, valueBytes = cache.pointee.valueRowBytes
            if format == .q8_0, let scales = keyScales[index] {
                // (q / s) . (k s): the keys' big channels shrunk before quantizing (KeyChannelScales);
                // in place: attention below is the last reader of these rows of s.q and s.k
                for r in run.rows {
                    scales.scaleKeys(s.k + r * kWidth)
                    scales.scaleQueries(s.q + r * qWidth, heads: hp.headCount, group: hp.headCount / hp.headCountKV, keyLength: hp.keyLength)
                }
            }
            cache.pointee.withMutableLayer(index) { (keys: UnsafeMutableRawPointer, values: UnsafeMutableRawPointer) in
                for r in run.rows {
                    let p = placement.positions[r]
                    kernels.storeKVRow(s.k + r * kWidth, into: keys + p * keyBytes, count: kWidth, format: format)
                    kernels.storeKVRow(s.v + r * vWidth, into: values + p * valueBytes, count: vWidth, format: format)
                }
            }
        }
        attend(layer: index, placement, window: sliding ? hp.slidingWindow : nil)
        project(s.attention, rows: n, [(l.output, s.projected)])
        if let w = l.postAttentionNorm { rmsNormRows(s.projected, w, into: s.projected, rows: n, width: d) }
        add(s.projected, to: s.x, count: n * d)

        rmsNormRows(s.x, l.feedForwardNorm, into: s.normed, rows: n, width: d)
        project(s.normed, rows: n, [(l.gate, s.gate), (l.up, s.up)])
        gatedActivation(count: n * ff)
        project(s.gate, rows: n, [(l.down, s.projected)])
        if let w = l.postFeedForwardNorm { rmsNormRows(s.projected, w, into: s.projected, rows: n, width: d) }
        add(s.projected, to: s.x, count: n * d)
    }

    /// `gate[i] = act(gate[i]) * up[i]` over the first `count` elements, split over the pool
    /// (the exponentials cost as much as a small matrix product in prefill).
    func gatedActivation(count: Int) {
        let gate = UnsafeSendablePointer(scratch.gate), up = UnsafeSendablePointer(scratch.up)
        let gelu = hyperparameters.architecture.traits.activation == .gelu, kernels = kernels
        let body: @Sendable (Range<Int>) -> Void = { range in
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

    /// Rotates the `heads` heads at `x` by row `row`'s angles of `table`.
    func rotate(
        _ x: UnsafeMutablePointer<Float>, heads: Int, row: Int,
        _ table: (cos: UnsafeMutablePointer<Float>, sin: UnsafeMutablePointer<Float>)
    ) {
        let hp = hyperparameters, half = hp.ropeDimensions / 2
        TensorOps.rope(
            x, heads: heads, headLength: hp.keyLength, rotated: hp.ropeDimensions,
            cos: table.cos + row * half, sin: table.sin + row * half, neox: hp.architecture.usesNeoxRope)
    }
}
