import CKernels
import FMSupport
import Kernels

/// Times matrix-matrix products (prefill): how many multiply-adds per second each type's
/// `matMul` does at each level, for a block of activation rows like a prefill chunk.
///
/// Unlike `run` (decode, bound by reading weights), prefill is bound by arithmetic: one matrix,
/// small enough to stay in the caches, times `activations` rows. The figure is 10^9
/// multiply-adds (rows x columns x activations) per second, median over repetitions.
///
/// ```swift
/// for m in KernelBenchmark.runMatMul(threads: 1) { print(m) }
/// // Q5_0 avx512 1 thread 4864x896 x128: 118.2 GMAC/s (median of 7)
/// ```
extension KernelBenchmark {
    /// One type at one level.
    package struct MatMulMeasurement: Sendable, CustomStringConvertible {
        /// The weight type.
        package let type: QuantType
        /// The level the kernels ran at.
        package let isa: InstructionSet
        /// Threads taking part.
        package let threads: Int
        /// Rows, columns of the matrix and activation rows per product.
        package let rows: Int, columns: Int, activations: Int
        /// Seconds of every repetition, in order.
        package let seconds: [Double]

        /// Median seconds per product.
        package var medianSeconds: Double { SampleStatistics.median(seconds) }

        /// Multiply-adds per second, in 10^9 (median repetition).
        package var gigaMACsPerSecond: Double { Double(rows * columns * activations) / medianSeconds / 1e9 }

        /// `Q5_0 avx512 1 thread 4864x896 x128: 118.2 GMAC/s (median of 7)`.
        package var description: String {
            let g = (gigaMACsPerSecond * 10).rounded() / 10
            return
                "\(type.name) \(isa.name) \(threads) thread\(threads == 1 ? "" : "s") \(rows)x\(columns) x\(activations): \(g) GMAC/s (median of \(seconds.count))"
        }
    }

    /// Measures `matMul` of each type at each level.
    /// - Parameters:
    ///   - types: weight types; default the real models' (Q5_0, Q8_0, Q4_K, Q6_K).
    ///   - isas: levels; default every supported level from generic up.
    ///   - threads: threads per product (a pool of this size).
    ///   - repetitions: timed products (after one warm-up).
    ///   - rows, columns: matrix shape, Qwen2.5-0.5B's FFN up (4864 x 896); swapped when
    ///     `columns` is not a multiple of the type's block size (the down projection's shape).
    ///   - activations: activation rows per product (a prefill chunk, `batchCapacity`).
    package static func runMatMul(
        types: [QuantType] = [.q5_0, .q8_0, .q4_K, .q6_K],
        isas: [InstructionSet]? = nil,
        threads: Int = ThreadPool.defaultThreadCount,
        repetitions: Int = 7,
        rows: Int = 4864,
        columns: Int = 896,
        activations: Int = 128
    ) -> [MatMulMeasurement] {
        let pool = ThreadPool(threadCount: threads)
        var results: [MatMulMeasurement] = []
        for type in types {
            guard let (r, c, rowBytes) = shape(of: type, rows: rows, columns: columns) else { continue }
            let storage = zeroedPages(r * rowBytes, alignment: 4096)
            defer { storage.deallocate() }
            var rng = SplitMix64(seed: 0x5EED_1000 &+ UInt64(type.rawValue))
            SyntheticWeights.fill(storage, type: type, count: r * c, using: &rng)
            // force-try: the shape was validated by rowBytes above
            let w = try! QuantizedMatrix(base: storage, type: type, rows: r, columns: c)
            var x = [Float](repeating: 0, count: activations * c) // [activations, c]
            for i in x.indices { x[i] = Float.random(in: -1...1, using: &rng) }
            let y = UnsafeMutableBufferPointer<Float>.allocate(capacity: activations * r) // [activations, r]
            defer { y.deallocate() }
            for level in levels(isas) {
                let kernels = KernelSet(isa: level)
                let xq = QuantizedActivations(type: type, columns: c, capacity: activations, kernels: kernels)
                x.withUnsafeBufferPointer { xq.quantize(rows: $0, count: activations, pool: pool) }
                let seconds = timedPasses(repetitions) { kernels.matMul(w, xq, into: y, pool: pool) }
                results.append(
                    MatMulMeasurement(
                        type: type, isa: kernels.effectiveLevel(for: type), threads: pool.threadCount,
                        rows: r, columns: c, activations: activations, seconds: seconds))
            }
        }
        return results
    }
}
