import CKernels

extension KernelSet {
    /// The largest chunk `deltaRule(…chunk:)` takes (longer ones are cut to it).
    public static let deltaRuleMaximumChunk = Int(CK_DELTA_RULE_MAX_CHUNK)

    /// The gated delta rule of one head over `count` consecutive positions t (Qwen3.5's Gated
    /// DeltaNet): with the head's state `M` (`[length (value index j)][length (key index i)]`),
    ///
    ///     M ← exp(g_t) · M;  δ = β_t (v_t − M k_t);  M += δ k_tᵀ;  out_t = M q_t / √length
    ///
    /// `chunk` 0 runs that recurrence position by position (decode); `chunk` > 0 the chunked
    /// (WY) form in chunks of that many positions (at most `deltaRuleMaximumChunk`), matrix
    /// products within a chunk and the state carried across them: equal to the recurrence up to
    /// rounding, and cheaper from a few positions on.
    ///
    /// - Parameters:
    ///   - queries, keys: `q_t`, `k_t` (`[length]` each, L2-normalized) at `t * keyStride`.
    ///   - values: `v_t` (`[length]`) at `t * valueStride`.
    ///   - decays, betas: `g_t` (≤ 0) and `β_t` at `t * gateStride`.
    ///   - state: `[length, length]`, updated in place.
    ///   - outputs: `out_t` (`[length]`) at `t * outputStride`.
    ///
    /// ```swift
    /// kernels.deltaRule(count: 512, length: 128, queries: q, keys: k, keyStride: 6144, values: v, valueStride: 6144,
    ///                   decays: g, betas: b, gateStride: 16, state: m, outputs: o, outputStride: 2048, chunk: 64)
    /// ```
    public func deltaRule(
        count: Int, length: Int, queries: UnsafePointer<Float>, keys: UnsafePointer<Float>, keyStride: Int,
        values: UnsafePointer<Float>, valueStride: Int, decays: UnsafePointer<Float>, betas: UnsafePointer<Float>,
        gateStride: Int, state: UnsafeMutablePointer<Float>, outputs: UnsafeMutablePointer<Float>, outputStride: Int,
        chunk: Int
    ) {
        precondition(count >= 0 && length > 0 && chunk >= 0, "deltaRule: count \(count), length \(length), chunk \(chunk)")
        ck_delta_rule(
            Int32(isa.rawValue), Int64(count), Int32(length), queries, keys, Int64(keyStride), values, Int64(valueStride),
            decays, betas, Int64(gateStride), state, outputs, Int64(outputStride), Int32(chunk))
    }
}
