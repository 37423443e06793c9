import Foundation

/// YaRN's RoPE scaling (`rope.scaling.type = yarn`; gpt-oss): each pair's frequency is blended
/// between the original (`extrapolated`) and the one divided by `factor` (`interpolated`) by a
/// ramp over the pair index, and queries and keys are scaled by `1 + 0.1 ln(factor)`.
///
/// For pair `i` of `rotated` dimensions (as ggml's `rope_yarn` and `ggml_rope_yarn_corr_dims`):
/// `corr(β) = rotated · ln(originalContext / (2π β)) / (2 ln base)`,
/// `low = max(0, floor(corr(betaFast)))`, `high = min(rotated - 1, ceil(corr(betaSlow)))`,
/// `ramp_i = 1 - clamp((i - low) / max(0.001, high - low), 0, 1)`, and the angle is
/// `θ_i (1 - ramp_i) / factor + θ_i ramp_i`: the fast-turning pairs (small `i`) keep their
/// frequency, the slow ones are interpolated. llama.cpp reads no beta keys for any family (32
/// and 1, its defaults); we read `rope.scaling.yarn_beta_fast/slow` when a file has them.
public struct RopeYarn: Sendable, Equatable {
    /// The context extension factor (`rope.scaling.factor`).
    public var factor: Float
    /// The context the model was trained for before the extension.
    public var originalContext: Int
    /// The ramp's ends, in rotations over the original context.
    public var betaFast, betaSlow: Float

    /// YaRN with these parameters.
    public init(factor: Float, originalContext: Int, betaFast: Float = 32, betaSlow: Float = 1) {
        self.factor = factor
        self.originalContext = originalContext
        self.betaFast = betaFast
        self.betaSlow = betaSlow
    }

    /// The factor on `cos` and `sin` (on the rotated dimensions of queries and keys).
    public var magnitude: Float { factor > 1 ? 1 + 0.1 * logf(factor) : 1 }

    /// The divisor of each pair's frequency, `[rotated / 2]`: `1 / ((1 - ramp_i) / factor + ramp_i)`.
    func frequencyDivisors(rotated: Int, base: Float) -> [Float] {
        func corr(_ beta: Float) -> Float {
            Float(rotated) * logf(Float(originalContext) / (beta * 2 * Float.pi)) / (2 * logf(base))
        }
        let low = max(0, floorf(corr(betaFast))), high = min(Float(rotated - 1), ceilf(corr(betaSlow)))
        let scale = 1 / factor
        return (0..<(rotated / 2)).map { i in
            let y = (Float(i) - low) / max(0.001, high - low)
            let ramp = 1 - min(1, max(0, y))
            return 1 / (scale * (1 - ramp) + ramp)
        }
    }
}
