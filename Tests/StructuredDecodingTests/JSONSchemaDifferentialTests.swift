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
}
