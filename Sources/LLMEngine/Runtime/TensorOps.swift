import Foundation

/// The small element-wise and normalisation steps of a transformer block, on `Float` rows.
enum TensorOps {
    /// `y = x / sqrt(mean(x²) + eps) * (weight + offset)`; Gemma stores its norm weights so that
    /// `offset` is 0 in GGUF (the converter folds the +1 in).
    static func rmsNorm(_ x: UnsafeBufferPointer<Float>, weight: UnsafeBufferPointer<Float>, epsilon: Float,
                        into y: UnsafeMutableBufferPointer<Float>) {
        var sum: Float = 0
        for v in x { sum += v * v }
        let scale = 1 / (sum / Float(x.count) + epsilon).squareRoot()
        for i in 0..<x.count { y[i] = x[i] * scale * weight[i] }
    }

    /// Rotates each head of `x` (`[heads * headLength]`) by the angles of `position`: pairs
    /// `(i, i + rotated/2)` in NEOX style, `(2i, 2i + 1)` otherwise; only the first `rotated`
    /// dimensions of a head turn. `factors` divide the frequencies (Llama 3.1 scaling).
    static func rope(_ x: UnsafeMutableBufferPointer<Float>, heads: Int, headLength: Int, rotated: Int,
                     position: Float, base: Float, neox: Bool, factors: UnsafeBufferPointer<Float>?) {
        let half = rotated / 2
        for pair in 0..<half {
            var theta = position * powf(base, -2 * Float(pair) / Float(rotated))
            if let factors { theta /= factors[pair] }
            let c = cosf(theta), s = sinf(theta)
            for h in 0..<heads {
                let base = h * headLength
                let (a, b) = neox ? (base + pair, base + pair + half) : (base + 2 * pair, base + 2 * pair + 1)
                let x0 = x[a], x1 = x[b]
                x[a] = x0 * c - x1 * s
                x[b] = x0 * s + x1 * c
            }
        }
    }

    /// SiLU: `x * sigmoid(x)`.
    @inline(__always) static func silu(_ x: Float) -> Float { x / (1 + expf(-x)) }

    /// GELU, tanh approximation.
    @inline(__always) static func gelu(_ x: Float) -> Float {
        0.5 * x * (1 + tanhf(0.797_884_6 * (x + 0.044_715 * x * x * x)))
    }
}
