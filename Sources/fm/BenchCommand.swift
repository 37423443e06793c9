import ArgumentParser
import Foundation
import GGUF
import Kernels
import LLMEngine

/// `fm bench`: prefill and decode throughput, in the spirit of llama.cpp's `llama-bench`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure prefill (ppN) and decode (tgN) tokens per second and peak memory.",
        discussion: """
            ppN runs N random tokens through one forward call from an empty context; tgN decodes N \
            tokens one at a time. Each test runs once to warm up, then REPS times; the table shows \
            the median, the mean and the standard deviation of the tokens per second.
            """)

    @OptionGroup var options: ModelOptions

    @Option(name: [.customShort("p"), .long], help: "Prompt tokens of the prefill test (0: skip).")
    var prefill = 512

    @Option(name: [.customShort("n"), .long], help: "Tokens of the decode test (0: skip).")
    var decode = 128

    @Option(name: [.customShort("t"), .long], help: "Thread counts, comma-separated (default: physical cores).")
    var threads: String?

    @Option(name: [.customShort("r"), .long], help: "Repetitions of each test.")
    var repetitions = 5

    @Option(help: "Positions per prefill chunk.")
    var batch = 128

    @Flag(help: "Measure the kernels instead of a model: read bandwidth and weight GB/s per type and level.")
    var kernels = false

    func validate() throws {
        if prefill < 0 || decode < 0 { throw ValidationError("-p and -n must not be negative") }
        if repetitions < 1 { throw ValidationError("-r must be at least 1") }
        if batch < 1 { throw ValidationError("--batch must be at least 1") }
        _ = try threadCounts()
    }

    func threadCounts() throws -> [Int] {
        guard let threads else { return [Transformer.defaultThreads] }
        let counts = threads.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw ValidationError("-t takes positive thread counts separated by commas, e.g. 1,2")
        }
        return counts.map { $0! }
    }

    func run() throws {
        if kernels { return try runKernels() }
        let path = try options.path()
        let file = try GGUFFile(path: path)
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let tests: [EngineBenchmark.Test] = (prefill > 0 ? [.prefill(prefill)] : []) + (decode > 0 ? [.decode(decode)] : [])
        let name = file.metadata.string("general.name") ?? URL(fileURLWithPath: path).lastPathComponent
        print("model: \(name) (\(file.metadata.string("general.architecture") ?? "?"), \(String(format: "%.1f", Double(fileBytes) / 1e6)) MB)")
        print("| threads | test | t/s (median) | t/s (mean ± sd) | runs |")
        print("| ---: | ---: | ---: | ---: | ---: |")
        var kvBytes = 0
        for count in try threadCounts() {
            let model = try Transformer(file: file, threads: count, batchCapacity: batch)
            for test in tests {
                let m = try EngineBenchmark.run(test, model: model, repetitions: repetitions)
                kvBytes = max(kvBytes, model.makeCache(capacity: test.tokens).byteCount)
                print(String(format: "| %d | %@ | %.2f | %.2f ± %.2f | %d |", count, test.description, m.median,
                             m.mean, m.standardDeviation, m.samples.count))
            }
        }
        if let peak = PeakMemory.residentBytes() {
            // Negative when parts of the mapped file were never read (or were dropped again).
            let overhead = peak - fileBytes - kvBytes
            print(String(format: "peak RSS: %.1f MB (file %.1f MB + KV cache %.1f MB %@ %.1f MB)",
                         Double(peak) / 1e6, Double(fileBytes) / 1e6, Double(kvBytes) / 1e6,
                         overhead < 0 ? "-" : "+", Double(abs(overhead)) / 1e6))
        }
    }
}

extension BenchCommand {
    /// The weight types `fm bench --kernels` measures: the real models' main types, then the
    /// rarer ones with their own SIMD variants.
    static let kernelTypes: [QuantType] = [.q4_K, .q5_0, .q6_K, .q8_0, .q4_1, .q5_1, .q2_K, .q3_K]

    /// `fm bench --kernels`: the machine's streaming read bandwidth, then how fast each weight
    /// type's matrix-vector product consumes weights at each instruction-set level (a decode
    /// step is bound by this), for every requested thread count.
    func runKernels() throws {
        for count in try threadCounts() {
            let bandwidth = KernelBenchmark.readBandwidth(threads: count, repetitions: max(3, repetitions))
            print(String(format: "read bandwidth, %d thread%@: %.1f GB/s", count, count == 1 ? "" : "s", bandwidth))
            for m in KernelBenchmark.run(types: Self.kernelTypes, threads: count, repetitions: max(3, repetitions)) {
                print(m)
            }
        }
    }
}

/// The process's peak resident memory, from `/proc/self/status` (`VmHWM`).
enum PeakMemory {
    /// Bytes, or nil where `/proc` is not available.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Int($0) }.first
            return kb.map { $0 * 1024 }
        }
        return nil
    }
}
