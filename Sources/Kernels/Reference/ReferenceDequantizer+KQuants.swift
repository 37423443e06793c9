/// The k-quant reference dequantizers (256-element super-blocks).
extension ReferenceDequantizer {
    /// block_q2_K: scales[16] (scale | min << 4), qs[64], d, dmin. Element 128h + 32j + l is
    /// (qs[32h + l] >> 2j) & 3 in sub-block e / 16; x = (d * sc) * q - (dmin * m).
    static func q2_K(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 80), dmin = r.half(b, 82)
        for e in 0..<256 {
            let h = e / 128, j = (e % 128) / 32, l = e % 32
            let q = (r.u8(b, 16 + 32 * h + l) >> UInt8(2 * j)) & 3
            let sc = r.u8(b, e / 16)
            let dl = d * Float(sc & 0xF), ml = dmin * Float(sc >> 4)
            y[o + e] = dl * Float(q) - ml
        }
    }

    /// block_q3_K: hmask[32], qs[64], scales[12], d. Element 128h + 32j + l: low bits
    /// (qs[32h + l] >> 2j) & 3, minus 4 unless bit 4h + j of hmask[l] is set; sixteen 6-bit
    /// scales biased by 32; x = (d * (sc - 32)) * q.
    static func q3_K(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 108)
        for e in 0..<256 {
            let h = e / 128, j = (e % 128) / 32, l = e % 32, s = e / 16
            let low = Int((r.u8(b, 32 + 32 * h + l) >> UInt8(2 * j)) & 3)
            let high = (r.u8(b, l) >> UInt8(4 * h + j)) & 1
            let q = low - (high == 1 ? 0 : 4)
            let scaleLow = s < 8 ? Int(r.u8(b, 96 + s) & 0xF) : Int(r.u8(b, 96 + s - 8) >> 4)
            let scaleHigh = Int((r.u8(b, 96 + 8 + s % 4) >> UInt8(2 * (s / 4))) & 3)
            let sc = (scaleLow | scaleHigh << 4) - 32
            y[o + e] = (d * Float(sc)) * Float(q)
        }
    }

    /// The 6-bit scale and min of sub-block j of Q4_K/Q5_K's 12 packed bytes at `offset`.
    static func scaleMin(_ r: BlockReader, _ b: Int, _ offset: Int, _ j: Int) -> (Float, Float) {
        if j < 4 {
            return (Float(r.u8(b, offset + j) & 63), Float(r.u8(b, offset + j + 4) & 63))
        }
        let sc = (r.u8(b, offset + j + 4) & 0xF) | (r.u8(b, offset + j - 4) >> 6) << 4
        let m = (r.u8(b, offset + j + 4) >> 4) | (r.u8(b, offset + j) >> 6) << 4
        return (Float(sc), Float(m))
    }

    /// block_q4_K: d, dmin, scales[12], qs[128]. Chunk c holds elements 64c..64c+63: low nibbles
    /// of qs[32c..32c+31] (sub-block 2c), then high nibbles (2c + 1); x = (d * sc) * q - (dmin * m).
    static func q4_K(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0), dmin = r.half(b, 2)
        for c in 0..<4 {
            for half in 0..<2 {
                let (sc, m) = scaleMin(r, b, 4, 2 * c + half)
                let dl = d * sc, ml = dmin * m
                for l in 0..<32 {
                    let q = r.u8(b, 16 + 32 * c + l)
                    let v = half == 0 ? q & 0xF : q >> 4
                    y[o + 64 * c + 32 * half + l] = dl * Float(v) - ml
                }
            }
        }
    }

    /// block_q5_K: d, dmin, scales[12], qh[32], qs[128]; as Q4_K plus bit j of qh[l] as bit 4 of
    /// element 32j + l.
    static func q5_K(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0), dmin = r.half(b, 2)
        for c in 0..<4 {
            for half in 0..<2 {
                let j = 2 * c + half
                let (sc, m) = scaleMin(r, b, 4, j)
                let dl = d * sc, ml = dmin * m
                for l in 0..<32 {
                    let q = r.u8(b, 48 + 32 * c + l)
                    let low = half == 0 ? q & 0xF : q >> 4
                    let high = (r.u8(b, 16 + l) >> UInt8(j)) & 1
                    y[o + 32 * j + l] = dl * Float(low | high << 4) - ml
                }
            }
        }
    }

    /// block_q6_K: ql[128], qh[64], scales[16] (int8), d. Element 128h + 32t + l: low 4 bits from
    /// ql[64h + l + 32 (t & 1)] (low nibble for t < 2, high for t >= 2), high 2 bits
    /// (qh[32h + l] >> 2t) & 3; x = (d * sc[e / 16]) * (q - 32).
    static func q6_K(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 208)
        for e in 0..<256 {
            let h = e / 128, t = (e % 128) / 32, l = e % 32
            let lowByte = r.u8(b, 64 * h + l + 32 * (t & 1))
            let low = t < 2 ? lowByte & 0xF : lowByte >> 4
            let high = (r.u8(b, 128 + 32 * h + l) >> UInt8(2 * t)) & 3
            let q = Int(low | high << 4) - 32
            let sc = Float(r.i8(b, 192 + e / 16))
            y[o + e] = (d * sc) * Float(q)
        }
    }
}
