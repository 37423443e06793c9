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

/// Buffers reused by every step (one forward pass at a time per model).
final class Scratch {
    var x: [Float]          // [d] residual stream
    var normed: [Float]     // [d]
    var q: [Float]          // [heads * headK]
    var k: [Float]          // [kvHeads * headK]
    var v: [Float]          // [kvHeads * headV]
    var attention: [Float]  // [heads * headV]
    var projected: [Float]  // [d]
    var gate: [Float]       // [ff]
    var up: [Float]         // [ff]
    var scores: [Float]     // [context]
    /// Quantized activations by (type, columns).
    var activations: [Int: QuantizedActivations] = [:]
    let kernels: KernelSet

    init(_ hp: ModelHyperparameters, kernels: KernelSet) {
        let d = hp.embeddingLength
        x = .init(repeating: 0, count: d)
        normed = x
        projected = x
        q = .init(repeating: 0, count: hp.headCount * hp.keyLength)
        k = .init(repeating: 0, count: hp.headCountKV * hp.keyLength)
        v = .init(repeating: 0, count: hp.headCountKV * hp.valueLength)
        attention = .init(repeating: 0, count: hp.headCount * hp.valueLength)
        gate = .init(repeating: 0, count: hp.feedForwardLength)
        up = gate
        scores = []
        self.kernels = kernels
    }

    func activations(for w: QuantizedMatrix) -> QuantizedActivations {
        let key = Int(w.type.rawValue) << 32 | w.columns
        if let a = activations[key] { return a }
        let a = QuantizedActivations(type: w.type, columns: w.columns, kernels: kernels)
        activations[key] = a
        return a
    }
}

extension Transformer {
    /// `y = W x` through the kernels (x quantized the way W's type pairs with).
    func linear(_ w: QuantizedMatrix, _ x: [Float], into y: inout [Float]) {
        let xq = scratch.activations(for: w)
        x.withUnsafeBufferPointer { xq.quantize($0) }
        y.withUnsafeMutableBufferPointer { kernels.matVec(w, xq, into: $0, pool: pool) }
    }

    func rmsNorm(_ x: [Float], _ weight: [Float], into y: inout [Float]) {
        x.withUnsafeBufferPointer { xb in weight.withUnsafeBufferPointer { wb in y.withUnsafeMutableBufferPointer {
            TensorOps.rmsNorm(xb, weight: wb, epsilon: hyperparameters.rmsNormEpsilon, into: $0)
        } } }
    }

    /// RMSNorm of each `length`-wide head of `x` in place (Gemma's QK-norm).
    func headNorm(_ x: inout [Float], _ weight: [Float], heads: Int, length: Int) {
        let eps = hyperparameters.rmsNormEpsilon
        x.withUnsafeMutableBufferPointer { xb in weight.withUnsafeBufferPointer { wb in
            for h in 0..<heads {
                let head = UnsafeMutableBufferPointer(rebasing: xb[(h * length)..<((h + 1) * length)])
                TensorOps.rmsNorm(UnsafeBufferPointer(head), weight: wb, epsilon: eps, into: head)
            }
        } }
    }

    /// One transformer block at `position`: attention (with the cache) and feed-forward, both
    /// added to the residual stream `scratch.x`.
    func block(_ index: Int, _ l: LayerWeights, position: Int, cache: inout KVCache) {
        let hp = hyperparameters, s = scratch
        rmsNorm(s.x, l.attentionNorm, into: &s.normed)
        linear(l.query, s.normed, into: &s.q)
        linear(l.key, s.normed, into: &s.k)
        linear(l.value, s.normed, into: &s.v)
        if let b = l.queryBias { for i in s.q.indices { s.q[i] += b[i] } }
        if let b = l.keyBias { for i in s.k.indices { s.k[i] += b[i] } }
        if let b = l.valueBias { for i in s.v.indices { s.v[i] += b[i] } }
        if let n = l.queryNorm { headNorm(&s.q, n, heads: hp.headCount, length: hp.keyLength) }
        if let n = l.keyNorm { headNorm(&s.k, n, heads: hp.headCountKV, length: hp.keyLength) }
        let sliding = hp.isSlidingWindowLayer(index)
        let base = sliding ? hp.ropeFreqBaseLocal : hp.ropeFreqBase
        let pos = Float(position) / hp.ropeScaleFactor
        let neox = hp.architecture.usesNeoxRope
        ropeFactors.withOptionalBuffer { factors in
            s.q.withUnsafeMutableBufferPointer {
                TensorOps.rope($0, heads: hp.headCount, headLength: hp.keyLength, rotated: hp.ropeDimensions,
                               position: pos, base: base, neox: neox, factors: factors)
            }
            s.k.withUnsafeMutableBufferPointer {
                TensorOps.rope($0, heads: hp.headCountKV, headLength: hp.keyLength, rotated: hp.ropeDimensions,
                               position: pos, base: base, neox: neox, factors: factors)
            }
        }
        s.k.withUnsafeBufferPointer { kb in s.v.withUnsafeBufferPointer { vb in
            cache.store(layer: index, position: position, key: kb, value: vb)
        } }
        if s.scores.count < cache.capacity { s.scores = .init(repeating: 0, count: cache.capacity) }
        cache.withLayer(index) { keys, values in
            s.q.withUnsafeBufferPointer { qb in s.scores.withUnsafeMutableBufferPointer { sb in
                s.attention.withUnsafeMutableBufferPointer { ob in
                    Attention.attend(query: qb, position: position, window: sliding ? hp.slidingWindow : nil,
                                     keys: keys, values: values, heads: hp.headCount, kvHeads: hp.headCountKV,
                                     keyLength: hp.keyLength, valueLength: hp.valueLength,
                                     scale: 1 / Float(hp.keyLength).squareRoot(), scores: sb, output: ob)
                }
            } }
        }
        linear(l.output, s.attention, into: &s.projected)
        if let n = l.postAttentionNorm { rmsNorm(s.projected, n, into: &s.projected) }
        for i in s.x.indices { s.x[i] += s.projected[i] }

        rmsNorm(s.x, l.feedForwardNorm, into: &s.normed)
        linear(l.gate, s.normed, into: &s.gate)
        linear(l.up, s.normed, into: &s.up)
        let gelu = hp.architecture == .gemma3
        for i in s.gate.indices {
            s.gate[i] = (gelu ? TensorOps.gelu(s.gate[i]) : TensorOps.silu(s.gate[i])) * s.up[i]
        }
        linear(l.down, s.gate, into: &s.projected)
        if let n = l.postFeedForwardNorm { rmsNorm(s.projected, n, into: &s.projected) }
        for i in s.x.indices { s.x[i] += s.projected[i] }
    }
}

extension Optional where Wrapped == [Float] {
    /// Calls `body` with a buffer over the array, or nil.
    func withOptionalBuffer<R>(_ body: (UnsafeBufferPointer<Float>?) -> R) -> R {
        switch self {
        case let .some(a): a.withUnsafeBufferPointer { body($0) }
        case .none: body(nil)
        }
    }
}
