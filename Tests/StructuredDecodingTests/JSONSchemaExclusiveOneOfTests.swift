import StructuredDecoding
import Testing

/// `oneOf` whose branches may overlap, stated exactly as each branch without the others
/// (`(a ∧ ¬b) ∨ (b ∧ ¬a)`) where every branch has an exact complement: the validator and the
/// grammar (flexible layout) give JSON Schema's verdicts, including "in two branches: rejected".
@Suite struct JSONSchemaExclusiveOneOfTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let schema: String
        let cases: [(String, Bool)]
        var testDescription: String { schema }
    }

    static let rows: [Row] = [
        Row(
            schema: #"{"oneOf":[{"minimum":1},{"maximum":3}]}"#,
            cases: [("0", true), ("1", false), ("2.5", false), ("3", false), ("3.5", true), (#""s""#, false), ("null", false)]),
        Row(
            schema: #"{"type":"object","oneOf":[{"required":["a"]},{"required":["b"]}]}"#,
            cases: [(#"{"a":1}"#, true), (#"{"b":1}"#, true), (#"{"a":1,"b":2}"#, false), ("{}", false), (#"{"c":1}"#, false)]),
        Row(
            schema: #"{"oneOf":[{"properties":{"k":{"const":"x"}}},{"properties":{"k":{"type":"string"}}}]}"#,
            cases: [(#"{"k":"x"}"#, false), (#"{"k":"y"}"#, true), (#"{"k":1}"#, false), ("{}", false), ("7", false)]),
        Row(
            schema:
                ##"{"$defs":{"n":{"type":"number","minimum":0}},"oneOf":[{"$ref":"#/$defs/n"},{"type":"number","maximum":10},{"enum":[20,"a"]}]}"##,
            cases: [
                ("-1", true), ("-0.5", true), ("5", false), ("1.5", false), ("11", true), ("20", false), (#""a""#, true), (#""b""#, false),
            ]),
    ]

    @Test(arguments: rows)
    func overlappingBranchesAreExact(_ row: Row) throws {
        let graph = try JSONSchemaImporter().importSchema(row.schema)
        let grammar = try Grammar.compile(graph, options: .flexible())
        for (text, expected) in row.cases {
            #expect(graph.accepts(try JSONValue(parsing: text)) == expected, "validator: \(text)")
            #expect(grammar.accepts(text) == expected, "grammar: \(text)")
        }
    }

    /// Branches whose complements multiply out past the budget: refused as overlapping, or,
    /// when asked, read as `anyOf` with a warning (the lowering restored to before the attempt).
    @Test func pastTheBudgetTheOneOfIsRefusedOrCoerced() throws {
        let properties = (0..<6).map { #""p\#($0)":{"enum":["x","y"]}"# }.joined(separator: ",")
        let branches = (0..<8).map { #"{"properties":{\#(properties)},"required":["p\#($0 % 6)"]}"# }.joined(separator: ",")
        let schema = #"{"type":"object","oneOf":[\#(branches)]}"#
        #expect {
            try JSONSchemaImporter().importSchema(schema)
        } throws: { ($0 as? JSONSchemaImportError)?.reason == .overlappingOneOf }
        var warnings: [JSONSchemaImportWarning] = []
        let graph = try JSONSchemaImporter(coercesOneOf: true).importSchema(schema, warnings: &warnings)
        #expect(warnings.map(\.keyword) == ["oneOf"])
        #expect(graph.accepts(try JSONValue(parsing: #"{"p0":"x"}"#)))
        #expect(!graph.accepts(try JSONValue(parsing: #"{"p0":"z"}"#)))
    }

    /// A branch without an exact complement (`items`) leaves the `oneOf` refused, and the
    /// attempt leaves nothing behind: `x`'s disjoint `oneOf` tries (and fails) to complement `p`
    /// first, and `y`'s overlapping one must not find a half-built complement in the cache.
    @Test func withoutComplementsOverlapStaysRefused() {
        #expect {
            try JSONSchemaImporter().importSchema(#"{"oneOf":[{"items":{"type":"string"}},{"maxItems":3}]}"#)
        } throws: { ($0 as? JSONSchemaImportError)?.reason == .overlappingOneOf }
        let schema = ##"""
            {"$defs":{"p":{"type":"array","items":{"type":"string"}}},"properties":{
              "x":{"oneOf":[{"$ref":"#/$defs/p"},{"type":"integer"}]},
              "y":{"oneOf":[{"$ref":"#/$defs/p"},{"type":"array","maxItems":2}]}}}
            """##
        #expect {
            try JSONSchemaImporter().importSchema(schema)
        } throws: { ($0 as? JSONSchemaImportError).map { $0.reason == .overlappingOneOf && $0.pointer == "/properties/y/oneOf" } ?? false }
    }
}
