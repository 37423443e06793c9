import StructuredDecoding
import Testing

/// Each draft's own rules and the assertions added for issue 16, as accept/reject tables
/// through the IR validator (validation mode).
@Suite struct JSONSchemaDraftTests {
    struct Row: CustomStringConvertible, Sendable {
        var schema: String
        var valid: [String]
        var invalid: [String]
        /// Valid texts in spellings generation never writes, which the grammar refuses (in
        /// draft-04 `1.0` and `1e2` are not integers; the grammar writes such numbers with a
        /// nonzero digit after the point).
        var unwritten: [String] = []
        var description: String { schema }
    }

    static let d4 = #""$schema":"http://json-schema.org/draft-04/schema#","#
    static let d7 = #""$schema":"http://json-schema.org/draft-07/schema#","#

    static let rows: [Row] = [
        // Draft-04: boolean exclusive bounds, `id`, integers are digits only, `const` is unknown.
        Row(schema: #"{\#(d4)"minimum":1,"exclusiveMinimum":true}"#, valid: ["2", "1.5"], invalid: ["1", "0"]),
        Row(schema: #"{\#(d4)"type":"integer"}"#, valid: ["1", "-3"], invalid: ["1.0", "1e2"]),
        Row(schema: #"{\#(d4)"const":1}"#, valid: ["2", "\"x\""], invalid: []),
        Row(
            schema: #"{\#(d4)"type":"number","not":{"type":"integer"}}"#, valid: ["1.0", "1.5", "1e2"], invalid: ["1", "-3"],
            unwritten: ["1.0", "1e2"]),
        Row(
            schema: ##"{\##(d4)"id":"http://x/root","definitions":{"a":{"type":"string"}},"items":{"$ref":"http://x/root#/definitions/a"}}"##,
            valid: [#"["a"]"#], invalid: ["[1]"]),
        // Draft-07: array items + additionalItems; `$ref` siblings ignored; dependencies.
        Row(
            schema: #"{\#(d7)"items":[{"type":"integer"},{"type":"string"}],"additionalItems":false}"#,
            valid: ["[]", "[1]", #"[1,"a"]"#], invalid: [#"["a"]"#, #"[1,"a",2]"#]),
        Row(
            schema: ##"{\##(d7)"definitions":{"a":{"type":"integer"}},"properties":{"p":{"$ref":"#/definitions/a","maximum":2}}}"##,
            valid: [#"{"p":5}"#], invalid: [#"{"p":"x"}"#]),
        Row(
            schema: #"{\#(d7)"dependencies":{"a":["b"],"c":{"required":["d"]}}}"#,
            valid: ["{}", #"{"a":1,"b":2}"#, #"{"c":1,"d":1}"#, #"{"b":1}"#], invalid: [#"{"a":1}"#, #"{"c":1}"#]),
        Row(
            schema: ##"{\##(d7)"definitions":{"n":{"$id":"#num","type":"number"}},"items":{"$ref":"#num"}}"##,
            valid: ["[1.5]"], invalid: [#"["x"]"#]),
        // 2020-12 (no `$schema`): dependentRequired, dependentSchemas, if/then/else, not.
        Row(schema: #"{"dependentRequired":{"a":["b"]}}"#, valid: [#"{"b":1}"#, #"{"a":1,"b":1}"#], invalid: [#"{"a":1}"#]),
        Row(
            schema: #"{"dependentSchemas":{"a":{"properties":{"b":{"type":"string"}}}}}"#,
            valid: [#"{"b":1}"#, #"{"a":1,"b":"x"}"#], invalid: [#"{"a":1,"b":1}"#]),
        Row(
            schema: #"{"if":{"properties":{"k":{"const":"x"}},"required":["k"]},"then":{"required":["a"]},"else":{"required":["b"]}}"#,
            valid: [#"{"k":"x","a":1}"#, #"{"k":"y","b":1}"#, #"{"b":1}"#], invalid: [#"{"k":"x","b":1}"#, #"{"k":"y","a":1}"#]),
        Row(schema: #"{"not":{"type":"string"}}"#, valid: ["1", "null"], invalid: [#""a""#]),
        Row(schema: #"{"type":"string","not":{"enum":["a","ab"]}}"#, valid: [#""""#, #""b""#, #""abc""#, #""aa""#], invalid: [#""a""#, #""ab""#]),
        Row(schema: #"{"type":"number","not":{"const":2}}"#, valid: ["1", "2.5", "3"], invalid: ["2", "2.0"]),
        Row(schema: #"{"not":{"required":["a"]}}"#, valid: [#"{"b":1}"#], invalid: [#"{"a":1}"#, "1"]),
        // Not null and not (≥ 3 or not a number): numbers below 3 only.
        Row(schema: #"{"not":{"anyOf":[{"type":"null"},{"minimum":3}]}}"#, valid: ["2"], invalid: ["null", "3", #""x""#]),
        Row(schema: #"{"not":{"not":{"type":"boolean"}}}"#, valid: ["true"], invalid: ["1"]),
        // Numbers that are not integers (1.0 and 1e2 are integers).
        Row(schema: #"{"type":"number","not":{"type":"integer"}}"#, valid: ["1.5", "-0.25", "2.05"], invalid: ["1", "1.0", "1e2", "-3", #""a""#]),
        Row(
            schema: #"{"not":{"type":"integer"},"minimum":1,"exclusiveMaximum":2}"#, valid: ["1.5", "1.999", #""x""#],
            invalid: ["1", "2", "2.5", "0.5"]),
        // Strings that do not match a pattern (a pattern searches: "xay" contains "a"); other
        // types satisfy a pattern, so they fail its complement.
        Row(schema: #"{"type":"string","not":{"pattern":"a"}}"#, valid: [#""""#, #""xyz""#], invalid: [#""a""#, #""xay""#, "1"]),
        Row(schema: #"{"not":{"pattern":"^[0-9]+$"},"maxLength":2}"#, valid: [#""1a""#, #""""#], invalid: [#""12""#, #""abc""#, "123"]),
        Row(schema: #"{"not":{"not":{"pattern":"^a"}}}"#, valid: [#""ab""#, "1"], invalid: [#""ba""#]),
        Row(schema: #"{"not":{"multipleOf":3},"minimum":0}"#, valid: ["1", "2.5", "4"], invalid: ["0", "3", "6.0", #""a""#, "-1"]),
        // Overlapping `oneOf` branches stated exactly through their complements.
        Row(schema: #"{"oneOf":[{"type":"integer"},{"type":"number"}]}"#, valid: ["1.5"], invalid: ["1", "1.0", #""a""#]),
        Row(schema: #"{"oneOf":[{"type":"integer"},{"minimum":0}]}"#, valid: ["-1", "0.5", #""a""#], invalid: ["1", "-0.5"]),
        Row(schema: #"{"multipleOf":0.5,"not":{"type":"integer"},"maximum":2}"#, valid: ["0.5", "-1.5", "null"], invalid: ["1", "1.25", "2.5"]),
        // Counts, names and patterns on closed objects; uniqueItems over disjoint tuples.
        Row(
            schema: #"{"properties":{"a":{},"b":{},"c":{}},"additionalProperties":false,"minProperties":1,"maxProperties":2}"#,
            valid: [#"{"a":1}"#, #"{"b":1,"c":2}"#], invalid: ["{}", #"{"a":1,"b":1,"c":1}"#]),
        // Counts beside other keys: a fewest up to one above the required properties, any most.
        Row(schema: #"{"type":"object","minProperties":1}"#, valid: [#"{"k":1}"#], invalid: ["{}", "1"]),
        Row(schema: #"{"maxProperties":1}"#, valid: ["{}", #"{"k":1}"#], invalid: [#"{"k":1,"l":2}"#]),
        Row(
            schema: #"{"properties":{"a":{}},"required":["a"],"minProperties":2,"maxProperties":3}"#,
            valid: [#"{"a":1,"x":2}"#, #"{"a":1,"x":2,"y":3}"#], invalid: [#"{"a":1}"#, #"{"x":1,"y":2}"#, #"{"a":1,"x":2,"y":3,"z":4}"#]),
        Row(
            schema: #"{"properties":{"ab":{},"xyz":{}},"additionalProperties":false,"propertyNames":{"maxLength":2}}"#,
            valid: [#"{"ab":1}"#], invalid: [#"{"xyz":1}"#]),
        Row(
            schema: #"{"allOf":[{"properties":{"x1":{},"y":{}},"additionalProperties":false}],"patternProperties":{"^x":{"type":"integer"}}}"#,
            valid: [#"{"x1":1,"y":"s"}"#], invalid: [#"{"x1":"s"}"#]),
        Row(schema: #"{"patternProperties":{"^x":{}}}"#, valid: [#"{"x":1,"y":2}"#], invalid: []),
        // propertyNames on open objects: every other key, in each class and beyond.
        Row(
            schema: #"{"properties":{"long":{}},"patternProperties":{"^n":{"type":"integer"}},"propertyNames":{"maxLength":3}}"#,
            valid: [#"{"n1":1,"ab":"s"}"#, "{}"], invalid: [#"{"long":1}"#, #"{"n1":"s"}"#, #"{"abcd":1}"#, #"{"n123":1}"#]),
        Row(schema: #"{"propertyNames":{"not":{"const":"x"}}}"#, valid: [#"{"y":1}"#, #"{"xx":1}"#], invalid: [#"{"x":1}"#]),
        Row(schema: #"{"type":"object","propertyNames":false}"#, valid: ["{}"], invalid: [#"{"a":1}"#]),
        Row(schema: #"{"propertyNames":{"enum":["a","b"]}}"#, valid: [#"{"b":1,"a":2}"#], invalid: [#"{"c":1}"#]),
        // A known format's complement: the strings that do not have it (a format holds for
        // every value of another type).
        Row(schema: #"{"not":{"format":"date"}}"#, valid: [#""x""#, #""2023-02-29""#], invalid: [#""2024-02-29""#, "1"]),
        Row(schema: #"{"oneOf":[{"type":"integer"},{"format":"date"}]}"#, valid: [#""2024-02-29""#, "null"], invalid: ["1", #""x""#]),
        // oneOf of closed objects, each requiring a key the others cannot have: disjoint.
        Row(
            schema: #"""
                {"oneOf":[{"type":"object","properties":{"module":{},"d":{}},"required":["module"],"additionalProperties":false},
                {"type":"object","properties":{"plugin":{},"d":{}},"patternProperties":{"^x":{}},"required":["plugin"],"additionalProperties":false}]}
                """#,
            valid: [#"{"module":1,"d":2}"#, #"{"plugin":1,"x1":2}"#], invalid: ["{}", #"{"d":1}"#, #"{"module":1,"plugin":2}"#]),
        // Strings whose patterns never meet, or that no enumerated string fits: disjoint (the
        // branches have no complement: closed objects, an enum with an array).
        Row(
            schema: #"""
                {"type":"object","required":["e"],"oneOf":[{"properties":{"e":{"type":"string","pattern":"^false$"},"c":{"pattern":"^\\w{2}$"}},"additionalProperties":false},
                {"properties":{"e":{"type":"string","pattern":"^(true|yes)$"},"c":{"maxLength":0}},"additionalProperties":false}]}
                """#,
            valid: [#"{"e":"false","c":"ab"}"#, #"{"e":"yes","c":""}"#], invalid: [#"{"e":"no"}"#, #"{"e":"true","c":"ab"}"#]),
        Row(
            schema: #"{"oneOf":[{"type":"string","maxLength":2},{"enum":["abc","defg",[1]]}]}"#, valid: [#""ab""#, #""abc""#, "[1]"],
            invalid: [#""abcde""#, "2"]),
        // A `not` without a complement, beside an `enum`: each value checked against it.
        Row(schema: #"{"enum":[[1],["a"],[],"s"],"not":{"items":{"type":"string"}}}"#, valid: ["[1]"], invalid: [#"["a"]"#, "[]", #""s""#]),
        Row(
            schema: #"{"allOf":[{"enum":[{"foo":1},{"foo":"x"}]},{"not":{"patternProperties":{"f.o":{"type":"integer"}}}}]}"#,
            valid: [#"{"foo":"x"}"#], invalid: [#"{"foo":1}"#]),
        // uniqueItems over a few values.
        Row(schema: #"{"items":{"enum":["a","b"]},"uniqueItems":true}"#, valid: [#"["b","a"]"#, "[]"], invalid: [#"["a","a"]"#, #"["a","c"]"#]),
        Row(
            schema: #"{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false,"uniqueItems":true}"#,
            valid: [#"["a",1]"#], invalid: [#"["a","b"]"#]),
        // OpenAPI integer formats, unknown formats as annotations.
        Row(schema: #"{"type":"integer","format":"int32"}"#, valid: ["2147483647"], invalid: ["2147483648"]),
        Row(schema: #"{"type":"string","format":"hostname","x-kubernetes-foo":true,"readonly":true}"#, valid: [#""any thing""#], invalid: ["1"]),
    ]

    @Test(arguments: rows)
    func acceptsAndRejects(_ row: Row) throws {
        var warnings: [JSONSchemaImportWarning] = []
        let graph = try JSONSchemaImporter(mode: .validation).importSchema(row.schema, warnings: &warnings)
        let validator = SchemaGraph.Validator(graph)
        for text in row.valid { #expect(validator.accepts(jsonBytes: Array(text.utf8)), "\(text) should be valid") }
        for text in row.invalid { #expect(!validator.accepts(jsonBytes: Array(text.utf8)), "\(text) should be invalid") }
        // The grammar decides the same (any whitespace, keys in any order).
        let grammar = try Grammar.compile(graph, options: .flexible())
        for text in row.valid { #expect(grammar.accepts(text) != row.unwritten.contains(text), "grammar: \(text)") }
        for text in row.invalid { #expect(!grammar.accepts(text), "grammar: \(text) should be invalid") }
    }

    /// The grammar of numbers that are not integers writes a nonzero digit after the point and
    /// no exponent: a subset of what the validator accepts, never a superset (`1.5e1` is 15, an
    /// integer, and `1.25e1` is not; telling them apart means comparing digits with the exponent).
    @Test func nonIntegersCompileToFractions() throws {
        let cases: [(schema: String, accepted: [String], refused: [String])] = [
            (#"{"type":"number","not":{"type":"integer"}}"#, ["1.5", "-0.25", "10.01", "3.1400"], ["1", "1.0", "-0.0", "1.50e1", "1.25e1", "0"]),
            (#"{"not":{"type":"integer"},"minimum":1,"exclusiveMaximum":2}"#, ["1.5", "1.999", "\"x\"", "null"], ["1", "1.0", "2", "2.5", "0.5"]),
            (#"{"type":"number","multipleOf":0.5,"not":{"type":"integer"},"maximum":2}"#, ["0.5", "-1.5", "1.50"], ["1", "1.0", "1.25", "2.5"]),
            // Not a pattern: the difference of two string automata, bounded lengths counted.
            (#"{"type":"string","not":{"pattern":"a"}}"#, [#""""#, #""xyz""#, #""\u0062""#], [#""a""#, #""xay""#, #""\u0061""#]),
            (
                #"{"type":"string","not":{"pattern":"^[0-9]+$"},"minLength":2,"maxLength":12}"#, [#""1a""#, #""ab""#],
                [#""12""#, #""a""#, #""1234567890abc""#]
            ),
        ]
        for (schema, accepted, refused) in cases {
            let grammar = try Grammar.compile(try JSONSchemaImporter().importSchema(schema))
            for text in accepted { #expect(grammar.accepts(text), "\(schema) should accept \(text)") }
            for text in refused { #expect(!grammar.accepts(text), "\(schema) should refuse \(text)") }
        }
    }

    @Test func unknownFormatWarns() throws {
        var warnings: [JSONSchemaImportWarning] = []
        _ = try JSONSchemaImporter().importSchema(#"{"properties":{"h":{"format":"hostname"}}}"#, warnings: &warnings)
        #expect(warnings.count == 1)
        #expect(warnings.first?.pointer == "/properties/h/format")
        #expect(warnings.first?.message.contains("not enforced") == true)
    }

    @Test func oneOfCoercionIsOptInAndWarns() throws {
        let schema = #"{"oneOf":[{"type":"array"},{"items":{"type":"string"}}]}"#
        #expect(throws: JSONSchemaImportError.self) { try JSONSchemaImporter().importSchema(schema) }
        var warnings: [JSONSchemaImportWarning] = []
        _ = try JSONSchemaImporter(coercesOneOf: true).importSchema(schema, warnings: &warnings)
        #expect(warnings.map(\.keyword) == ["oneOf"])
    }

    @Test func dialectsAreRecognized() {
        #expect(JSONSchemaDialect(uri: "http://json-schema.org/draft-04/schema") == .draft4)
        #expect(JSONSchemaDialect(uri: "https://json-schema.org/draft/2019-09/schema#") == .draft2019_09)
        #expect(JSONSchemaDialect(uri: "http://json-schema.org/schema#") == nil)
    }
}
