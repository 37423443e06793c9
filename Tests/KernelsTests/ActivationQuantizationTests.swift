import CKernels
import Testing

@testable import Kernels

/// The activation quantizers: every level's layout holds exactly the reference's values, and
/// those values are a faithful 8-bit rounding of the input.
@Suite("activation quantization")
struct ActivationQuantizationTests {
    /// Same values as the reference quantizer, bit for bit, for every weight type's activation
    /// layout at every level (including all-zero blocks and partial AVX-512 groups).
    @Test(arguments: QuantType.allCases, KernelTest.fastLevels)
    func layoutsHoldTheReferenceValues(type: QuantType, level: InstructionSet) {
        for columns in KernelTest.columns(for: type) {
            var x = KernelTest.activations(columns, seed: UInt64(columns))
            for i in 0..<min(columns, 32) { x[i] = 0 } // a zero block: d = 0
            let fast = QuantizedActivations(type: type, columns: columns, kernels: KernelSet(isa: level))
            let ref = QuantizedActivations(type: type, columns: columns, kernels: KernelSet(isa: .reference))
            x.withUnsafeBufferPointer {
                fast.quantize($0); ref.quantize($0)
            }
            let a = fast.dequantize(), b = ref.dequantize()
            #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(type) \(level) n=\(columns)")
        }
    }

    /// block_q8_0 round trip: |x - d q| <= d / 2 plus the f16 rounding of d (127 q-steps of
    /// 2^-11 relative), and the largest |x| of a block maps to +-127.
    @Test func q8_0RoundTrip() {
        let n = 4096
        let x = KernelTest.activations(n, seed: 5)
        var blocks = [block_q8_0](repeating: block_q8_0(), count: n / 32)
        ck_quantize_row_q8_0_ref(x, &blocks, Int64(n))
        for (b, block) in blocks.enumerated() {
            let d = ck_fp16_to_fp32(block.d)
            let qs = withUnsafeBytes(of: block.qs) { Array($0.bindMemory(to: Int8.self)) }
            let slice = x[(32 * b)..<(32 * b + 32)]
            let amax = slice.map(abs).max()!
            #expect(qs.map { abs(Int($0)) }.max() == 127)
            for (i, v) in slice.enumerated() {
                let err = abs(v - Float(qs[i]) * d)
                #expect(err <= d * 0.5 + amax * 0x1p-11 * 1.01, "block \(b) element \(i)")
            }
        }
    }

    /// block_q8_K round trip (f32 scale: |x - d q| <= d / 2 up to rounding) and its sums of 16.
    @Test func q8_KRoundTripAndSums() {
        let n = 2048
        let x = KernelTest.activations(n, seed: 6)
        var blocks = [block_q8_K](repeating: block_q8_K(), count: n / 256)
        ck_quantize_row_q8_K_ref(x, &blocks, Int64(n))
        for (b, block) in blocks.enumerated() {
            let qs = withUnsafeBytes(of: block.qs) { Array($0.bindMemory(to: Int8.self)) }
            let sums = withUnsafeBytes(of: block.bsums) { Array($0.bindMemory(to: Int16.self)) }
            for s in 0..<16 { #expect(Int(sums[s]) == qs[(16 * s)..<(16 * s + 16)].reduce(0) { $0 + Int($1) }) }
            for i in 0..<256 {
                let v = x[256 * b + i]
                #expect(abs(v - Float(qs[i]) * block.d) <= block.d * 0.5 * 1.0001 + abs(v) * 0x1p-22)
            }
        }
    }

    /// The public fast entry points give the reference's bytes (the standard layouts).
    @Test func publicQuantizersMatchReference() {
        let n = 1024
        let x = KernelTest.activations(n, seed: 9)
        var a = [block_q8_0](repeating: block_q8_0(), count: n / 32), b = a
        ck_quantize_row_q8_0(x, &a, Int64(n))
        ck_quantize_row_q8_0_ref(x, &b, Int64(n))
        #expect(a.withUnsafeBytes { Array($0) } == b.withUnsafeBytes { Array($0) })
        var c = [block_q8_K](repeating: block_q8_K(), count: n / 256), e = c
        ck_quantize_row_q8_K(x, &c, Int64(n))
        ck_quantize_row_q8_K_ref(x, &e, Int64(n))
        let bytes: ([block_q8_K]) -> [UInt8] = { blocks in blocks.withUnsafeBytes { Array($0) } }
        #expect(bytes(c) == bytes(e))
    }

    /// Halfway cases round away from zero (roundf), in every variant.
    @Test(arguments: KernelTest.fastLevels)
    func tiesRoundAwayFromZero(level: InstructionSet) {
        // every 32-block holds 127, so d = 127 / 127 = 1 and the values themselves are rounded
        var x = (0..<256).map { Float($0 % 8) - 3.5 } // -3.5 ... 3.5: all halfway cases
        for b in 0..<8 { x[32 * b] = 127 }
        for type in [QuantType.q8_0, .q5_0, .q4_K, .q6_K] {
            let fast = QuantizedActivations(type: type, columns: 256, kernels: KernelSet(isa: level))
            x.withUnsafeBufferPointer { fast.quantize($0) }
            let values = fast.dequantize()
            for i in 0..<256 {
                #expect(values[i] == x[i].rounded(.toNearestOrAwayFromZero), "\(type) \(level) \(i)")
            }
        }
    }
}
