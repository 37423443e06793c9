import CKernels
import Foundation
import Testing

@testable import Kernels

/// matVec and matMul over a thread pool, against single-threaded and row-by-row results.
@Suite("matrix products")
struct MatrixProductTests {
    static let pools = [ThreadPool(threadCount: 2), ThreadPool(threadCount: 3)]

    /// Splitting rows over threads changes nothing: bit-identical to one thread.
    @Test(arguments: [QuantType.q4_K, .q5_0, .q6_K, .q8_0, .f32, .f16, .q4_0, .q2_K, .q4_1, .mxfp4], KernelTest.levels)
    func pooledMatVecEqualsSingleThreaded(type: QuantType, level: InstructionSet) throws {
        let kernels = KernelSet(isa: level)
        let (rows, columns) = (173, type.blockSize == 256 ? 1024 : 896)
        let bytes = KernelTest.weights(type, rows: rows, columns: columns, seed: 31)
        let xq = QuantizedActivations(type: type, columns: columns, kernels: kernels)
        KernelTest.activations(columns, seed: 32).withUnsafeBufferPointer { xq.quantize($0) }
        try bytes.withUnsafeBytes { raw in
            let w = try QuantizedMatrix(raw, type: type, rows: rows, columns: columns)
            var single = [Float](repeating: .nan, count: rows)
            single.withUnsafeMutableBufferPointer { kernels.matVec(w, xq, into: $0, pool: nil) }
            for r in 0..<rows { #expect(single[r] == kernels.dot(w, row: r, xq)) }
            for pool in Self.pools {
                var pooled = [Float](repeating: .nan, count: rows)
                pooled.withUnsafeMutableBufferPointer { kernels.matVec(w, xq, into: $0, pool: pool) }
                #expect(pooled.map(\.bitPattern) == single.map(\.bitPattern), "\(type) \(level) \(pool.threadCount) threads")
            }
        }
    }

    /// matMul of n activation rows equals n matVecs, bit for bit, with and without a pool,
    /// for activation counts that leave partial groups of four and of eight, in the decode path
    /// (under 16 rows: the weights streamed once, every group over each row) and past it. Variants with a GEMM of their
    /// own that sums the block terms in another order (`KernelTest.reordersSums`) are checked
    /// against the reference instead, in `gemmMatchesReference`; here only pooled == unpooled.
    @Test(arguments: [QuantType.q4_K, .q5_0, .q6_K, .q8_0, .f16, .q5_K, .q3_K, .q5_1, .q2_K, .mxfp4], KernelTest.levels)
    func matMulEqualsRepeatedMatVec(type: QuantType, level: InstructionSet) throws {
        let kernels = KernelSet(isa: level)
        let (rows, columns) = (70, type.blockSize == 256 ? 512 : 640)
        let bytes = KernelTest.weights(type, rows: rows, columns: columns, seed: 41)
        try bytes.withUnsafeBytes { raw in
            let w = try QuantizedMatrix(raw, type: type, rows: rows, columns: columns)
            for n in [1, 3, 4, 7, 9, 15, 17] {
                let x = KernelTest.activations(n * columns, seed: UInt64(42 + n))
                let xq = QuantizedActivations(type: type, columns: columns, capacity: n, kernels: kernels)
                x.withUnsafeBufferPointer { xq.quantize(rows: $0, count: n, pool: Self.pools[0]) }
                var expected = [Float](repeating: .nan, count: n * rows)
                for j in 0..<n {
                    let one = QuantizedActivations(type: type, columns: columns, kernels: kernels)
                    x.withUnsafeBufferPointer { one.quantize(UnsafeBufferPointer(rebasing: $0[(j * columns)...])) }
                    expected.withUnsafeMutableBufferPointer {
                        kernels.matVec(w, one, into: UnsafeMutableBufferPointer(rebasing: $0[(j * rows)...]))
                    }
                }
                let reorders = KernelTest.reordersSums(type, kernels)
                if reorders {
                    expected.withUnsafeMutableBufferPointer { kernels.matMul(w, xq, into: $0, pool: nil) }
                }
                for pool in [nil] + Self.pools.map(Optional.some) {
                    var y = [Float](repeating: .nan, count: n * rows)
                    y.withUnsafeMutableBufferPointer { kernels.matMul(w, xq, into: $0, pool: pool) }
                    #expect(y.map(\.bitPattern) == expected.map(\.bitPattern), "\(type) \(level) n=\(n)")
                    // the float-input convenience quantizes the same way
                    var z = [Float](repeating: .nan, count: n * rows)
                    x.withUnsafeBufferPointer { xs in
                        z.withUnsafeMutableBufferPointer { kernels.matMul(w, xs, count: n, into: $0, pool: pool) }
                    }
                    #expect(z.map(\.bitPattern) == expected.map(\.bitPattern), "\(type) \(level) n=\(n) (floats)")
                }
                if !reorders {
                    var v = [Float](repeating: .nan, count: rows)
                    x.withUnsafeBufferPointer { xs in v.withUnsafeMutableBufferPointer { kernels.matVec(w, xs, into: $0) } }
                    #expect(v.map(\.bitPattern) == Array(expected[0..<rows]).map(\.bitPattern))
                }
            }
        }
    }

    /// The GEMM kernels (rows in tiles of 16, activations in tiles of 8, long rows in chunks):
    /// every element of matMul within `DotTolerance` of the reference dot of the same
    /// activations, for row counts and activation counts (from 16, where the GEMMs take over)
    /// that leave partial tiles and row
    /// lengths of one and of several chunks; bit-identical with and without a pool.
    @Test(arguments: [QuantType.q4_0, .q5_0, .q8_0, .mxfp4, .q4_K, .q5_K, .q6_K], KernelTest.fastLevels)
    func gemmMatchesReference(type: QuantType, level: InstructionSet) throws {
        let kernels = KernelSet(isa: level), ref = KernelSet(isa: .reference)
        let rows = 37
        for columns in type.blockSize == 256 ? [512, 4864] : [640, 4864] {
            let bytes = KernelTest.weights(type, rows: rows, columns: columns, seed: UInt64(51 + columns))
            try bytes.withUnsafeBytes { raw in
                let w = try QuantizedMatrix(raw, type: type, rows: rows, columns: columns)
                for n in [1, 8, 16, 17, 21, 27] { // below 16 the dot products run (CK_GEMM_MIN_NX)
                    let x = KernelTest.activations(n * columns, seed: UInt64(52 + n))
                    let xq = QuantizedActivations(type: type, columns: columns, capacity: n, kernels: kernels)
                    x.withUnsafeBufferPointer { xq.quantize(rows: $0, count: n, pool: nil) }
                    var y = [Float](repeating: .nan, count: n * rows)
                    y.withUnsafeMutableBufferPointer { kernels.matMul(w, xq, into: $0, pool: nil) }
                    var pooled = [Float](repeating: .nan, count: n * rows)
                    pooled.withUnsafeMutableBufferPointer { kernels.matMul(w, xq, into: $0, pool: Self.pools[1]) }
                    #expect(pooled.map(\.bitPattern) == y.map(\.bitPattern), "\(type) \(level) n=\(n) pooled")
                    for j in 0..<n {
                        let xr = QuantizedActivations(type: type, columns: columns, kernels: ref)
                        x.withUnsafeBufferPointer { xr.quantize(UnsafeBufferPointer(rebasing: $0[(j * columns)..<((j + 1) * columns)])) }
                        let values = xr.dequantize()
                        for r in 0..<rows {
                            let expected = Double(ref.dot(w, row: r, xr))
                            let rowBytes = Array(raw[(r * w.rowStride)..<(r * w.rowStride + w.rowBytes)])
                            let magnitude = try DotTolerance.magnitude(type: type, row: rowBytes, x: values, columns: columns)
                            let bound = DotTolerance.bound(type: type, columns: columns, magnitude: magnitude)
                            let actual = Double(y[j * rows + r])
                            #expect(
                                abs(actual - expected) <= bound,
                                "\(type) \(level) n=\(columns) x\(j) row \(r): \(actual) vs \(expected), bound \(bound)")
                        }
                    }
                }
            }
        }
    }

