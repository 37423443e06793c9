import Foundation

/// The gated delta rule of one value head for one position: the recurrence of Qwen3.5's Gated
/// DeltaNet layers (as llama.cpp's `gated_delta_net` op computes it, token by token).
///
/// With the head's state `M` (`[S (value index j)][S (key index i)]`, row j is column j of the
/// paper's `S`), the L2-normalized query `q` and key `k`, the value `v` (`[S]` each), the decay
/// `g` (≤ 0) and the write strength `β` in (0, 1):
///
///     M ← exp(g) · M
///     δ_j = β · (v_j − Σ_i M[j][i] k_i)        the part of v the state does not yet recall from k
///     M[j][i] ← M[j][i] + δ_j · k_i
///     o_j = scale · Σ_i M[j][i] q_i           scale = 1 / √S
///
/// Every row j only reads and writes itself, so each is finished before the next.
///
/// The block pass runs it with `KernelSet.deltaRule`: the same recurrence for decode, and its
/// chunked (WY) form for a prefill's stretches of positions. `step` here is the readable
/// reference the tests hold both to.
enum DeltaRule {
    /// One position of one head: updates `state` (`[S, S]`) and writes `out` (`[S]`).
    static func step(
        state: UnsafeMutablePointer<Float>, query q: UnsafePointer<Float>, key k: UnsafePointer<Float>,
        value v: UnsafePointer<Float>, decay g: Float, beta: Float, length s: Int, into out: UnsafeMutablePointer<Float>
    ) {
        let factor = expf(g), scale = 1 / Float(s).squareRoot()
        for j in 0..<s {
            let row = state + j * s
            scaleRow(row, factor, count: s)
            let delta = (v[j] - dot(row, k, count: s)) * beta
            addScaled(k, delta, to: row, count: s)
            out[j] = dot(row, q, count: s) * scale
        }
    }

    /// `Σ a_i b_i` over `count` floats (eight lanes, then the rest).
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var lanes = SIMD8<Float>(), i = 0
        while i + 8 <= count {
            lanes +=
                UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Float>.self)
                * UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<Float>.self)
            i += 8
        }
        var sum = lanes.sum()
        while i < count {
            sum += a[i] * b[i]
            i += 1
        }
        return sum
    }

    /// `row *= factor` over `count` floats.
    static func scaleRow(_ row: UnsafeMutablePointer<Float>, _ factor: Float, count: Int) {
        var i = 0
        while i + 8 <= count {
            let p = UnsafeMutableRawPointer(row + i)
            p.storeBytes(of: p.loadUnaligned(as: SIMD8<Float>.self) * factor, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            row[i] *= factor
            i += 1
        }
    }

    /// `row += factor * x` over `count` floats.
    static func addScaled(_ x: UnsafePointer<Float>, _ factor: Float, to row: UnsafeMutablePointer<Float>, count: Int) {
        var i = 0
        while i + 8 <= count {
            let p = UnsafeMutableRawPointer(row + i)
            let sum = p.loadUnaligned(as: SIMD8<Float>.self) + UnsafeRawPointer(x + i).loadUnaligned(as: SIMD8<Float>.self) * factor
            p.storeBytes(of: sum, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            row[i] += factor * x[i]
            i += 1
        }
    }

    /// `x / √(Σ x² + ε)` in place over `count` floats (llama.cpp's `build_gdn_l2_norm`: an
    /// RMSNorm with ε / count, divided by √count).
    static func l2Normalize(_ x: UnsafeMutablePointer<Float>, count: Int, epsilon: Float) {
        let scale = 1 / (dot(x, x, count: count) + epsilon).squareRoot()
        scaleRow(x, scale, count: count)
    }

    /// `log(1 + eˣ)`, `x` itself above 20 (as ggml's softplus).
    static func softplus(_ x: Float) -> Float { x > 20 ? x : logf(1 + expf(x)) }

    /// `1 / (1 + e⁻ˣ)`.
    static func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }
}
