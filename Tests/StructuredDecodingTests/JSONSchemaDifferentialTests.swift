import Foundation
import StructuredDecoding
import Testing

/// Random schemas over the supported keywords (nested `allOf`/`anyOf`/`oneOf`, `$ref`s and
/// recursion, enums beside other keywords, untyped schemas) against verdicts from Python's
/// `jsonschema`, made by `Fixtures/json-schema-suite/make_differential_fixture.py`. Bounds are
/// exact `Double`s and patterns read the same in both dialects, so every verdict must agree.
@Suite struct JSONSchemaDifferentialTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/json-schema-suite")

    @Test func agreesWithPythonJSONSchema() throws {
        let runner = JSONSchemaSuiteRunner(directory: Self.fixtures)
        #expect(try runner.files() == ["differential.json"])
        let (outcomes, refusals) = try runner.run { graph in
            let validator = SchemaGraph.Validator(graph)
            return { validator.accepts(jsonBytes: $0) }
        }
        print(JSONSchemaSuiteTests.summary("Differential against Python jsonschema", outcomes, refusals: refusals))
        #expect(outcomes.count > 6000)
        let wrong = outcomes.filter { $0.value == .falseAccept || $0.value == .falseReject }.map { "\($0.key): \($0.value.rawValue)" }
        #expect(wrong.isEmpty, "\(wrong.sorted())")
        // The generator writes only supported keywords; what is refused is a `oneOf` whose
        // branches overlap (and so cannot be an `anyOf`).
        for (group, error) in refusals {
            #expect(error.reason == .overlappingOneOf, "\(group): \(error)")
        }
        let passed = outcomes.values.filter { $0 == .pass }.count
        #expect(passed > outcomes.count * 3 / 4, "only \(passed) of \(outcomes.count) imported and checked")
    }

    /// The same verdicts from the compiled grammar (any JSON whitespace, keys in any order): what
    /// the decoder lets through is what Python's `jsonschema` accepts. The one difference allowed
    /// is spelling: generation writes integers without a fraction, so `100.0` for an integer
    /// may be refused, where `100` is accepted.
    @Test func grammarAgreesWithPythonJSONSchema() throws {
        let runner = JSONSchemaSuiteRunner(directory: Self.fixtures)
        var failures: [String] = []
        var respelled = Set<[UInt8]>()
        let (outcomes, _) = try runner.run { graph in
            let grammar: Grammar
            do {
                grammar = try Grammar.compile(graph, options: .flexible())
            } catch GrammarError.unsatisfiable {
                return { _ in false } // no value at all: every instance is refused
            } catch {
                failures.append("\(error)")
                return { _ in false }
            }
            return { bytes in
                if grammar.accepts(bytes: bytes) { return true }
                if grammar.accepts(bytes: Self.integersWithoutFractions(bytes)) { respelled.insert(bytes) }
                return false
            }
        }
        print(JSONSchemaSuiteTests.summary("Grammar against Python jsonschema", outcomes, refusals: [:]))
        #expect(failures.isEmpty, "\(failures)")
        #expect(!outcomes.values.contains(.falseAccept))
        let data = try Self.instances()
        let wrong = outcomes.filter { $0.value == .falseReject && !respelled.contains(data[$0.key]!) }.map { "\($0.key)" }
        #expect(wrong.isEmpty, "\(wrong.sorted())")
        #expect(outcomes.values.filter { $0 == .pass }.count > outcomes.count * 3 / 4)
    }

    /// `bytes` with every number of the form `12.0`/`-3.00` written `12`/`-3` (the fixture's
    /// strings hold no digits, so a textual rewrite is enough).
    static func integersWithoutFractions(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let regex = try! NSRegularExpression(pattern: #"(?<![0-9.eE])(-?[0-9]+)\.0+(?![0-9eE])"#)
        let range = NSRange(text.startIndex..., in: text)
        return Array(regex.stringByReplacingMatches(in: text, range: range, withTemplate: "$1").utf8)
    }

    /// The fixture's instances as the runner writes them, by case.
    static func instances() throws -> [JSONSchemaSuiteRunner.Case: [UInt8]] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("differential.json"), encoding: .utf8)
        guard case .array(let groups) = try JSONValue(parsing: text) else { return [:] }
        var result: [JSONSchemaSuiteRunner.Case: [UInt8]] = [:]
        for (group, value) in groups.enumerated() {
            guard case .array(let tests)? = value["tests"] else { continue }
            for (test, entry) in tests.enumerated() {
                if let data = entry["data"] {
                    result[.init(file: "differential.json", group: group, test: test)] = Array(JSONSchemaSuiteRunner.jsonText(data).utf8)
                }
            }
        }
        return result
    }
}
