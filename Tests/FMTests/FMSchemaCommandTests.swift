import Foundation
import TestSupport
import Testing

/// `fm schema compile|check|bench` through the real binary on the installed models.
@Suite struct FMSchemaCommandTests {
    /// The package's root directory (the committed benchmark schemas live there).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static let ageSchema = #"""
        {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0, "maximum": 120}},
         "required": ["age"], "additionalProperties": false}
        """#

    /// A temporary directory with `files` written into it, removed by the caller.
    static func directory(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fm-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func compilePrintsASummaryOrTheRefusedKeywordWithItsPointer() throws {
        let recipe = Self.root.appendingPathComponent("Benchmarks/schemas/recipe.json").path
        let ok = try FMBinary.run(["schema", "compile", recipe])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("apple dialect"))
        for label in ["graph:", "grammar:", "lexemes", "automaton states", "first compile"] {
            #expect(ok.stdout.contains(label), "missing \(label): \(ok.stdout)")
        }
        let dir = try Self.directory([
            "contains.json": #"{"type": "object", "properties": {"n": {"type": "array", "contains": {}}}}"#,
            "regex.json": #"{"type": "string", "pattern": "(?<=a)b"}"#,
            "broken.json": #"{"type": "object", "#,
            "age.json": Self.ageSchema,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let refused = try FMBinary.run(["schema", "compile", dir.appendingPathComponent("contains.json").path])
        #expect(refused.status == 1, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("contains") && refused.stderr.contains("/properties/n/contains"), "\(refused.stderr)")
        let regex = try FMBinary.run(["schema", "compile", dir.appendingPathComponent("regex.json").path])
        #expect(regex.status == 1 && regex.stderr.contains("pattern") && !regex.crashed, "\(regex.stderr)")
        let json = try FMBinary.run(["schema", "compile", dir.appendingPathComponent("broken.json").path])
        #expect(json.status == 2 && json.stderr.contains("invalid JSON"), "\(json.stderr)")
        let missing = try FMBinary.run(["schema", "compile", dir.appendingPathComponent("nope.json").path])
        #expect(missing.status == 2 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
        let flexible = try FMBinary.run(["schema", "compile", "--layout", "flexible", dir.appendingPathComponent("age.json").path])
        #expect(flexible.status == 0 && flexible.stdout.contains("json-schema dialect"), "\(flexible.stderr)")
    }

    @Test func checkAcceptsOrNamesTheRejectedTokenAndOffset() throws {
        let dir = try Self.directory([
            "age.json": Self.ageSchema,
            "good.json": "{\n  \"age\": 42,\n  \"name\": \"Ada\"\n}\n",
            "big.json": #"{"age": 420}"#,
            "short.json": #"{"age": 42"#,
            "latin1.json": "",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data([0x7B, 0x22, 0xE9, 0x22, 0x7D]).write(to: dir.appendingPathComponent("latin1.json"))
        // A model file beside a fresh trie cache: the first run writes it, the second loads it.
        let model = dir.appendingPathComponent("model.gguf")
        try FileManager.default.createSymbolicLink(atPath: model.path, withDestinationPath: try TestModels.qwenPath())
        func check(_ instance: String, _ extra: [String] = ["--model-file", model.path]) throws -> FMBinary.Output {
            try FMBinary.run(["schema", "check"] + extra + [dir.appendingPathComponent("age.json").path, dir.appendingPathComponent(instance).path])
        }
        let good = try check("good.json")
        #expect(good.status == 0 && good.stdout == "accepted\n", "\(good.stdout) \(good.stderr)")
        #expect(FileManager.default.fileExists(atPath: model.path + ".fmtrie"))
        #expect(try check("good.json").status == 0)
        #expect(try check("good.json", ["--model", "gemma3-270m"]).stdout == "accepted\n")
        // Apple's layout has no newlines: Qwen's first token `{\n` is refused at its second byte.
        let apple = try check("good.json", ["--model-file", model.path, "--layout", "apple"])
        #expect(apple.status == 1 && apple.stdout.hasPrefix("rejected at token 0 (byte offset 1)"), "\(apple.stdout)")

        let big = try check("big.json")
        #expect(big.status == 1, "\(big.stdout) \(big.stderr)")
        // `420` is refused at its `0` (byte 10); K is the token that holds byte 10.
        let tokens = try FMBinary.run(["tokenize", "--ids-only", "--no-bos", #"{"age": 420}"#]).stdout
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        var position = 0, holder = -1
        for (k, id) in tokens.enumerated() {
            let piece = try FMBinary.run(["detokenize", String(id)]).stdout
            if position <= 10 && 10 < position + piece.utf8.count { holder = k }
            position += piece.utf8.count
        }
        #expect(big.stdout.hasPrefix("rejected at token \(holder) (byte offset 10): "), "\(big.stdout)")
        #expect(big.stdout.contains("`{\"age\": 42` then `0}`"), "\(big.stdout)")

        let short = try check("short.json")
        #expect(
            short.status == 1 && short.stdout.contains("(byte offset 10)") && short.stdout.contains("before its value is complete"), "\(short.stdout)"
        )
        let latin1 = try check("latin1.json")
        #expect(latin1.status == 1 && latin1.stdout.contains("byte offset 2") && !latin1.crashed, "\(latin1.stdout)")
        let missing = try check("nope.json")
        #expect(missing.status == 2 && missing.stderr.contains("nope.json"), "\(missing.stderr)")
    }

    @Test func benchPrintsTheDistributionsAndCountsRefusedSchemas() throws {
        let suite = #"""
            [{"description": "bounded", "schema": {"type": "integer", "maximum": 3}, "tests": [{"data": 2, "valid": true}, {"data": 9, "valid": false}]},
             {"description": "refused", "schema": {"contains": {}}, "tests": [{"data": [4], "valid": true}]},
             {"description": "object", "schema": {"properties": {"a": {"type": "string"}}}, "tests": [{"data": {"a": "x"}, "valid": true}]}]
            """#
        let dir = try Self.directory(["suite.json": suite])
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("model.gguf")
        try FileManager.default.createSymbolicLink(atPath: model.path, withDestinationPath: try TestModels.qwenPath())
        let schemas = Self.root.appendingPathComponent("Benchmarks/schemas")
        let out = try FMBinary.run([
            "schema", "bench", "--model-file", model.path, "--walks", "2", "--max-tokens", "64",
            "--compile-repetitions", "2", "--instances", Self.root.appendingPathComponent("Benchmarks/instances").path,
            "--suite", dir.appendingPathComponent("suite.json").path,
            schemas.appendingPathComponent("recipe.json").path, schemas.appendingPathComponent("contact.json").path,
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("vocabulary: build ") && $0.contains("trie cache load") }, "\(out.stdout)")
        #expect(lines.contains("schemas: 5 given, 4 compiled, 1 refused by the importer, 0 refused by the compiler"), "\(out.stdout)")
        #expect(lines.contains("  refused 1: importer: unsupported keyword `contains`"), "\(out.stdout)")
        #expect(lines.contains { $0.hasPrefix("instances: 4 replayed, 2 random walks") }, "\(out.stdout)")
        for label in ["mask", "mask (cold)", "mask (warm)", "commit", "import", "compile", "first compile", "import+first"] {
            let pattern =
                "^" + NSRegularExpression.escapedPattern(for: label)
                + #" +n \d+: p50 [0-9.]+ µs, p90 [0-9.]+, p99 [0-9.]+, p99\.9 [0-9.]+, max [0-9.]+, mean [0-9.]+$"#
            #expect(lines.contains { $0.range(of: pattern, options: .regularExpression) != nil }, "no \(label) line: \(out.stdout)")
        }
        let bad = try FMBinary.run(["schema", "bench", "--model-file", model.path, dir.appendingPathComponent("none/*.json").path])
        #expect(bad.status == 2 && bad.stderr.contains("no file matches"), "\(bad.stderr)")
    }
}
