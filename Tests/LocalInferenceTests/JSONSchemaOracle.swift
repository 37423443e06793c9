import Foundation
import LLMEngine
import StructuredDecoding
import Testing

@testable import FoundationModels
@testable import LocalInference

/// A schema in Apple's dialect and the structures whose absent values are written as `null`.
struct OracleTarget {
    var schema: String
    var explicitNilTypes: [String]
}

/// One instance for Python's `jsonschema`, and what its verdict must be.
struct OracleCase {
    enum Expectation {
        /// A generated output: valid.
        case valid
        /// A mutation: valid exactly when the IR validator accepts it.
        case agrees(irAccepts: Bool)
    }

    var label: String
    var target: OracleTarget
    var instance: String
    var expectation: Expectation
}

/// Runs Python's `jsonschema` (Draft 2020-12) over many instances in one python3 process, after
/// adapting Apple's dialect (whole-match patterns, explicit nulls; see the file header). Fails
/// loudly when python3 or the package is missing, and when a schema is not valid Draft 2020-12.
enum PythonJSONSchema {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let script = #"""
        import json, sys
        try:
            from jsonschema import Draft202012Validator
        except ImportError as error:
            print(f"cannot import jsonschema: {error}")
            sys.exit(3)

        def adapt(node, nullable):
            if isinstance(node, list):
                return [adapt(item, nullable) for item in node]
            if not isinstance(node, dict):
                return node
            out = {}
            for key, value in node.items():
                if key in ("properties", "$defs"):
                    out[key] = {name: adapt(schema, nullable) for name, schema in value.items()}
                elif key in ("items", "anyOf", "allOf"):
                    out[key] = adapt(value, nullable)
                elif key == "pattern":
                    out[key] = "^(?:" + value + ")$"
                else:
                    out[key] = value
            if out.get("type") == "object" and out.get("title") in nullable:
                properties = out.get("properties", {})
                for name in properties:
                    if name not in out.get("required", []):
                        properties[name] = {"anyOf": [properties[name], {"type": "null"}]}
                out["required"] = list(properties)
            return out

        validators = {}
        for n, line in enumerate(open(sys.argv[1], encoding="utf-8")):
            case = json.loads(line)
            key = (json.dumps(case["schema"], sort_keys=True), tuple(case["nullable"]))
            if key not in validators:
                schema = adapt(case["schema"], set(case["nullable"]))
                Draft202012Validator.check_schema(schema)
                validators[key] = Draft202012Validator(schema)
            try:
                instance = json.loads(case["instance"])
            except ValueError as error:
                print(json.dumps([n, f"not JSON: {error}"]))
                continue
            errors = list(validators[key].iter_errors(instance))
            message = "; ".join(f"at /{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:3])
            print(json.dumps([n, message or None]))
        print(f"checked {n + 1} cases")
        """#

    /// Python's verdict on each case, in order: `nil` when valid, else its messages.
    static func verdicts(_ cases: [OracleCase]) throws -> [String?] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guided-property-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let encoder = JSONEncoder()
        var lines = ""
        for item in cases {
            let nullable = String(decoding: try encoder.encode(item.target.explicitNilTypes), as: UTF8.self)
            let instance = String(decoding: try encoder.encode(item.instance), as: UTF8.self)
            lines += #"{"schema": \#(item.target.schema), "nullable": \#(nullable), "instance": \#(instance)}"# + "\n"
        }
        try lines.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run python3 (python3 with jsonschema is required): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, text.contains("checked \(cases.count) cases") else {
            throw Failure(description: "jsonschema did not check the cases (python3 with jsonschema is required):\n\(text.suffix(4000))")
        }
        var verdicts = [String?](repeating: "no verdict", count: cases.count)
        for line in text.split(separator: "\n") where line.hasPrefix("[") {
            guard let pair = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
                let n = pair.first as? Int, verdicts.indices.contains(n)
            else { continue }
            verdicts[n] = pair.last as? String
        }
        return verdicts
    }
}
