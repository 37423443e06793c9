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

    /// block_q8_K32 round trip: each group of 32 has its own scale, d = max|x| / 127 of that
    /// group (so its largest value maps to +-127), |x - d q| <= d / 2 up to rounding, and the
    /// sums of 16. One large value in a super-block leaves the other groups' scales alone.
    @Test func q8_K32RoundTripAndSums() {
        let n = 2048
        var x = KernelTest.activations(n, seed: 6)
        x[300] = 1000 // an outlier in group 1 of super-block 1
        var blocks = [block_q8_K32](repeating: block_q8_K32(), count: n / 256)
        ck_quantize_row_q8_K32_ref(x, &blocks, Int64(n))
        for (b, block) in blocks.enumerated() {
            let qs = withUnsafeBytes(of: block.qs) { Array($0.bindMemory(to: Int8.self)) }
            let sums = withUnsafeBytes(of: block.bsums) { Array($0.bindMemory(to: Int16.self)) }
            let d = withUnsafeBytes(of: block.d) { Array($0.bindMemory(to: Float.self)) }
            for s in 0..<16 { #expect(Int(sums[s]) == qs[(16 * s)..<(16 * s + 16)].reduce(0) { $0 + Int($1) }) }
            for g in 0..<8 {
                let group = x[(256 * b + 32 * g)..<(256 * b + 32 * g + 32)]
                #expect(d[g] == group.map(abs).max()! / 127)
                #expect(qs[(32 * g)..<(32 * g + 32)].map { abs(Int($0)) }.max() == 127)
                for (i, v) in group.enumerated() {
                    #expect(abs(v - Float(qs[32 * g + i]) * d[g]) <= d[g] * 0.5 * 1.0001 + abs(v) * 0x1p-22)
                }
            }
        }
        let scales = withUnsafeBytes(of: blocks[1].d) { Array($0.bindMemory(to: Float.self)) }
        #expect(scales[1] == Float(1000) / 127)
        #expect(scales[0] < 1 && scales[2] < 1) // KernelTest.activations are within +-16
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
        var f = [block_q8_K32](repeating: block_q8_K32(), count: n / 256), g = f
        ck_quantize_row_q8_K32(x, &f, Int64(n))
        ck_quantize_row_q8_K32_ref(x, &g, Int64(n))
        #expect(f.withUnsafeBytes { Array($0) } == g.withUnsafeBytes { Array($0) })
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
