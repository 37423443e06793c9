import CKernels
import FMSupport
import Testing

@testable import Kernels

/// The C reference dequantizers against the Swift ones, and the half-precision conversions.
@Suite("dequantization")
struct DequantizationTests {
    /// Bit-identical results from the C and Swift reference dequantizers on random blocks.
    @Test(arguments: QuantType.allCases)
    func cMatchesSwiftReference(type: QuantType) throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let count = type.blockSize == 1 ? 1000 : 16 * type.blockSize
            let bytes = KernelTest.weights(type, rows: 1, columns: count, seed: seed)
            let swift = try ReferenceDequantizer.dequantize(bytes, type: type, count: count)
            var c = [Float](repeating: .nan, count: count)
            let rc = bytes.withUnsafeBytes { raw in
                c.withUnsafeMutableBufferPointer { ck_dequantize_row(Int32(type.rawValue), raw.baseAddress, $0.baseAddress, Int64(count)) }
            }
            #expect(rc == 0)
            let mismatches = (0..<count).filter { swift[$0].bitPattern != c[$0].bitPattern }
            #expect(mismatches.isEmpty, "\(type): \(mismatches.count) elements differ, first at \(mismatches.first ?? -1)")
        }
    }

    /// Every one of the 65536 half-precision values converts exactly: C, Swift reference and
    /// (where the platform has it) Swift's own Float16 agree, NaNs keep their payload.
    @Test func halfToFloatExhaustive() {
        for bits in 0...UInt16.max {
            let c = ck_fp16_to_fp32(bits)
            let swift = HalfFloat.float(fromHalfBits: bits)
            #expect(c.bitPattern == swift.bitPattern, "half \(bits)")
            #if !(os(macOS) && arch(x86_64))
            let native = Float(Float16(bitPattern: bits))
            if !native.isNaN { #expect(c.bitPattern == native.bitPattern, "half \(bits)") }
            #endif
        }
    }

    /// f32 -> f16 rounds to nearest even, like Swift's Float16 conversion: random values of every
    /// magnitude, halfway cases, overflow to infinity and the subnormal range.
    @Test func floatToHalfRoundsToNearestEven() {
        var rng = SplitMix64(seed: 42)
        var values: [Float] = [
            0, -0, 1, -1, 65504, 65519.99, 65520, 1e10, -1e10, .infinity, -.infinity,
            6.1e-5, 5.96e-8, 2.98e-8, 2.99e-8, 1e-9, 1.0009765625, 1.00048828125, 1.00146484375,
        ]
        for _ in 0..<200_000 {
            values.append(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x7FFF_FFFF | (rng.next() & 1 == 0 ? 0 : 0x8000_0000)))
        }
        for v in values where !v.isNaN {
            #if !(os(macOS) && arch(x86_64))
            #expect(ck_fp32_to_fp16(v) == Float16(v).bitPattern, "\(v)")
            #endif
            let back = ck_fp16_to_fp32(ck_fp32_to_fp16(v))
            if abs(v) <= 65504 { #expect(abs(back - v) <= abs(v) * 0x1p-11 + 0x1p-25, "\(v)") }
        }
        #expect(ck_fp16_to_fp32(ck_fp32_to_fp16(.nan)).isNaN)
    }

    /// bf16: rounds to nearest even, decodes by shifting.
    @Test func bfloat16() {
        #expect(ck_fp32_to_bf16(1.0) == 0x3F80)
        #expect(ck_fp32_to_bf16(Float(bitPattern: 0x3F80_8000)) == 0x3F80) // tie -> even
        #expect(ck_fp32_to_bf16(Float(bitPattern: 0x3F81_8000)) == 0x3F82) // tie -> even
        #expect(ck_fp32_to_bf16(Float(bitPattern: 0x3F80_8001)) == 0x3F81)
        #expect(ck_bf16_to_fp32(0xC000) == -2)
        #expect(ck_bf16_to_fp32(ck_fp32_to_bf16(.nan)).isNaN)
    }
}
