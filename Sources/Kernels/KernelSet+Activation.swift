import CKernels

extension KernelSet {
    /// The gated feed-forward non-linearity: `gate[i] = act(gate[i]) * up[i]` for `i < count`,
    /// `act` being GELU (tanh approximation) or SiLU, both computed as `x / (1 + exp(-a(x)))`
    /// (vectorised from the AVX2 level up, within a few ulp of the exact function).
    ///
    /// ```swift
    /// kernels.gatedActivation(gate: gate, up: up, count: 4864, gelu: false)   // SwiGLU
    /// ```
    public func gatedActivation(gate: UnsafeMutablePointer<Float>, up: UnsafePointer<Float>, count: Int, gelu: Bool) {
        precondition(count >= 0, "gatedActivation: negative count")
        ck_gated_activation(Int32(isa.rawValue), gelu ? 1 : 0, gate, up, Int64(count))
    }

    /// SiLU in place, `x[i] = x[i] / (1 + exp(-x[i]))` for `i < count` (vectorised from the
    /// AVX2 level up, as `gatedActivation`).
    public func silu(_ x: UnsafeMutablePointer<Float>, count: Int) {
        precondition(count >= 0, "silu: negative count")
        ck_silu(Int32(isa.rawValue), x, Int64(count))
    }
}
