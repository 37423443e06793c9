import ArgumentParser
import Benchmarks
import Foundation
import GGUF
import Kernels
import LLMEngine

/// `fm bench`: prefill and decode throughput at depth, measured and reported as llama.cpp's
/// `llama-bench` does (same options, same JSON/CSV fields), so the two can be compared by a script.
///
/// ```
/// fm bench -p 512,2048 -n 128 -d 0,2048,4096 -t 1,2 -o json
/// ```
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure prefill (ppN) and decode (tgN) tokens per second at depth, and time to first token.",
        discussion: """
            ppN runs N random tokens through one forward call; tgN decodes N random tokens one at a \
            time. At depth D (-d) the context first holds D random positions, prefilled once and not \
            timed. Each test runs once to warm up (tgN: one token), then REPS times. The markdown \
            table shows the mean ± standard deviation of the tokens per second (as llama-bench), the \
            median, and for ppN the median time to first token of an N-token prompt (the prefill \
            ends with the first token's logits). -o json|csv prints llama-bench's fields and value \
            types; avg_ts there is the mean, as in llama-bench.
            """)

    enum Output: String, ExpressibleByArgument, CaseIterable { case md, json, csv }

    @OptionGroup var options: ModelOptions

    @Option(
        name: [.customShort("p"), .customLong("n-prompt"), .customLong("prefill")],
        help: "Prompt lengths of the prefill tests, comma-separated (0: none).")
    var prefill = "512"

    @Option(
        name: [.customShort("n"), .customLong("n-gen"), .customLong("decode")],
        help: "Token counts of the decode tests, comma-separated (0: none).")
    var decode = "128"

    @Option(
        name: [.customShort("d"), .customLong("n-depth")],
        help: "Context depths the tests start from, comma-separated.")
    var depth = "0"

    @Option(
        name: [.customShort("s"), .customLong("sequences")],
        help:
            "Concurrent sequences of the decode tests, comma-separated (llama-batched-bench's -npl): S > 1 decodes S contexts at once on threads of their own, whose steps the model batches, and reports their aggregate tokens per second (markdown only)."
    )
    var sequences = "1"

    @Option(name: [.customShort("t"), .long], help: "Thread counts, comma-separated (default: physical cores).")
    var threads: String?

    @Option(name: [.customShort("r"), .long], help: "Repetitions of each test.")
    var repetitions = 5

    @Option(help: "How the KV cache stores keys and values: f16, or q8_0 (llama-bench's -ctk/-ctv q8_0).")
    var kvCache: KVFormat = .f16

    @Option(help: "Positions per prefill chunk (llama-bench's n_ubatch; both default to 512).")
    var batch = 512

    @Option(name: [.customShort("o"), .long], help: "Output format: md, json or csv.")
    var output: Output = .md

    @Flag(help: "Measure the kernels instead of a model: read bandwidth, weight GB/s (decode) and GMAC/s (prefill) per type and level.")
    var kernels = false

    func validate() throws {
        if repetitions < 1 { throw ValidationError("-r must be at least 1") }
        if batch < 1 { throw ValidationError("--batch must be at least 1") }
        _ = try threadCounts()
        for (flag, text, minimum) in [("-p", prefill, 0), ("-n", decode, 0), ("-d", depth, 0), ("-s", sequences, 1)] {
            _ = try Self.list(text, flag: flag, minimum: minimum)
        }
        if try Self.list(sequences, flag: "-s", minimum: 1).contains(where: { $0 > 1 }), output != .md {
            throw ValidationError("-s with more than one sequence prints markdown only (llama-bench's fields have no sequence count)")
        }
    }

    /// `"1,2"` -> `[1, 2]`, each at least `minimum`.
    static func list(_ text: String, flag: String, minimum: Int) throws -> [Int] {
        let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? Int.min) >= minimum }) else {
            throw ValidationError("\(flag) takes numbers of at least \(minimum) separated by commas, e.g. 1,2")
        }
        return values.map { $0! }
    }

    func threadCounts() throws -> [Int] {
        guard let threads else { return [Transformer.defaultThreads] }
        return try Self.list(threads, flag: "-t", minimum: 1)
    }

    /// The tests of one depth, in llama-bench's order: the prefills, then the decodes.
    func tests(depth: Int) throws -> [EngineBenchmark.Test] {
        let decodes = try Self.list(decode, flag: "-n", minimum: 0).filter { $0 > 0 }
        let counts = try Self.list(sequences, flag: "-s", minimum: 1)
        return try Self.list(prefill, flag: "-p", minimum: 0).filter { $0 > 0 }.map { .prefill($0, depth: depth) }
            + counts.flatMap { s in
                decodes.map { s == 1 ? .decode($0, depth: depth) : .parallelDecode($0, sequences: s, depth: depth) }
            }
    }

    func run() throws {
        if kernels { return try runKernels() }
        let kernels = try ProcessEnvironment.kernels()
        let path = try options.path()
        let file = try GGUFFile(path: path)
        let info = BenchModelInfo(file: file, path: path)
        let depths = try Self.list(depth, flag: "-d", minimum: 0)
        var writer = BenchWriter(format: output, model: info, file: file)
        writer.begin()
        var kvBytes = 0
        for count in try threadCounts() {
            let model = try Transformer(file: file, threads: count, kernels: kernels, batchCapacity: batch)
            for d in depths {
                let tests = try tests(depth: d)
                guard let capacity = tests.map(\.capacity).max() else { continue }
                var cache = model.makeCache(capacity: capacity, format: kvCache)
                kvBytes = max(kvBytes, cache.byteCount)
                try EngineBenchmark.prefillDepth(d, model: model, cache: &cache)
                for test in tests {
                    let m =
                        if case .parallelDecode = test {
                            try EngineBenchmark.runParallelDecode(test, model: model, repetitions: repetitions, format: kvCache)
                        } else {
                            try EngineBenchmark.run(test, model: model, cache: &cache, repetitions: repetitions)
                        }
                    writer.write(
                        BenchRecord(model: info, threads: count, batch: batch, kvCache: kvCache.rawValue, measurement: m, time: Date()),
                        measurement: m)
                }
            }
        }
        writer.end(peak: PeakMemory.residentBytes(), kvBytes: kvBytes)
    }
}

