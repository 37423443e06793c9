import Benchmarks
import Foundation
import GGUF
import LLMEngine

/// Prints `fm bench` rows as they are measured: a markdown table like llama-bench's (with the
/// median and the time to first token added), or llama-bench's JSON array or CSV. JSON and CSV
/// go alone to standard output; the peak memory line then goes to standard error.
struct BenchWriter {
    let format: BenchCommand.Output
    let model: BenchModelInfo
    let fileBytes: Int
    private var rows = 0

    init(format: BenchCommand.Output, model: BenchModelInfo, file: GGUFFile) {
        self.format = format
        self.model = model
        fileBytes = file.fileSize
    }

    func begin() {
        switch format {
        case .md:
            print(
                "model: \(model.type) (\(String(format: "%.2f MiB, %.2f M params", Double(model.bytes) / 1048576, Double(model.parameters) / 1e6)))")
            print("| threads | test | t/s | t/s (median) | TTFT ms (median) |")
            print("| ---: | ---: | ---: | ---: | ---: |")
        case .json: print("[")
        case .csv: print(BenchRecord.csvHeader)
        }
        fflush(nil) // every stream: rows show up as they are measured, even through a pipe
    }

    mutating func write(_ record: BenchRecord, measurement m: EngineBenchmark.Measurement) {
        switch format {
        case .md:
            let threads = record.values[BenchRecord.fields.firstIndex { $0.name == "n_threads" }!]
            let ttft =
                switch m.test {
                case .prefill: String(format: "%.1f", m.medianNanoseconds / 1e6)
                case .decode, .parallelDecode: "-"
                }
            let test = m.test.description + (m.meanBatch.map { String(format: " (mean batch %.2f)", $0) } ?? "")
            print(
                String(
                    format: "| %@ | %@ | %.2f ± %.2f | %.2f | %@ |", threads, test, m.mean,
                    m.standardDeviation, m.median, ttft))
        case .json: print((rows > 0 ? ",\n" : "") + record.jsonObject, terminator: "")
        case .csv: print(record.csvLine)
        }
        rows += 1
        fflush(nil) // every stream: rows show up as they are measured, even through a pipe
    }

    func end(peak: Int?, kvBytes: Int) {
        if format == .json { print("\n]") }
        guard let peak else { return }
        // Negative when parts of the mapped file were never read (or were dropped again).
        let overhead = peak - fileBytes - kvBytes
        let line = String(
            format: "peak RSS: %.1f MB (file %.1f MB + KV cache %.1f MB %@ %.1f MB)",
            Double(peak) / 1e6, Double(fileBytes) / 1e6, Double(kvBytes) / 1e6,
            overhead < 0 ? "-" : "+", Double(abs(overhead)) / 1e6)
        if format == .md { print(line) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
}
