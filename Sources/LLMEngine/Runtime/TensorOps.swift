import Foundation

/// The small element-wise and normalisation steps of a transformer block, on `Float` rows.
enum TensorOps {
    /// `y = x / sqrt(mean(x²) + eps) * (weight + offset)`; Gemma stores its norm weights so that
    /// `offset` is 0 in GGUF (the converter folds the +1 in).
    static func rmsNorm(
        _ x: UnsafeBufferPointer<Float>, weight: UnsafeBufferPointer<Float>, epsilon: Float,
        into y: UnsafeMutableBufferPointer<Float>
    ) {
        var sum: Float = 0
        for v in x { sum += v * v }
        let scale = 1 / (sum / Float(x.count) + epsilon).squareRoot()
        for i in 0..<x.count { y[i] = x[i] * scale * weight[i] }
    }

    /// gpt-oss's gate (ggml's `swiglu_oai`, alpha 1.702, limit 7), over `count` elements:
    /// `gate[i] = g / (1 + exp(-1.702 g)) * (u + 1)` with `g = min(gate[i], 7)`,
    /// `u = clamp(up[i], -7, 7)`, the same float operations as ggml's CPU kernel.
    static func swigluOAI(gate: UnsafeMutablePointer<Float>, up: UnsafePointer<Float>, count: Int) {
        let alpha: Float = 1.702, limit: Float = 7
        for i in 0..<count {
            let g = min(gate[i], limit), u = min(max(up[i], -limit), limit)
            gate[i] = g / (1 + expf(alpha * -g)) * (u + 1)
        }
    }

    /// Rotates each head of `x` (`[heads * headLength]`) by the angles of `position`: pairs
    /// `(i, i + rotated/2)` in NEOX style, `(2i, 2i + 1)` otherwise; only the first `rotated`
    /// dimensions of a head turn. `factors` divide the frequencies (Llama 3.1 scaling).
    static func rope(
        _ x: UnsafeMutableBufferPointer<Float>, heads: Int, headLength: Int, rotated: Int,
        position: Float, base: Float, neox: Bool, factors: UnsafeBufferPointer<Float>?
    ) {
        let half = rotated / 2
        let frequencies = ropeFrequencies(rotated: rotated, base: base, factors: factors)
        var cos = [Float](repeating: 0, count: half), sin = cos
        ropeAngles(position: position, frequencies: frequencies, cos: &cos, sin: &sin)
        cos.withUnsafeMutableBufferPointer { c in
            sin.withUnsafeMutableBufferPointer { s in
                rope(
                    x.baseAddress!, heads: heads, headLength: headLength, rotated: rotated, cos: c.baseAddress!,
                    sin: s.baseAddress!, neox: neox)
            }
        }
    }

    /// The angle per position of each rotated pair: `base^(-2i/rotated) / factors[i]`.
    static func ropeFrequencies(rotated: Int, base: Float, factors: UnsafeBufferPointer<Float>?) -> [Float] {
        (0..<(rotated / 2)).map { pair in
            let f = powf(base, -2 * Float(pair) / Float(rotated))
            return factors.map { f / $0[pair] } ?? f
        }
    }

    /// `cos` and `sin` of `position * frequencies[i]` (`[rotated / 2]` each).
    static func ropeAngles(
        position: Float, frequencies: [Float], cos: UnsafeMutablePointer<Float>,
        sin: UnsafeMutablePointer<Float>
    ) {
        for (i, f) in frequencies.enumerated() {
            let theta = position * f
            cos[i] = cosf(theta)
            sin[i] = sinf(theta)
        }
    }

    /// Rotates each head of `x` by precomputed angles (`cos`/`sin`: `[rotated / 2]`).
    static func rope(
        _ x: UnsafeMutablePointer<Float>, heads: Int, headLength: Int, rotated: Int,
        cos: UnsafeMutablePointer<Float>, sin: UnsafeMutablePointer<Float>, neox: Bool
    ) {
        let half = rotated / 2
        for h in 0..<heads {
            let head = x + h * headLength
            for pair in 0..<half {
                let (a, b) = neox ? (pair, pair + half) : (2 * pair, 2 * pair + 1)
                let x0 = head[a], x1 = head[b], c = cos[pair], s = sin[pair]
                head[a] = x0 * c - x1 * s
                head[b] = x0 * s + x1 * c
            }
        }
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