    /// Views: validation of shapes, row slices and strided rows.
    @Test func matrixViews() throws {
        let bytes = KernelTest.weights(.q8_0, rows: 4, columns: 64, seed: 3)
        try bytes.withUnsafeBytes { raw in
            #expect(throws: KernelError.columnsNotMultipleOfBlock(columns: 48, type: .q8_0, blockSize: 32)) {
                try QuantizedMatrix(raw, type: .q8_0, rows: 1, columns: 48)
            }
            #expect(throws: KernelError.bufferTooSmall(needed: 5 * 68, available: 4 * 68)) {
                try QuantizedMatrix(raw, type: .q8_0, rows: 5, columns: 64)
            }
            #expect(throws: KernelError.rowStrideTooSmall(stride: 10, rowBytes: 68)) {
                try QuantizedMatrix(base: raw.baseAddress!, type: .q8_0, rows: 1, columns: 64, rowStride: 10)
            }
            let w = try QuantizedMatrix(raw, type: .q8_0, rows: 4, columns: 64)
            #expect(w.rowBytes == 68)
            let lower = w.rows(2..<4)
            #expect(lower.rows == 2 && lower.row(0) == w.row(2))
            // every other row, through a stride
            let strided = try QuantizedMatrix(base: raw.baseAddress!, type: .q8_0, rows: 2, columns: 64, rowStride: 136)
            let kernels = KernelSet.default
            let xq = QuantizedActivations(type: .q8_0, columns: 64, kernels: kernels)
            KernelTest.activations(64, seed: 4).withUnsafeBufferPointer { xq.quantize($0) }
            var y = [Float](repeating: 0, count: 2)
            y.withUnsafeMutableBufferPointer { kernels.matVec(strided, xq, into: $0) }
            #expect(y == [kernels.dot(w, row: 0, xq), kernels.dot(w, row: 2, xq)])
        }
        #expect(QuantType(name: "q6_k") == .q6_K && QuantType(rawValue: 4) == nil)
        #expect(QuantType.q4_K.rowBytes(columns: 4864) == 2736 && QuantType.q4_K.rowBytes(columns: 896) == nil)
    }
}

