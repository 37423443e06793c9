import CKernels
import FMSupport
import Kernels

/// Times matrix-vector products to measure how fast the kernels stream weights.
///
/// A decode step is bound by reading the weights once, so the figure that matters is bytes of
/// weights consumed per second. Each measurement runs `matVec` over a working set of distinct
/// matrices (default 256 MB, far larger than the caches, like a model's layers) split over a
/// thread pool, and reports the median over repetitions.
///
/// ```swift
/// for m in KernelBenchmark.run(threads: 2) { print(m) }
/// // Q4_K avx512 2 threads 896x4864: 39.8 GB/s (median of 7)
/// ```
package enum KernelBenchmark {
    /// One type at one level.
    package struct Measurement: Sendable, CustomStringConvertible {
        /// The weight type.
        package let type: QuantType
        /// The level the dot products ran at.
        package let isa: InstructionSet
        /// Threads taking part.
        package let threads: Int
        /// Rows of each matrix.
        package let rows: Int
        /// Columns of each matrix.
        package let columns: Int
        /// Bytes of weights read per repetition (all matrices once).
        package let bytesPerRepetition: Int
        /// Median seconds per repetition.
        package let medianSeconds: Double
        /// Seconds of every repetition, in order.
        package let seconds: [Double]

        /// Weight bytes read per second, in 10^9 bytes (median repetition).
        package var gigabytesPerSecond: Double { Double(bytesPerRepetition) / medianSeconds / 1e9 }

        /// `Q4_K avx512 2 threads 896x4864: 39.8 GB/s (median of 7)`.
        package var description: String {
            let gbs = (gigabytesPerSecond * 10).rounded() / 10
            return "\(type.name) \(isa.name) \(threads) thread\(threads == 1 ? "" : "s") \(rows)x\(columns): \(gbs) GB/s (median of \(seconds.count))"
        }
    }

    /// The machine's streaming read bandwidth with `threads` threads, in 10^9 bytes per second
    /// (median of `repetitions` passes over `workingSetBytes`): the ceiling for `run`'s figures.
    package static func readBandwidth(
        threads: Int = ThreadPool.defaultThreadCount, repetitions: Int = 7,
        workingSetBytes: Int = 256 << 20
    ) -> Double {
        let pool = ThreadPool(threadCount: threads)
        let size = max(4096, workingSetBytes) / 4096 * 4096
        let storage = zeroedPages(size, alignment: 4096)
        defer { storage.deallocate() }
        let base = UnsafeSendableRawPointer(storage)
        let pages = size / 4096
        func pass() {
            pool.parallelFor(count: pages) { range in
                _ = ck_stream_read(base.base + range.lowerBound * 4096, range.count * 4096)
            }
        }
        let seconds = timedPasses(repetitions, pass)
        return Double(size) / SampleStatistics.median(seconds) / 1e9
    }

    /// Measures each type at each level.
    /// - Parameters:
    ///   - types: weight types; default Q4_K, Q5_0, Q8_0 (the real models' main types).
    ///   - isas: levels; default every supported level from generic up.
    ///   - threads: threads per product (a pool of this size).
    ///   - repetitions: timed passes over the working set (after one warm-up pass).
    ///   - workingSetBytes: total bytes of the distinct matrices cycled through.
    ///   - rows, columns: matrix shape, like Qwen2.5-0.5B's FFN (4864 x 896); swapped when
    ///     `columns` is not a multiple of the type's block size (k-quants need 256).
    package static func run(
        types: [QuantType] = [.q4_K, .q5_0, .q8_0],
        isas: [InstructionSet]? = nil,
        threads: Int = ThreadPool.defaultThreadCount,
        repetitions: Int = 7,
        workingSetBytes: Int = 256 << 20,
        rows: Int = 4864,
        columns: Int = 896
    ) -> [Measurement] {
        let pool = ThreadPool(threadCount: threads)
        var results: [Measurement] = []
        for type in types {
            guard let (r, c, rowBytes) = shape(of: type, rows: rows, columns: columns) else { continue }
            let matrixBytes = r * rowBytes
            let count = max(1, workingSetBytes / matrixBytes)
            let storage = zeroedPages(count * matrixBytes, alignment: 4096)
            defer { storage.deallocate() }
            var rng = SplitMix64(seed: 0x5EED_0000 &+ UInt64(type.rawValue))
            SyntheticWeights.fill(storage, type: type, count: count * r * c, using: &rng)
            var x = [Float](repeating: 0, count: c)
            for i in x.indices { x[i] = Float.random(in: -1...1, using: &rng) }
            let y = UnsafeMutableBufferPointer<Float>.allocate(capacity: r)
            defer { y.deallocate() }
            for level in levels(isas) {
                let kernels = KernelSet(isa: level)
                let xq = QuantizedActivations(type: type, columns: c, kernels: kernels)
                x.withUnsafeBufferPointer { xq.quantize($0) }
                let matrices = (0..<count).map { i in
                    // force-try: the shape was validated by rowBytes above
                    try! QuantizedMatrix(base: storage + i * matrixBytes, type: type, rows: r, columns: c)
                }
                let seconds = timedPasses(repetitions) { for w in matrices { kernels.matVec(w, xq, into: y, pool: pool) } }
                results.append(
                    Measurement(
                        type: type, isa: kernels.effectiveLevel(for: type), threads: pool.threadCount, rows: r, columns: c,
                        bytesPerRepetition: count * matrixBytes, medianSeconds: SampleStatistics.median(seconds), seconds: seconds))
            }
        }
        return results
    }
}

extension KernelBenchmark {
    /// The levels to measure: `isas`, or every supported level from generic up.
    static func levels(_ isas: [InstructionSet]?) -> [InstructionSet] {
        isas ?? CPUFeatures.current.supported.filter { $0 >= .generic }
    }

    /// The matrix shape to measure `type` at, `rows` x `columns` (swapped when `columns` is not
    /// a multiple of the type's block size), with a row's bytes; `nil` when neither fits.
    static func shape(of type: QuantType, rows: Int, columns: Int) -> (rows: Int, columns: Int, rowBytes: Int)? {
        let (r, c) = columns % type.blockSize == 0 ? (rows, columns) : (columns, rows)
        guard let rowBytes = type.rowBytes(columns: c) else { return nil }
        return (r, c, rowBytes)
    }

    /// Runs `pass` once to warm up, then `repetitions` times (at least once), timing each.
    static func timedPasses(_ repetitions: Int, _ pass: () -> Void) -> [Double] {
        pass()
        var seconds: [Double] = []
        for _ in 0..<max(1, repetitions) {
            let start = ContinuousClock.now
            pass()
            seconds.append((ContinuousClock.now - start).seconds)
        }
        return seconds
    }
}

/// `size` zeroed bytes aligned to `alignment` (pages, for bandwidth runs); the caller deallocates.
func zeroedPages(_ size: Int, alignment: Int) -> UnsafeMutableRawPointer {
    let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: alignment)
    pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(size, 1))
    return pointer
}
