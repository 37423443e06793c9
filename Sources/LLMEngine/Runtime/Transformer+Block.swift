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
            placement.caches[run.cache].pointee.withMutableLayer(index) { keys, values in
                for r in run.rows {
                    let p = placement.positions[r]
                    kernels.convertToHalf(s.k + r * kWidth, into: keys + p * kWidth, count: kWidth)
                    kernels.convertToHalf(s.v + r * vWidth, into: values + p * vWidth, count: vWidth)
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

    /// Attention of the query rows in `scratch.q` over their caches into `scratch.attention`.
    /// Work items are (row, kv head) pairs, dealt round-robin to the pool's slices so that the
    /// longer causal rows of a prefill chunk spread evenly.
    func attend(layer: Int, _ placement: RowPlacement, window: Int?) {
        if placement.count >= Self.tiledAttentionRows {
            attendInTiles(layer: layer, placement, window: window)
            return
        }
        let hp = hyperparameters, s = scratch, n = placement.count
        let group = hp.headCount / hp.headCountKV
        let dk = hp.keyLength, dv = hp.valueLength
        let kWidth = hp.headCountKV * dk, vWidth = hp.headCountKV * dv
        let qWidth = hp.headCount * dk, oWidth = hp.headCount * dv
        let perSlice = group * ((placement.positions.max() ?? 0) + 1)
        s.reserveScores(perSlice)
        let items = n * hp.headCountKV, slices = min(s.slices, items)
        let scale = 1 / Float(dk).squareRoot(), kernels = kernels
        let q = UnsafeSendablePointer(s.q), out = UnsafeSendablePointer(s.attention)
        let scores = UnsafeSendablePointer(s.scores)
        let positions = placement.positions, cacheOfRow = placement.cacheOfRow
        Self.withLayers(placement.caches, layer) { layers in
            let body: @Sendable (Range<Int>) -> Void = { range in
                for slice in range {
                    for item in stride(from: slice, to: items, by: slices) {
                        let r = item / hp.headCountKV, g = item % hp.headCountKV
                        let position = positions[r]
                        let (kp, vp) = layers[cacheOfRow[r]]
                        let first = window.map { max(0, position - $0 + 1) } ?? 0
                        kernels.attend(
                            query: q.base + r * qWidth + g * group * dk, keys: kp.base + g * dk, keyStride: kWidth,
                            values: vp.base + g * dv, valueStride: vWidth, positions: first...position,
                            group: group, keyLength: dk, valueLength: dv, scale: scale,
                            scores: scores.base + slice * perSlice, output: out.base + r * oWidth + g * group * dv)
                    }
                }
            }
            if let pool, slices > 1 { pool.parallelFor(count: slices, body) } else { body(0..<1) }
        }
    }

    /// The rows from which a step's attention goes in tiles (`attendInTiles`): a prefill chunk.
    /// Below it (decode steps, batched or not) each row attends on its own, so a batched decode
    /// step stays bit-equal to the steps alone.
    static let tiledAttentionRows = 16

    /// Attention of a prefill chunk: each run of rows (one sequence, consecutive positions) in
    /// tiles of about 32 query heads' rows, every tile reading each cached key and value block
    /// once (`KernelSet.attendRows`). Work items are (tile, kv head) pairs, dealt round-robin.
    func attendInTiles(layer: Int, _ placement: RowPlacement, window: Int?) {
        let hp = hyperparameters, s = scratch
        let group = hp.headCount / hp.headCountKV
        let dk = hp.keyLength, dv = hp.valueLength
        let kWidth = hp.headCountKV * dk, vWidth = hp.headCountKV * dv
        let qWidth = hp.headCount * dk, oWidth = hp.headCount * dv
        let tileRows = max(1, 32 / group)
        let tiles = placement.runs.flatMap { run in
            stride(from: run.rows.lowerBound, to: run.rows.upperBound, by: tileRows).map {
                (cache: run.cache, rows: $0..<min($0 + tileRows, run.rows.upperBound))
            }
        }
        let positions = (placement.positions.max() ?? 0) + 1
        s.reserveScores(
            KernelSet.attendRowsScratchCount(rows: tileRows, group: group, keyLength: dk, valueLength: dv, positions: positions))
        let perSlice = s.scoresPerSlice
        let items = tiles.count * hp.headCountKV, slices = min(s.slices, items)
        let scale = 1 / Float(dk).squareRoot(), kernels = kernels
        let q = UnsafeSendablePointer(s.q), out = UnsafeSendablePointer(s.attention)
        let scratch = UnsafeSendablePointer(s.scores)
        let firstPositions = placement.positions
        Self.withLayers(placement.caches, layer) { layers in
            let body: @Sendable (Range<Int>) -> Void = { range in
                for slice in range {
                    for item in stride(from: slice, to: items, by: slices) {
                        let tile = tiles[item / hp.headCountKV], g = item % hp.headCountKV
                        let r0 = tile.rows.lowerBound
                        let (kp, vp) = layers[tile.cache]
                        kernels.attendRows(
                            query: q.base + r0 * qWidth + g * group * dk, queryStride: qWidth,
                            keys: kp.base + g * dk, keyStride: kWidth, values: vp.base + g * dv, valueStride: vWidth,
                            firstPosition: firstPositions[r0], rows: tile.rows.count, window: window, group: group,
                            keyLength: dk, valueLength: dv, scale: scale, scratch: scratch.base + slice * perSlice,
                            output: out.base + r0 * oWidth + g * group * dv, outputStride: oWidth)
                    }
                }
            }
            if let pool, slices > 1 { pool.parallelFor(count: slices, body) } else { body(0..<1) }
        }
    }

    /// Calls `body` with the keys and values of `layer` in each of `caches` (as raw half bits,
    /// in the order of `caches`), all valid for the duration of the call.
    static func withLayers<R>(
        _ caches: [UnsafeMutablePointer<KVCache>], _ layer: Int,
        _ body: ([(UnsafeSendablePointer<UInt16>, UnsafeSendablePointer<UInt16>)]) -> R
    ) -> R {
        func nest(_ i: Int, _ held: [(UnsafeSendablePointer<UInt16>, UnsafeSendablePointer<UInt16>)]) -> R {
            guard i < caches.count else { return body(held) }
            return caches[i].pointee.withLayer(layer) { (keys: UnsafePointer<UInt16>, values: UnsafePointer<UInt16>) in
                nest(
                    i + 1,
                    held + [
                        (
                            UnsafeSendablePointer(UnsafeMutablePointer(mutating: keys)),
                            UnsafeSendablePointer(UnsafeMutablePointer(mutating: values))
                        )
                    ])
            }
        }
        return nest(0, [])
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
