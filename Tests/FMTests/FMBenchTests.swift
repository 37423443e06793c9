import Foundation
import GGUF
import LLMEngine
import TestSupport
import Testing

/// `fm bench` output shapes (llama-bench's fields, depth) and `fm logits`, on the small real
/// model. No timing is asserted: only the structure and that a sample was measured.
@Suite(.serialized) struct FMBenchTests {
    /// llama-bench's `test::get_fields()` at llama.cpp as vendored by llama-cpp-python 0.3.36,
    /// then its two sample arrays (JSON only).
    static let llamaBenchFields = [
        "build_commit", "build_number", "cpu_info", "gpu_info", "backends", "model_filename", "model_type",
        "model_size", "model_n_params", "n_batch", "n_ubatch", "n_threads", "cpu_mask", "cpu_strict", "poll",
        "type_k", "type_v", "n_gpu_layers", "n_cpu_moe", "split_mode", "main_gpu", "no_kv_offload", "flash_attn",
        "devices", "tensor_split", "tensor_buft_overrides", "load_mode", "lazy_mode", "embeddings",
        "no_op_offload", "no_host", "repack", "fit_target", "fit_min_ctx", "n_prompt", "n_gen", "n_depth",
        "test_time", "avg_ns", "stddev_ns", "avg_ts", "stddev_ts",
    ]

    @Test func jsonHasLlamaBenchFieldsForEveryTestAndDepth() throws {
        let out = try FMBinary.run([
            "bench", "--model-file", try TestModels.gemmaPath(), "-p", "16", "-n", "4",
            "-d", "0,8", "-t", "1", "-r", "2", "-o", "json",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
        for row in rows {
            #expect(Set(row.keys) == Set(Self.llamaBenchFields + ["samples_ns", "samples_ts"]))
            #expect((row["samples_ns"] as? [Any])?.count == 2)
            let ts = (row["avg_ts"] as? Double) ?? 0, ns = Double((row["avg_ns"] as? Int) ?? 0)
            let tokens = Double(((row["n_prompt"] as? Int) ?? 0) + ((row["n_gen"] as? Int) ?? 0))
            #expect(ts > 0 && ns > 0)
            // The two means describe the same runs: tokens / mean time is near the mean rate.
            #expect(abs(ts * ns / 1e9 / tokens - 1) < 0.5, "avg_ts \(ts), avg_ns \(ns)")
            #expect(row["n_threads"] as? Int == 1)
            #expect(row["cpu_strict"] is Bool)
            #expect((row["model_type"] as? String)?.hasPrefix("gemma3 ") == true)
        }
        let tests = rows.map { [$0["n_prompt"] as? Int ?? -1, $0["n_gen"] as? Int ?? -1, $0["n_depth"] as? Int ?? -1] }
        #expect(tests == [[16, 0, 0], [0, 4, 0], [16, 0, 8], [0, 4, 8]])
    }

    @Test func csvHeaderIsLlamaBenchs() throws {
        let out = try FMBinary.run([
            "bench", "--model-file", try TestModels.gemmaPath(), "-p", "8", "-n", "0",
            "-t", "1", "-r", "1", "-o", "csv",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.first.map(String.init) == Self.llamaBenchFields.joined(separator: ","))
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("\"") == true)
    }

    @Test func markdownShowsDepthAndTimeToFirstToken() throws {
        let out = try FMBinary.run([
            "bench", "--model-file", try TestModels.gemmaPath(), "-p", "8", "-n", "2",
            "-d", "4", "-t", "1", "-r", "1",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("TTFT"))
        #expect(out.stdout.contains("| pp8 @ d4 |"))
        #expect(out.stdout.contains("| tg2 @ d4 |"))
        let pp = try #require(out.stdout.split(separator: "\n").first { $0.contains("| pp8 @ d4 |") })
        let ttft = pp.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect((ttft.flatMap(Double.init) ?? 0) > 0, "time to first token \(ttft ?? "")")
        let bad = try FMBinary.run(["bench", "--model-file", try TestModels.gemmaPath(), "-d", "-1"])
        #expect(bad.status != 0 && !bad.crashed)
    }

    @Test func logitsRowsAreTheEnginesNextTokenLogits() throws {
        let path = try TestModels.gemmaPath()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fm-logits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let prompts = [[2, 818, 5279, 529, 7001, 563], [2, 9259]]
        try JSONSerialization.data(withJSONObject: prompts).write(to: dir.appendingPathComponent("p.json"))
        let out = try FMBinary.run([
            "logits", "--model-file", path, "--prompts", dir.appendingPathComponent("p.json").path,
            "--out", dir.appendingPathComponent("rows.f32").path, "-t", "1",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("rows.f32"))
        let rows = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let model = try Transformer(file: GGUFFile(path: path), threads: 1)
        let vocabulary = model.hyperparameters.vocabularySize
        #expect(rows.count == prompts.count * vocabulary)
        for (i, tokens) in prompts.enumerated() {
            var cache = model.makeCache(capacity: tokens.count)
            let expected = try model.forward(tokens: tokens, cache: &cache)
            #expect(Array(rows[(i * vocabulary)..<((i + 1) * vocabulary)]) == expected, "prompt \(i)")
        }
    }
}
