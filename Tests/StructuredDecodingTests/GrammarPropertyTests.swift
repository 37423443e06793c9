import FMSupport
import Foundation
import StructuredDecoding
import TestSupport
import Testing

/// Random schemas x random logits on the real vocabularies: sampling under the mask never
/// meets a dead end, and every output parses and validates against the schema according to an
/// independent validator (Python's `jsonschema`).
@Suite struct GrammarPropertyTests {
    @Test(arguments: ["qwen", "gemma"])
    func sampledOutputsAreValid(_ name: String) throws {
        let index = try RealVocabularies.index(name)
        var random = SplitMix64(seed: name == "qwen" ? 11 : 12)
        var documents: [(schema: String, output: String)] = []
        var mask = TokenMask(count: index.tokenCount)
        var withKeyClasses = 0, withCounts = 0, withComplements = 0, withDistinct = 0
        for round in 0..<40 {
            var generator = RandomSchema(random: random)
            // Every fourth round, an object with member counts at the root.
            let graph = round % 4 == 3 ? generator.makeCountedObject() : generator.make()
            random = generator.random
            let grammar = try Grammar.compile(graph)
            var matcher = GrammarMatcher(grammar: grammar, index: index)
            var output: [UInt8] = []
            var steps = 0
            while !matcher.isFinished && steps < 600 {
                matcher.fillMask(&mask)
                let allowed = mask.allowed
                try #require(!allowed.isEmpty, "\(name) round \(round): dead end after \(String(decoding: output, as: UTF8.self))")
                // Random logits: the arg-max of independent noise is a uniform pick; favour the
                // end of sequence a little so outputs stay short.
                let eos = allowed.first { index.endOfSequenceTokens.contains($0) }
                var token = eos != nil && random.next() % 4 != 0 ? eos! : allowed[Int(random.next() % UInt64(allowed.count))]
                // Objects with key classes may take keys without end: past 200 tokens, often
                // pick a token that closes a container instead.
                if steps > 200, eos == nil, random.next() % 2 == 0 {
                    let closers = allowed.filter { index.tokenBytes($0).contains { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") } }
                    if !closers.isEmpty { token = closers[Int(random.next() % UInt64(closers.count))] }
                }
                if !index.endOfSequenceTokens.contains(token) { output += index.tokenBytes(token) }
                try matcher.commit(token)
                steps += 1
            }
            try #require(
                matcher.isFinished, "\(name) round \(round): no end after 600 tokens: \(String(decoding: output.suffix(300), as: UTF8.self))")
            let text = String(decoding: output, as: UTF8.self)
            #expect(throws: Never.self, "\(name) round \(round): \(text)") { try PartialJSON.parseComplete(text) }
            #expect(grammar.accepts(text))
            documents.append((JSONSchemaText.document(graph), text))
            if graph.nodes.contains(where: { if case .object(let o) = $0 { !o.keyClasses.isEmpty } else { false } }) { withKeyClasses += 1 }
            if graph.nodes.contains(where: { if case .object(let o) = $0 { o.minProperties > 0 || o.maxProperties != nil } else { false } }) {
                withCounts += 1
            }
            if graph.nodes.contains(where: Self.isComplement) { withComplements += 1 }
            if graph.nodes.contains(where: { if case .array(let a) = $0 { !a.distinctItems.isEmpty } else { false } }) { withDistinct += 1 }
        }
        #expect(withKeyClasses >= 3, "\(name): only \(withKeyClasses) schemas with key classes")
        #expect(withCounts >= 3, "\(name): only \(withCounts) schemas with member counts")
        #expect(withComplements >= 5, "\(name): only \(withComplements) schemas with complements (`not`)")
        #expect(withDistinct >= 3, "\(name): only \(withDistinct) schemas with distinct items (`uniqueItems`)")
        try PythonJSONSchema.validate(documents)
    }

    /// Whether a node holds the complement of a keyword (`not: {type: integer}`, `not:
    /// {multipleOf: …}`, `not: {pattern: …}`).
    static func isComplement(_ node: SchemaNode) -> Bool {
        switch node {
        case .integer(let b): !b.excludedMultiples.isEmpty
        case .number(let b): b.nonIntegersOnly || !b.excludedMultiples.isEmpty
        case .string(let s): !s.excludedPatterns.isEmpty
        default: false
        }
    }
}

/// Runs Python's `jsonschema` (Draft 2020-12, formats checked) over schema/instance pairs and
/// fails with its messages; fails loudly when Python or the package is missing.
enum PythonJSONSchema {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func validate(_ documents: [(schema: String, output: String)]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grammar-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = documents.map { #"{"schema": \#($0.schema), "instance": \#($0.output)}"# }
        let input = directory.appendingPathComponent("cases.jsonl")
        try lines.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator, FormatChecker
            bad = 0
            for n, line in enumerate(open(sys.argv[1], encoding="utf-8")):
                case = json.loads(line)
                for error in Draft202012Validator(case["schema"], format_checker=FormatChecker()).iter_errors(case["instance"]):
                    bad += 1
                    print(f"case {n}: {error.message}")
            print(f"checked {n + 1} cases")
            sys.exit(1 if bad else 0)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, text.contains("checked \(documents.count) cases") else {
            throw Failure(description: "jsonschema validation failed (python3 with jsonschema is required):\n\(text)")
        }
    }
}
