import Benchmarks
import Kernels
import Testing

/// The benchmark runs and reports sane fields (timings are never asserted: benchmarks are not
/// tests).
@Suite("kernel benchmark")
struct BenchmarkSmokeTests {
    @Test func smallRun() {
        let results = KernelBenchmark.run(
            types: [.q4_K, .q8_0], isas: [.generic], threads: 2, repetitions: 2,
            workingSetBytes: 1 << 20, rows: 64, columns: 512)
        #expect(results.count == 2)
        for m in results {
            #expect(m.seconds.count == 2 && m.medianSeconds > 0 && m.gigabytesPerSecond > 0)
            #expect(m.bytesPerRepetition >= m.rows * m.type.rowBytes(columns: m.columns)!)
            #expect(m.description.hasPrefix(m.type.name))
        }
        #expect(KernelBenchmark.readBandwidth(threads: 2, repetitions: 2, workingSetBytes: 1 << 20) > 0)
    }
}
