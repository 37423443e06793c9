import Benchmarks
import CKernels
import FMSupport
import Foundation

@testable import Kernels

/// Shared data and bounds of the kernel tests.
enum KernelTest {
    /// Every level this machine runs, reference included.
    static let levels: [InstructionSet] = CPUFeatures.current.supported

    /// Levels above the reference (the ones compared with it).
    static let fastLevels: [InstructionSet] = levels.filter { $0 > .reference }

    /// Row lengths exercised per type: block multiples that hit full and partial groups of
    /// sixteen 32-blocks (AVX-512), odd block counts, and the models' real widths.
    static func columns(for type: QuantType) -> [Int] {
        switch type.blockSize {
        case 1: [1, 7, 16, 33, 640, 896, 4863]
        case 32: [32, 64, 96, 544, 640, 896, 992, 1024, 4864]
        default: [256, 512, 1280, 4864]
        }
    }

    /// `count` floats, roughly normal, with a few larger outliers (as activations have).
    static func activations(_ count: Int, seed: UInt64) -> [Float] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let u = Float.random(in: -1...1, using: &rng) + Float.random(in: -1...1, using: &rng)
            return i % 97 == 5 ? u * 8 : u
        }
    }

    /// Whether `type`'s matrix product at this level is a GEMM of its own that adds the block
    /// terms in another order than its dot product (the AVX-512 GEMMs of gemm_x16.c and
    /// gemm_kq.c, the AVX2 ones of gemm_q8_0a.c and gemm_kq_avx2.c, arm64's i8mm ones of
    /// arm64_i8mm.c): same exact integer block sums, so within `DotTolerance` but not bit-equal.
    static func reordersSums(_ type: QuantType, _ kernels: KernelSet) -> Bool {
        switch kernels.effectiveLevel(for: type) {
        #if arch(arm64)
        case .i8mm: [.q4_0, .q5_0, .q8_0, .mxfp4, .q4_K, .q5_K, .q6_K].contains(type)
        #else
        case .avx512: [.q4_0, .q5_0, .q8_0, .mxfp4, .q4_K, .q5_K, .q6_K].contains(type)
        case .avx2: [.q4_0, .q5_0, .mxfp4, .q4_K, .q5_K, .q6_K].contains(type)
        #endif
        default: false
        }
    }

    /// Random well-formed weight rows: `rows` x `columns` elements of `type`.
    static func weights(_ type: QuantType, rows: Int, columns: Int, seed: UInt64) -> [UInt8] {
        SyntheticWeights.bytes(type: type, count: rows * columns, seed: seed)
    }
}

/// How far a fast dot product may be from the reference.
///
/// The reference sums the products of the dequantized values in double, so it is exact to
/// about one float rounding. The other variants form exact integer sums per block, round a few
/// scale products (a few units of roundoff, u = 2^-24, relative to each block's term) and add
/// the block terms in float, which loses at most u times the running magnitude per addition.
/// With `chain` the longest run of float additions any variant makes, the error is below
/// (chain + 4) u times the sum of the magnitudes of the terms; we allow twice that.
///
/// The magnitude of a term is |x_i| (|w_i| + |min_i|): types with a separate minimum (Q4_1, Q5_1,
/// Q2_K, Q4_K, Q5_K) add the scaled and the minimum parts separately, so cancellation between
/// them happens in float and the bound must cover both parts.
enum DotTolerance {
    /// Unit roundoff of Float.
    static let u = 1.0 / Double(1 << 24)

    /// The longest chain of float additions, per type and row length:
    /// - F32, F16, BF16: at least eight lanes, each adding n / 8 terms, plus the lane
    ///   reduction and a tail of up to 15 scalar additions;
    /// - 32-element and 256-element blocks: up to two additions per block (scaled part and
    ///   minimum part), sequential in the generic variant.
    static func chain(_ type: QuantType, columns n: Int) -> Int {
        type.blockSize == 1 ? n / 8 + 24 : 2 * (n / type.blockSize) + 4
    }

    /// Bytes of a block holding quant bits (zeroed to isolate the minimum), per type with one.
    static func quantByteRanges(_ type: QuantType) -> [Range<Int>] {
        switch type {
        case .q4_1: [4..<20]
        case .q5_1: [4..<24]
        case .q2_K: [16..<80]
        case .q4_K: [16..<144]
        case .q5_K: [16..<176]
        default: []
        }
    }

    /// sum |x_i| (|w_i| + |min_i|) over a row.
    static func magnitude(type: QuantType, row: [UInt8], x: [Float], columns: Int) throws -> Double {
        let w = try ReferenceDequantizer.dequantize(row, type: type, count: columns)
        var mins = [Float](repeating: 0, count: columns)
        let ranges = quantByteRanges(type)
        if !ranges.isEmpty {
            var zeroed = row
            for b in 0..<(columns / type.blockSize) {
                for r in ranges { for i in r { zeroed[b * type.bytesPerBlock + i] = 0 } }
            }
            mins = try ReferenceDequantizer.dequantize(zeroed, type: type, count: columns)
        }
        var sum = 0.0
        for i in 0..<columns { sum += Double(abs(x[i])) * (Double(abs(w[i])) + Double(abs(mins[i]))) }
        return sum
    }

    /// The allowed |fast - reference| for one row.
    static func bound(type: QuantType, columns: Int, magnitude: Double) -> Double {
        2 * Double(chain(type, columns: columns) + 4) * u * magnitude + Double(Float.leastNormalMagnitude)
    }
}

/// The directory of this file's fixtures.
enum FixturePath {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}
