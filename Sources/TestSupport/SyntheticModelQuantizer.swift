import GGUF

/// Deterministic block encoders for the matrix types `SyntheticModel` writes: BF16 and the
/// 32-element block types Q4_0, Q4_1, Q5_0 and Q5_1 (Q8_0 is `GGUFWriter.q8_0Bytes`; the
/// 256-element k-quants are in `SyntheticModelQuantizer+KQuants.swift`).
///
/// The encoders only have to produce valid blocks close to the input: the engine and the numpy
/// reference both decode the same bytes, so a file's numbers never depend on how clever the
/// quantizer is. Each encoder picks one scale per block from the block's largest magnitude,
/// rounds it to the stored precision first, and rounds every value to the nearest level, so a
/// decoded value is within half a step (plus the scale's own rounding) of its input.
/// Everything is plain IEEE float arithmetic (no libm), so the bytes are the same on every
/// platform.
///
/// ```swift
/// let bytes = SyntheticModelQuantizer.q4_0((0..<64).map { Float($0) / 64 })   // 2 blocks, 36 bytes
/// ```
package enum SyntheticModelQuantizer {
    /// The bytes of `values` as a tensor of `type`; `values.count` must be a multiple of the
    /// type's block size (see `SyntheticModel.WeightType.blockSize`).
    package static func encode(_ values: [Float], as type: SyntheticModel.WeightType) -> [UInt8] {
        switch type {
        case .f32: GGUFWriter.f32Bytes(values)
        case .f16: GGUFWriter.f16Bytes(values)
        case .bf16: bf16(values)
        case .q8_0: GGUFWriter.q8_0Bytes(values)
        case .q4_0: q4_0(values)
        case .q5_0: q5_0(values)
        case .q4_1: q4_1(values)
        case .q5_1: q5_1(values)
        case .q4_K: q4_K(values)
        case .q5_K: q5_K(values)
        case .q6_K: q6_K(values)
        }
    }

    /// bfloat16: the top 16 bits of each float, rounded to nearest even (finite inputs).
    package static func bf16(_ values: [Float]) -> [UInt8] {
        var out = GGUFByteBuffer()
        for value in values {
            let bits = value.bitPattern
            let rounded = bits &+ 0x7FFF &+ ((bits >> 16) & 1)
            out.append(UInt16(truncatingIfNeeded: rounded >> 16))
        }
        return out.bytes
    }

    /// `block_q4_0` (18 bytes per 32 values): f16 scale `d`, then 16 bytes whose low nibbles are
    /// elements 0–15 and high nibbles elements 16–31, each `q + 8` with `x ≈ d · q`, `q ∈ -8...7`.
    package static func q4_0(_ values: [Float]) -> [UInt8] {
        blocks(of: 32, values, "Q4_0") { block, out in
            let d = half(maxMagnitude(block) / 7)
            let q = block.map { level($0, scale: d, in: -8...7) + 8 }
            out.append(GGUFWriter.halfBits(d))
            appendNibbles(q, to: &out)
        }
    }

    /// `block_q5_0` (22 bytes per 32 values): f16 scale `d`, a little-endian `uint32` whose bit
    /// `j` is bit 4 of element `j`, then 16 bytes of low nibbles laid out as in Q4_0; each
    /// element is stored as `q + 16` with `x ≈ d · q`, `q ∈ -16...15`.
    package static func q5_0(_ values: [Float]) -> [UInt8] {
        blocks(of: 32, values, "Q5_0") { block, out in
            let d = half(maxMagnitude(block) / 15)
            let q = block.map { level($0, scale: d, in: -16...15) + 16 }
            out.append(GGUFWriter.halfBits(d))
            out.append(fifthBits(q))
            appendNibbles(q, to: &out)
        }
    }

    /// `block_q4_1` (20 bytes per 32 values): f16 scale `d`, f16 minimum `m`, then 16 bytes of
    /// nibbles laid out as in Q4_0, with `x ≈ d · q + m`, `q ∈ 0...15`.
    package static func q4_1(_ values: [Float]) -> [UInt8] {
        offsetBlocks(values, "Q4_1", maxLevel: 15)
    }

    /// `block_q5_1` (24 bytes per 32 values): f16 `d`, f16 `m`, the `uint32` of fifth bits as in
    /// Q5_0, then 16 bytes of low nibbles, with `x ≈ d · q + m`, `q ∈ 0...31`.
    package static func q5_1(_ values: [Float]) -> [UInt8] {
        offsetBlocks(values, "Q5_1", maxLevel: 31)
    }

    /// The blocks Q4_1 (`maxLevel` 15) and Q5_1 (31) share: f16 `d`, f16 `m`, for 5-bit levels
    /// the `uint32` of fifth bits, then the low nibbles.
    private static func offsetBlocks(_ values: [Float], _ name: String, maxLevel: Int) -> [UInt8] {
        blocks(of: 32, values, name) { block, out in
            let (d, m, q) = offsetLevels(block, maxLevel: maxLevel)
            out.append(GGUFWriter.halfBits(d))
            out.append(GGUFWriter.halfBits(m))
            if maxLevel > 15 { out.append(fifthBits(q)) }
            appendNibbles(q, to: &out)
        }
    }

    /// The bytes of `values` encoded block by block: `encode` appends the block of `size` values
    /// (indexed from 0) to the buffer; `values.count` must be a multiple of `size` (`name` says
    /// whose, when it is not).
    static func blocks(
        of size: Int, _ values: [Float], _ name: String, _ encode: ([Float], inout GGUFByteBuffer) -> Void
    ) -> [UInt8] {
        precondition(values.count % size == 0, "\(name) needs a multiple of \(size) values, got \(values.count)")
        var out = GGUFByteBuffer()
        for start in stride(from: 0, to: values.count, by: size) { encode(Array(values[start..<start + size]), &out) }
        return out.bytes
    }

    /// The 16 bytes of a 32-level block's low nibbles: byte `j` holds level `j` in its low
    /// nibble and level `j + 16` in its high one (Q4_0, Q4_1, Q5_0, Q5_1).
    static func appendNibbles(_ q: [Int], to out: inout GGUFByteBuffer) {
        for j in 0..<16 { out.append(UInt8((q[j] & 0xF) | (q[j + 16] & 0xF) << 4)) }
    }

    /// The `uint32` whose bit `j` is bit 4 of level `j` (Q5_0, Q5_1).
    static func fifthBits(_ q: [Int]) -> UInt32 {
        var high: UInt32 = 0
        for j in 0..<32 { high |= UInt32(q[j] >> 4) << UInt32(j) }
        return high
    }

    /// The f16 minimum `m` of a block, the f16 step `d` spreading the rest over `maxLevel` levels,
    /// and each value's level `round((x − m) / d)`.
    static func offsetLevels(_ block: [Float], maxLevel: Int) -> (d: Float, m: Float, q: [Int]) {
        let m = half(block.min()!)
        let d = half((block.max()! - m) / Float(maxLevel))
        return (d, m, block.map { level($0 - m, scale: d, in: 0...maxLevel) })
    }

    /// The largest `|x|` of `values`.
    static func maxMagnitude(_ values: some Sequence<Float>) -> Float {
        values.reduce(0) { max($0, abs($1)) }
    }

    /// `value` rounded to the nearest half-precision float, as a `Float`.
    static func half(_ value: Float) -> Float { Float(Float16(value)) }

    /// The level `x / scale`, rounded (to nearest unless told) and clamped to `range`; 0 when
    /// the scale is 0.
    static func level(
        _ x: Float, scale: Float, in range: ClosedRange<Int>,
        rounding: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> Int {
        guard scale > 0 else { return 0 }
        let q = Int((x / scale).rounded(rounding))
        return min(max(q, range.lowerBound), range.upperBound)
    }
}
