/// Half-precision bit patterns to `Float`, written out in Swift (independent of the C
/// kernels and of `Float16`, which some platforms lack), for the reference dequantizers.
enum HalfFloat {
    /// IEEE binary16 bits -> Float, exactly (subnormals, infinities and NaN included).
    static func float(fromHalfBits h: UInt16) -> Float {
        let sign = UInt32(h & 0x8000) << 16
        let exponent = UInt32(h >> 10) & 0x1F
        var mantissa = UInt32(h) & 0x3FF
        switch exponent {
        case 0x1F:
            return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13))
        case 0:
            if mantissa == 0 { return Float(bitPattern: sign) }
            // value = mantissa * 2^-24: shift the leading one up to bit 10
            var biased: UInt32 = 113
            while mantissa & 0x400 == 0 {
                mantissa <<= 1
                biased -= 1
            }
            return Float(bitPattern: sign | (biased << 23) | ((mantissa & 0x3FF) << 13))
        default:
            return Float(bitPattern: sign | ((exponent + 112) << 23) | (mantissa << 13))
        }
    }

    /// bfloat16 bits -> Float (the top half of a binary32).
    static func float(fromBFloatBits h: UInt16) -> Float { Float(bitPattern: UInt32(h) << 16) }
}