/// CPU feature detection, the level names (`FM_ISA`'s, which the executables read and pass as a
/// value), and the clamp of a level to the CPU.
@Suite("CPU features")
struct CPUFeatureTests {
    @Test func levelsAreNamedAndClampedToTheCPU() {
        let best = CPUFeatures.current.best
        #expect(InstructionSet(name: "generic") == .generic)
        #expect(InstructionSet(name: "REF") == .reference && InstructionSet(name: "reference") == .reference)
        #if arch(arm64)
        let top = InstructionSet.i8mm, foreign = "avx512"
        #expect(InstructionSet.allCases.map(\.name) == ["ref", "generic", "neon", "dotprod", "i8mm"])
        #else
        let top = InstructionSet.avx512, foreign = "i8mm"
        #expect(InstructionSet.allCases.map(\.name) == ["ref", "generic", "avx2", "avx512"])
        #endif
        #expect(InstructionSet(name: top.name) == top)
        #expect(InstructionSet(name: "sse9") == nil)
        #expect(InstructionSet(name: foreign) == nil) // another architecture's level: as unknown
        #expect(KernelSet.default.isa == best)
        #expect(KernelSet(isa: .generic).isa == .generic)
        #expect(CPUFeatures.current.physicalCores >= 1 && CPUFeatures.current.logicalCPUs >= CPUFeatures.current.physicalCores)
        #expect(CPUFeatures.current.supported.first == .reference && CPUFeatures.current.supported.last == best)
        #expect(KernelSet(isa: top).isa == min(top, best))
    }

    /// Decode prefetches weights two rows ahead on Intel CPUs only (cpuid's vendor, read here
    /// from /proc/cpuinfo, which Linux fills from the same cpuid leaf).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/cpuinfo")))
    func prefetchFollowsTheVendor() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let vendor = cpuinfo.split(separator: "\n").first { $0.hasPrefix("vendor_id") }?.split(separator: ":").last?
            .trimmingCharacters(in: .whitespaces)
        #if arch(x86_64)
        #expect(vendor != nil)
        #endif
        #expect(ck_prefetch_rows() == (vendor == "GenuineIntel" ? 2 : 0))
    }
}
