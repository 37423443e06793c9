import StructuredDecoding
import Testing

/// Each supported keyword: a schema, instances it must accept and instances it must reject,
/// checked through the imported graph with the IR validator.
@Suite struct JSONSchemaImporterTests {
    struct Row: CustomStringConvertible, Sendable {
        var name: String
        var schema: String
        var valid: [String]
        var invalid: [String]
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "type string", schema: #"{"type":"string"}"#, valid: [#""""#, #""é""#], invalid: ["1", "null", "[]", "{}", "true"]),
        Row(
            name: "type integer accepts zero fractions", schema: #"{"type":"integer"}"#,
            valid: ["1", "-0", "1.0", "1e3", "-2.50e1", "12345678901234567890123"], invalid: ["1.5", "1e-1", #""1""#, "null"]),
        Row(name: "type number", schema: #"{"type":"number"}"#, valid: ["1", "1.5", "-1e-300", "1e400"], invalid: [#""1""#, "[]"]),
        Row(name: "type list", schema: #"{"type":["string","null"]}"#, valid: [#""a""#, "null"], invalid: ["1", "false"]),
        Row(name: "type boolean and null", schema: #"{"type":["boolean","null"]}"#, valid: ["true", "false", "null"], invalid: ["0", #""""#]),
        Row(
            name: "boolean schemas", schema: #"{"properties":{"yes":true,"no":false}}"#,
            valid: [#"{"yes":[1]}"#, "{}", "3"], invalid: [#"{"no":1}"#, #"{"yes":1,"no":null}"#]),
        Row(
            name: "no type: keywords apply to their type only", schema: #"{"minimum":3,"maxLength":2}"#,
            valid: ["3", "4.5", #""ab""#, "null", "[1]", "{}", "true"], invalid: ["2.99", #""abc""#]),
        Row(
            name: "enum", schema: #"{"enum":[1,"a",[1,{"x":null}],{"k":true}]}"#,
            valid: ["1", "1.0", #""a""#, #"[1,{"x":null}]"#, #"{"k":true}"#], invalid: ["2", #""A""#, #"[{"x":null},1]"#, #"{"k":1}"#, "true"]),
        Row(
            name: "enum strings compare scalars, not canonical equivalence", schema: #"{"enum":["\u00e9"]}"#,
            valid: [#""é""#], invalid: [#""e\u0301""#]),
        Row(
            name: "keys that differ only in normalization are distinct properties",
            schema: #"{"properties":{"\u00e9":{"type":"integer"},"e\u0301":{"type":"string"}},"required":["\u00e9","e\u0301"]}"#,
            valid: [#"{"\u00e9":1,"e\u0301":"x"}"#], invalid: [#"{"\u00e9":1}"#, #"{"\u00e9":"x","e\u0301":"x"}"#]),
        Row(name: "const", schema: #"{"const":{"a":[false]}}"#, valid: [#"{"a":[false]}"#], invalid: [#"{"a":[0]}"#, #"{"a":[false],"b":1}"#]),
        Row(
            name: "enum filtered by siblings", schema: #"{"type":"integer","enum":[1,"a",2.5,3],"minimum":2}"#,
            valid: ["3", "3.0"], invalid: ["1", #""a""#, "2.5"]),
        Row(name: "enum and const intersect", schema: #"{"enum":[1,2,3],"const":2}"#, valid: ["2"], invalid: ["1", "3"]),
        Row(
            name: "integer inclusive bounds", schema: #"{"type":"integer","minimum":-2,"maximum":5}"#,
            valid: ["-2", "5", "0"], invalid: ["-3", "6", "5.0000000000000000001"]),
        Row(
            name: "integer exclusive and fractional bounds fold", schema: #"{"type":"integer","exclusiveMinimum":1.5,"exclusiveMaximum":4}"#,
            valid: ["2", "3"], invalid: ["1", "4"]),
        Row(
            name: "integer bounds at Int64 limits", schema: #"{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}"#,
            valid: ["9223372036854775807", "-9223372036854775808"], invalid: ["9223372036854775808", "-9223372036854775809"]),
        Row(
            name: "number bounds exact", schema: #"{"type":"number","minimum":0.5,"exclusiveMaximum":2.25}"#,
            valid: ["0.5", "2.2499999999999999999999"], invalid: ["0.4999999999999999999999", "2.25", "2.2500000000000000000001"]),
        Row(
            name: "number bound between doubles never accepts outside", schema: #"{"type":"number","minimum":0.1}"#,
            valid: ["0.2", "1"], invalid: ["0.09999999999999999999999", "0.0999999999999999999999999999999"]),
        Row(
            name: "tightest of several bounds", schema: #"{"minimum":1,"exclusiveMinimum":1,"maximum":3,"exclusiveMaximum":5}"#,
            valid: ["1.0000001", "3"], invalid: ["1", "3.0001"]),
        Row(
            name: "string lengths count Unicode scalars", schema: #"{"type":"string","minLength":2,"maxLength":3}"#,
            valid: [#""ab""#, #""😀😀😀""#, #""e\u0301""#], invalid: [#""a""#, #""😀""#, #""abcd""#]),
        Row(
            name: "pattern searches (ECMAScript)", schema: #"{"type":"string","pattern":"a+b"}"#,
            valid: [#""xxaab""#, #""ab""#, #""ab yy""#], invalid: [#""ba""#, #""""#]),
        Row(name: "anchored pattern", schema: #"{"pattern":"^\\d{3}$"}"#, valid: [#""123""#, "7"], invalid: [#""1234""#, #"" 123""#]),
        Row(
            name: "pattern alternation is grouped by the framing", schema: #"{"pattern":"^a|b$"}"#,
            valid: [#""ax""#, #""xb""#], invalid: [#""xax""#, #""bx""#]),
        Row(name: "format date", schema: #"{"type":"string","format":"date"}"#, valid: [#""2024-02-29""#], invalid: [#""2023-02-29""#, #""x""#]),
        Row(
            name: "format ipv4 with pattern", schema: #"{"format":"ipv4","pattern":"^10\\."}"#,
            valid: [#""10.0.0.1""#], invalid: [#""11.0.0.1""#, #""10.0.0.256""#]),
        Row(name: "minItems maxItems", schema: #"{"type":"array","minItems":1,"maxItems":2}"#, valid: ["[1]", "[1,2]"], invalid: ["[]", "[1,2,3]"]),
        Row(name: "items", schema: #"{"type":"array","items":{"type":"integer"}}"#, valid: ["[]", "[1,2.0]"], invalid: ["[1,\"a\"]", "[1.5]"]),
        Row(
            name: "prefixItems then items", schema: #"{"prefixItems":[{"type":"string"},{"type":"null"}],"items":{"type":"boolean"}}"#,
            valid: [#"["a"]"#, #"["a",null,true,false]"#, "[]"], invalid: [#"[1]"#, #"["a",null,1]"#]),
        Row(
            name: "prefixItems with items false", schema: #"{"prefixItems":[{},{}],"items":false}"#,
            valid: ["[]", "[1]", "[1,2]"], invalid: ["[1,2,3]"]),
        Row(
            name: "properties and required", schema: #"{"type":"object","properties":{"a":{"type":"integer"},"b":{}},"required":["a"]}"#,
            valid: [#"{"a":1}"#, #"{"b":"x","a":2,"c":null}"#], invalid: [#"{"b":1}"#, #"{"a":"1"}"#, "[]"]),
        Row(name: "required without properties", schema: #"{"required":["x"]}"#, valid: [#"{"x":[]}"#, "1"], invalid: ["{}"]),
        Row(
            name: "additionalProperties false", schema: #"{"properties":{"a":{}},"additionalProperties":false}"#,
            valid: ["{}", #"{"a":1}"#], invalid: [#"{"b":1}"#, #"{"a":1,"a":2}"#]),
        Row(
            name: "additionalProperties schema", schema: #"{"properties":{"a":{}},"additionalProperties":{"type":"string"}}"#,
            valid: [#"{"a":1,"b":"x"}"#], invalid: [#"{"b":1}"#]),
        Row(
            name: "property names compare scalars", schema: #"{"properties":{"é":{"type":"string"}},"additionalProperties":false}"#,
            valid: [#"{"é":"x"}"#], invalid: [#"{"e\u0301":"x"}"#]),
        Row(
            name: "anyOf", schema: #"{"anyOf":[{"type":"string","maxLength":1},{"type":"integer"}]}"#,
            valid: [#""a""#, "3"], invalid: [#""ab""#, "1.5"]),
        Row(
            name: "anyOf with sibling constraints distributes", schema: #"{"minimum":2,"anyOf":[{"type":"integer"},{"maximum":0}]}"#,
            valid: ["2", "\"s\""], invalid: ["1", "2.5", "0"]),
        Row(
            name: "oneOf of disjoint types", schema: #"{"oneOf":[{"type":"string"},{"type":"integer"}]}"#,
            valid: [#""a""#, "1"], invalid: ["1.5", "null"]),
        Row(
            name: "oneOf discriminated by a required const property",
            schema: #"""
                {"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind"]},
                          {"type":"object","properties":{"kind":{"const":"b"},"x":{"type":"string"}},"required":["kind"]}]}
                """#, valid: [#"{"kind":"a","x":1}"#, #"{"kind":"b","x":"1"}"#], invalid: [#"{"kind":"a","x":"1"}"#, #"{"x":1}"#, "3"]),
        Row(name: "oneOf of distinct enums", schema: #"{"oneOf":[{"enum":[1,2]},{"enum":[3]}]}"#, valid: ["1", "3"], invalid: ["4"]),
        Row(
            name: "allOf intersects objects",
            schema: #"""
                {"allOf":[{"properties":{"a":{"type":"number"}},"required":["a"]},
                          {"properties":{"a":{"minimum":3},"b":{"type":"string"}},"additionalProperties":false}]}
                """#, valid: [#"{"a":3}"#, #"{"b":"x","a":4.5}"#], invalid: [#"{"a":2}"#, #"{"b":"x"}"#, #"{"a":3,"c":1}"#]),
        Row(
            name: "allOf: additionalProperties of one side applies to the other's properties",
            schema: #"""
                {"allOf":[{"properties":{"a":{}},"additionalProperties":false},{"properties":{"b":{}}}]}
                """#, valid: ["{}", #"{"a":1}"#], invalid: [#"{"b":1}"#]),
        Row(
            name: "allOf of types intersects", schema: #"{"allOf":[{"type":["integer","string"]},{"type":"number"}]}"#,
            valid: ["1"], invalid: [#""a""#, "1.5"]),
        Row(
            name: "allOf arrays with different prefixes",
            schema: #"""
                {"allOf":[{"prefixItems":[{"type":"integer"}],"items":{"type":"string"}},
                          {"prefixItems":[{"minimum":0},{"maxLength":1}],"maxItems":3}]}
                """#, valid: ["[1]", #"[0,"a","bc"]"#], invalid: [#"[-1]"#, #"[1,"ab"]"#, #"[1,"a","b","c"]"#, #"[1,2]"#]),
        Row(
            name: "allOf of two formats", schema: #"{"allOf":[{"format":"date"},{"format":"date-time"}]}"#,
            valid: ["1"], invalid: [#""2024-01-01""#, #""2024-01-01T00:00:00Z""#]),
        Row(
            name: "allOf with anyOf in both",
            schema: #"{"allOf":[{"anyOf":[{"type":"string"},{"type":"integer"}]},{"anyOf":[{"type":"number"},{"type":"null"}]}]}"#,
            valid: ["1"], invalid: [#""a""#, "null", "1.5"]),
        Row(
            name: "$ref to $defs with siblings", schema: ##"{"$defs":{"pos":{"type":"integer","minimum":1}},"$ref":"#/$defs/pos","maximum":3}"##,
            valid: ["1", "3"], invalid: ["0", "4"]),
        Row(
            name: "$ref to definitions and escaped pointers",
            schema: #"""
                {"definitions":{"a/b":{"type":"string"},"c~d":{"type":"integer"},"e%f":{"type":"null"}},
                 "properties":{"x":{"$ref":"#/definitions/a~1b"},"y":{"$ref":"#/definitions/c~0d"},"z":{"$ref":"#/definitions/e%25f"}}}
                """#, valid: [#"{"x":"s","y":1,"z":null}"#], invalid: [#"{"x":1}"#, #"{"y":"s"}"#, #"{"z":0}"#]),
        Row(
            name: "$ref into properties", schema: ##"{"properties":{"a":{"type":"integer"},"b":{"$ref":"#/properties/a"}}}"##,
            valid: [#"{"b":1}"#], invalid: [#"{"b":"1"}"#]),
        Row(
            name: "recursion through #",
            schema: ##"{"type":"object","properties":{"next":{"$ref":"#"},"v":{"type":"integer"}},"additionalProperties":false}"##,
            valid: ["{}", #"{"v":1,"next":{"next":{"v":2}}}"#], invalid: [#"{"next":{"next":{"v":"x"}}}"#, #"{"next":1}"#]),
        Row(
            name: "recursive tree of arrays", schema: ##"{"anyOf":[{"type":"integer"},{"type":"array","items":{"$ref":"#"}}]}"##,
            valid: ["1", "[]", "[1,[2,[[]]]]"], invalid: [#"[1,["x"]]"#, "1.5"]),
        Row(
            name: "root $id makes absolute refs local",
            schema: #"""
                {"$id":"https://example.com/s.json","$defs":{"n":{"type":"null"}},"items":{"$ref":"https://example.com/s.json#/$defs/n"}}
                """#, valid: ["[null]"], invalid: ["[1]"]),
        Row(
            name: "annotations are ignored",
            schema: #"""
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"T","description":"d","default":1,"examples":[1],
                 "$comment":"c","deprecated":true,"readOnly":false,"writeOnly":false,"type":"integer"}
                """#, valid: ["1"], invalid: [#""1""#]),
        Row(
            name: "uniqueItems false asserts nothing", schema: #"{"type":"array","uniqueItems":false}"#,
            valid: ["[1,1]", "[]"], invalid: ["{}"]),
        Row(
            name: "unsatisfiable combination is never", schema: #"{"type":"string","minLength":3,"maxLength":2}"#,
            valid: [], invalid: [#""ab""#, #""abc""#, "1"]),
    ]

    @Test(arguments: rows)
    func keyword(_ row: Row) throws {
        let graph = try JSONSchemaImporter(mode: .validation).importSchema(row.schema)
        let validator = SchemaGraph.Validator(graph)
        for text in row.valid {
            #expect(validator.accepts(try JSONValue(parsing: text)), "\(row.name): should accept \(text)")
        }
        for text in row.invalid {
            #expect(!validator.accepts(try JSONValue(parsing: text)), "\(row.name): should reject \(text)")
        }
    }

    @Test func untypedSchemaIsAnAnyOfOverTypes() throws {
        let graph = try JSONSchemaImporter(mode: .validation).importSchema(#"{"minimum":3}"#)
        guard case .anyOf(let branches) = graph[graph.root] else { Issue.record("expected anyOf, got \(graph[graph.root])"); return }
        let kinds = branches.map { id -> String in
            switch graph[id] {
            case .null: "null"
            case .boolean: "boolean"
            case .number(let bounds): "number \(bounds.minimum ?? .nan)"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            default: "other"
            }
        }
        #expect(kinds == ["null", "boolean", "number 3.0", "string", "array", "object"])
        #expect(try JSONSchemaImporter().importSchema("{}") == SchemaGraph(nodes: [.any], root: 0))
        #expect(try JSONSchemaImporter().importSchema("false") == SchemaGraph(nodes: [.never], root: 0))
    }

    @Test func integerBoundsFoldIntoInclusiveInts() throws {
        let graph = try JSONSchemaImporter().importSchema(#"{"type":"integer","exclusiveMinimum":-1.5,"maximum":7.9,"exclusiveMaximum":8}"#)
        #expect(graph[graph.root] == .integer(IntegerBounds(minimum: -1, maximum: 7)))
        let number = try JSONSchemaImporter().importSchema(#"{"type":"number","exclusiveMinimum":0.5,"maximum":0.1}"#)
        #expect(number[number.root] == .never)
    }

    @Test func numberBoundsRoundInwards() throws {
        let graph = try JSONSchemaImporter().importSchema(#"{"type":"number","minimum":0.1,"exclusiveMaximum":0.3,"exclusiveMinimum":0}"#)
        guard case .number(let bounds) = graph[graph.root] else { Issue.record("expected a number node"); return }
        // Bounds are read as their shortest spelling (the Double 0.3 is the decimal 0.3 to the
        // grammar and the validator), so these are exact and keep their exclusivity.
        #expect(bounds.minimum == 0.1 && !bounds.exclusiveMinimum)
        #expect(bounds.maximum == 0.3 && bounds.exclusiveMaximum)
        // A bound with more digits than a Double shows becomes the nearest Double spelled
        // inside it, inclusive.
        let long = try JSONSchemaImporter().importSchema(#"{"type":"number","exclusiveMinimum":0.10000000000000000001}"#)
        #expect(long[long.root] == .number(NumberBounds(minimum: 0.1.nextUp, exclusiveMinimum: false)))
        // An exactly representable exclusive bound stays exclusive.
        let exact = try JSONSchemaImporter().importSchema(#"{"type":"number","exclusiveMaximum":0.25}"#)
        #expect(exact[exact.root] == .number(NumberBounds(maximum: 0.25, exclusiveMaximum: true)))
    }

    @Test func propertyOrderAndModes() throws {
        let schema = #"{"type":"object","properties":{"b":{},"a":{}},"x-order":["a","b"],"required":["a","b"]}"#
        let generation = try JSONSchemaImporter(mode: .generation).importSchema(schema)
        guard case .object(let object) = generation[generation.root] else { Issue.record("expected an object"); return }
        #expect(object.properties.map(\.name) == ["a", "b"])
        #expect(!object.allowsAnyOrder)
        #expect(generation.accepts(try JSONValue(parsing: #"{"a":1,"b":2}"#)))
        #expect(!generation.accepts(try JSONValue(parsing: #"{"b":1,"a":2}"#)))
        let validation = try JSONSchemaImporter(mode: .validation).importSchema(schema)
        #expect(validation.accepts(try JSONValue(parsing: #"{"b":1,"a":2}"#)))
        let written = try JSONSchemaImporter().importSchema(#"{"properties":{"z":{},"y":{}},"type":"object"}"#)
        guard case .object(let plain) = written[written.root] else { Issue.record("expected an object"); return }
        #expect(plain.properties.map(\.name) == ["z", "y"])
    }

    @Test func patternsAreFramedForWholeMatch() throws {
        let graph = try JSONSchemaImporter().importSchema(#"{"type":"string","pattern":"ab"}"#)
        guard case .string(let node) = graph[graph.root] else { Issue.record("expected a string node"); return }
        let dfa = try #require(node.patterns.first).compile()
        #expect(dfa.matches("xaby"))
        #expect(!dfa.matches("ba"))
    }
}
