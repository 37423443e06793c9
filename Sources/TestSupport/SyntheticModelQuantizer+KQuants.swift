import GGUF

/// Encoders for the 256-element k-quant super-blocks `block_q4_K`, `block_q5_K` and `block_q6_K`.
extension SyntheticModelQuantizer {
    /// `block_q4_K` (144 bytes per 256 values): f16 `d`, f16 `dmin`, 12 bytes packing eight
    /// 6-bit sub-block scales `sc` and minimums `m`, then 128 bytes of 4-bit levels.
    ///
    /// Sub-block `s` (32 values) decodes as `x ≈ d·sc[s]·q − dmin·m[s]`, `q ∈ 0...15`; `sc` rounds
    /// up so that 15 steps always span the sub-block's range. The packing
    /// is ggml's: bytes 0–3 hold `sc[0..<4]` in their low 6 bits and bits 4–5 of `sc[4..<8]` on
    /// top; bytes 4–7 do the same for `m`; bytes 8–11 hold the low nibbles of `sc[4..<8]` (low)
    /// and `m[4..<8]` (high). Levels come in four 32-byte runs, run `c` holding sub-block `2c` in
    /// its low nibbles and sub-block `2c + 1` in its high nibbles.
    package static func q4_K(_ values: [Float]) -> [UInt8] {
        blocks(of: 256, values, "Q4_K") { block, out in
            let b = offsetBlock(block, maxLevel: 15)
            appendScales(b, to: &out)
            appendKNibbles(b.q, to: &out)
        }
    }

    /// `block_q5_K` (176 bytes per 256 values): as Q4_K with 5-bit levels `q ∈ 0...31`; after the
    /// 12 scale bytes come 32 bytes `qh`, bit `j` of `qh[l]` being bit 4 of element `32j + l`, then
    /// the 128 bytes of low nibbles laid out as Q4_K's levels.
    package static func q5_K(_ values: [Float]) -> [UInt8] {
        blocks(of: 256, values, "Q5_K") { block, out in
            let b = offsetBlock(block, maxLevel: 31)
            appendScales(b, to: &out)
            for l in 0..<32 {
                var high = 0
                for j in 0..<8 { high |= (b.q[32 * j + l] >> 4) << j }
                out.append(UInt8(high))
            }
            appendKNibbles(b.q, to: &out)
        }
    }

    /// The 128 bytes of a super-block's low nibbles in four 32-byte runs, run `c` holding
    /// sub-block `2c` in its low nibbles and sub-block `2c + 1` in its high ones (Q4_K, Q5_K).
    static func appendKNibbles(_ q: [Int], to out: inout GGUFByteBuffer) {
        for c in 0..<4 {
            for l in 0..<32 { out.append(UInt8((q[64 * c + l] & 0xF) | (q[64 * c + 32 + l] & 0xF) << 4)) }
        }
    }

    /// A 256-value super-block with eight 32-value sub-blocks `x ≈ d·sc·q − dmin·m` (Q4_K, Q5_K).
    struct OffsetBlock {
        var d: Float, dmin: Float
        var sc: [Int], m: [Int], q: [Int]
    }

    /// Per sub-block, an offset lifting its minimum to 0 and a step spanning its range in
    /// `maxLevel` levels; both are stored as 6-bit multiples of the f16 `d` and `dmin`, the step
    /// rounded up so that the levels always reach the sub-block's maximum.
    static func offsetBlock(_ x: [Float], maxLevel: Int) -> OffsetBlock {
        var steps = [Float](repeating: 0, count: 8), offsets = steps
        for s in 0..<8 {
            let sub = x[(s * 32)..<(s * 32 + 32)]
            let low = min(0, sub.min()!), high = max(0, sub.max()!)
            offsets[s] = -low
            steps[s] = (high - low) / Float(maxLevel)
        }
        let d = half(steps.max()! / 63), dmin = half(offsets.max()! / 63)
        let sc = steps.map { level($0, scale: d, in: 0...63, rounding: .up) }
        let m = offsets.map { level($0, scale: dmin, in: 0...63) }
        var q = [Int](repeating: 0, count: 256)
        for s in 0..<8 {
            let step = d * Float(sc[s]), offset = dmin * Float(m[s])
            for i in (s * 32)..<(s * 32 + 32) { q[i] = level(x[i] + offset, scale: step, in: 0...maxLevel) }
        }
        return OffsetBlock(d: d, dmin: dmin, sc: sc, m: m, q: q)
    }

    /// `d`, `dmin` and the 12 bytes of packed 6-bit scales and minimums (see `q4_K`).
    static func appendScales(_ b: OffsetBlock, to out: inout GGUFByteBuffer) {
        out.append(GGUFWriter.halfBits(b.d))
        out.append(GGUFWriter.halfBits(b.dmin))
        for j in 0..<4 { out.append(UInt8(b.sc[j] | (b.sc[j + 4] >> 4) << 6)) }
        for j in 0..<4 { out.append(UInt8(b.m[j] | (b.m[j + 4] >> 4) << 6)) }
        for j in 0..<4 { out.append(UInt8((b.sc[j + 4] & 0xF) | (b.m[j + 4] & 0xF) << 4)) }
    }

    /// `block_q6_K` (210 bytes per 256 values): 128 bytes `ql` (low 4 bits), 64 bytes `qh`
    /// (high 2 bits), sixteen `int8` sub-block scales, then f16 `d`.
    ///
    /// Element `i` decodes as `x ≈ d·scales[i / 16]·(u − 32)`, `u ∈ 0...63`; the scales round up
    /// so that ±31 steps cover each 16-value sub-block. ggml's layout, per
    /// half `n` of 128 elements and `l ∈ 0..<32`: `ql[64n + l]` holds elements `l` (low nibble)
    /// and `l + 64` (high); `ql[64n + 32 + l]` holds `l + 32` and `l + 96`; `qh[32n + l]` holds
    /// the top two bits of elements `l`, `l + 32`, `l + 64`, `l + 96` at bits 0, 2, 4, 6.
    package static func q6_K(_ values: [Float]) -> [UInt8] {
        blocks(of: 256, values, "Q6_K") { block, out in
            let steps = (0..<16).map { maxMagnitude(block[($0 * 16)..<($0 * 16 + 16)]) / 31 }
            let d = half(steps.max()! / 127)
            let sc = steps.map { level($0, scale: d, in: 0...127, rounding: .up) }
            let u = (0..<256).map { i in level(block[i], scale: d * Float(sc[i / 16]), in: -32...31) + 32 }
            var ql = [UInt8](repeating: 0, count: 128), qh = [UInt8](repeating: 0, count: 64)
            for n in 0..<2 {
                for l in 0..<32 {
                    let e = 128 * n + l
                    let (v0, v1, v2, v3) = (u[e], u[e + 32], u[e + 64], u[e + 96])
                    ql[64 * n + l] = UInt8((v0 & 0xF) | (v2 & 0xF) << 4)
                    ql[64 * n + 32 + l] = UInt8((v1 & 0xF) | (v3 & 0xF) << 4)
                    qh[32 * n + l] = UInt8(v0 >> 4 | (v1 >> 4) << 2 | (v2 >> 4) << 4 | (v3 >> 4) << 6)
                }
            }
            out.append(raw: ql)
            out.append(raw: qh)
            for s in sc { out.append(Int8(s)) }
            out.append(GGUFWriter.halfBits(d))
        }
    }
}