extension BenchCommand {
    /// The weight types `fm bench --kernels` measures: every quantized type of the kernel table,
    /// in ggml id order (the float types are not what a decode step streams).
    static var kernelTypes: [QuantType] { QuantType.allCases.filter(\.isQuantized) }

    /// `fm bench --kernels`: the machine's streaming read bandwidth, then how fast each weight
    /// type's matrix-vector product consumes weights at each instruction-set level (a decode
    /// step is bound by this), then the multiply-adds per second of the matrix-matrix products
    /// over 128 activation rows (prefill), for every requested thread count.
    func runKernels() throws {
        for count in try threadCounts() {
            let bandwidth = KernelBenchmark.readBandwidth(threads: count, repetitions: max(3, repetitions))
            print(String(format: "read bandwidth, %d thread%@: %.1f GB/s", count, count == 1 ? "" : "s", bandwidth))
            for m in KernelBenchmark.run(types: Self.kernelTypes, threads: count, repetitions: max(3, repetitions)) {
                print(m)
            }
            // the real models' types, and the 4-bit 32-block ones beside each other (Q4_0, MXFP4)
            let matMulTypes: [QuantType] = [.q5_0, .q8_0, .q4_K, .q6_K, .q4_0, .mxfp4]
            for m in KernelBenchmark.runMatMul(types: matMulTypes, threads: count, repetitions: max(3, repetitions)) { print(m) }
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

extension KVFormat: ExpressibleByArgument {}
