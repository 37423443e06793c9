import CKernels
import FMSupport
import Kernels

/// Random but well-formed weight rows for any supported type: random quant bits, and scale
/// fields holding finite f16 values of a realistic size (raw random bits would include NaNs,
/// infinities and subnormals that real files do not have).
package enum SyntheticWeights {
    /// Byte offsets of a block's f16 scale fields, per type (empty for plain types).
    static func scaleOffsets(_ type: QuantType) -> [Int] {
        switch type {
        case .q4_0, .q5_0, .q8_0: [0]
        case .q4_1, .q5_1: [0, 2]
        case .q2_K: [80, 82]
        case .q3_K: [108]
        case .q4_K, .q5_K: [0, 2]
        case .q6_K: [208]
        default: [] // F32, F16, BF16; a new quantized type adds its scale offsets here
        }
    }

    /// Fills `count` elements (a multiple of the block size) of `type` at `base`.
    static func fill(_ base: UnsafeMutableRawPointer, type: QuantType, count: Int, using rng: inout SplitMix64) {
        switch type {
        case .f32:
            let p = base.assumingMemoryBound(to: Float.self)
            for i in 0..<count { p[i] = Float.random(in: -1...1, using: &rng) }
        case .f16:
            let p = base.assumingMemoryBound(to: UInt16.self)
            for i in 0..<count { p[i] = ck_fp32_to_fp16(Float.random(in: -1...1, using: &rng)) }
        case .bf16:
            let p = base.assumingMemoryBound(to: UInt16.self)
            for i in 0..<count { p[i] = ck_fp32_to_bf16(Float.random(in: -1...1, using: &rng)) }
        default:
            let blocks = count / type.blockSize, size = type.bytesPerBlock
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            var i = 0
            while i + 8 <= blocks * size {
                (base + i).storeBytes(of: rng.next(), toByteOffset: 0, as: UInt64.self)
                i += 8
            }
            while i < blocks * size {
                bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                i += 1
            }
            if type == .mxfp4 {
                // The E8M0 exponent byte: scales 2^-9...2^-4 (times the doubled values up to 12).
                for b in 0..<blocks { bytes[b * size] = UInt8(119 + Int(rng.next() % 6)) }
            }
            let offsets = scaleOffsets(type)
            for b in 0..<blocks {
                for offset in offsets {
                    let magnitude = Float.random(in: 0.0005...0.02, using: &rng)
                    let value = Bool.random(using: &rng) ? magnitude : -magnitude
                    (base + b * size + offset).storeBytes(of: ck_fp32_to_fp16(value), toByteOffset: 0, as: UInt16.self)
                }
            }
        }
    }

    /// `count` elements of `type` as bytes.
    package static func bytes(type: QuantType, count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let size = count / type.blockSize * type.bytesPerBlock
        var out = [UInt8](repeating: 0, count: size)
        out.withUnsafeMutableBytes { fill($0.baseAddress!, type: type, count: count, using: &rng) }
        return out
    }
}
