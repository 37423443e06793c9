import Benchmarks
import FMSupport
import Foundation
import GGUF
import LLMEngine
import StructuredDecoding

/// One row of `fm bench` output with llama.cpp's `llama-bench` fields, in its order and with its
/// value types, so the two tools' JSON or CSV can be joined by a script on
/// (`n_prompt`, `n_gen`, `n_depth`, `n_threads`). Fields that describe GPUs or llama.cpp options
/// we do not have carry the value llama-bench prints for a CPU run with its defaults.
struct BenchRecord {
    enum Kind { case string, bool, int, float }

    /// llama-bench's field names, in its order (`test::get_fields()`), then its two sample arrays.
    static let fields: [(name: String, kind: Kind)] = [
        ("build_commit", .string), ("build_number", .int), ("cpu_info", .string), ("gpu_info", .string),
        ("backends", .string), ("model_filename", .string), ("model_type", .string), ("model_size", .int),
        ("model_n_params", .int), ("n_batch", .int), ("n_ubatch", .int), ("n_threads", .int),
        ("cpu_mask", .string), ("cpu_strict", .bool), ("poll", .int), ("type_k", .string), ("type_v", .string),
        ("n_gpu_layers", .int), ("n_cpu_moe", .int), ("split_mode", .string), ("main_gpu", .int),
        ("no_kv_offload", .bool), ("flash_attn", .int), ("devices", .string), ("tensor_split", .string),
        ("tensor_buft_overrides", .string), ("load_mode", .string), ("lazy_mode", .string), ("embeddings", .bool),
        ("no_op_offload", .int), ("no_host", .bool), ("repack", .bool), ("fit_target", .int), ("fit_min_ctx", .int),
        ("n_prompt", .int), ("n_gen", .int), ("n_depth", .int),
        ("test_time", .string), ("avg_ns", .int), ("stddev_ns", .int), ("avg_ts", .float), ("stddev_ts", .float),
    ]

    /// The value of each of `fields`, as llama-bench formats it (integers plain, floats `%f`,
    /// booleans `0`/`1` in CSV).
    let values: [String]
    let samplesNanoseconds: [UInt64]
    let samplesTokensPerSecond: [Double]

    init(
        model: BenchModelInfo, threads: Int, batch: Int, kvCache: String = "f16", measurement m: EngineBenchmark.Measurement, time: Date
    ) {
        let (prompt, generated) =
            switch m.test {
            case .prefill(let n, _): (n, 0)
            case .decode(let n, _): (0, n)
            case .parallelDecode: (0, m.test.tokens)
            }
        let ns = m.nanoseconds.map { Double($0) }
        let stamp = ISO8601DateFormatter().string(from: time)
        values = [
            ProcessInfo.processInfo.environment["FM_BUILD_COMMIT"] ?? "unknown", "0", model.cpu, "", "CPU",
            model.path, model.type, String(model.bytes), String(model.parameters), String(batch), String(batch),
            String(threads), "0x0", "0", "0", kvCache, kvCache, "0", "0", "none", "0", "0", "0", "", "0.00", "none",
            "mmap", "none", "0", "0", "0", "0", "0", "0",
            String(prompt), String(generated), String(m.test.depth),
            stamp, String(UInt64(SampleStatistics.mean(ns))), String(UInt64(SampleStatistics.standardDeviation(ns))),
            String(format: "%f", m.mean), String(format: "%f", m.standardDeviation),
        ]
        samplesNanoseconds = m.nanoseconds
        samplesTokensPerSecond = m.samples
    }

    /// llama-bench's CSV header line.
    static var csvHeader: String { fields.map(\.name).joined(separator: ",") }

    /// The row as llama-bench's CSV writes it: every value quoted, `"` doubled.
    var csvLine: String {
        values.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",")
    }

    /// The row as one object of llama-bench's JSON array (same keys and value types).
    var jsonObject: String {
        var lines: [String] = []
        for (field, value) in zip(Self.fields, values) {
            let json: String =
                switch field.kind {
                case .string: Self.quoted(value)
                case .bool: value == "0" ? "false" : "true"
                case .int, .float: value
                }
            lines.append("    \"\(field.name)\": \(json)")
        }
        lines.append("    \"samples_ns\": [ \(samplesNanoseconds.map(String.init).joined(separator: ", ")) ]")
        lines.append("    \"samples_ts\": [ \(samplesTokensPerSecond.map { String(format: "%g", $0) }.joined(separator: ", ")) ]")
        return "  {\n" + lines.joined(separator: ",\n") + "\n  }"
    }

    static func quoted(_ s: String) -> String { JSONText.quoted(s) }
}

/// What `fm bench` reports about the model and machine, computed once per model.
struct BenchModelInfo {
    let path: String
    /// llama.cpp's `llama_model_desc` style: architecture, size label, file type.
    let type: String
    /// Bytes of all tensors (not the file: no header or metadata).
    let bytes: Int
    /// Elements of all tensors.
    let parameters: Int
    /// The CPU's model name.
    let cpu: String

    init(file: GGUFFile, path: String) {
        self.path = path
        bytes = file.tensors.reduce(0) { $0 + $1.byteCount }
        parameters = file.tensors.reduce(0) { $0 + $1.elementCount }
        let arch = file.architecture ?? "?"
        let size =
            file.metadata.string("general.size_label")
            ?? String(format: "%.1fB", Double(parameters) / 1e9)
        let fileType = file.metadata.int("general.file_type").flatMap { Self.fileTypeNames[$0] } ?? "?"
        type = "\(arch) \(size) \(fileType)"
        cpu = Self.cpuName()
    }

    /// `general.file_type` values of the common mixes, named as llama.cpp names them.
    static let fileTypeNames: [Int: String] = [
        0: "all F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K - Medium",
        11: "Q3_K - Small", 12: "Q3_K - Medium", 13: "Q3_K - Large", 14: "Q4_K - Small", 15: "Q4_K - Medium",
        16: "Q5_K - Small", 17: "Q5_K - Medium", 18: "Q6_K", 32: "BF16",
    ]

    static func cpuName() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        return ""
    }
}
