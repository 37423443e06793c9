import StructuredDecoding
import Testing

/// `patternProperties` on open objects: keys split into disjoint classes by the patterns they
/// match, each class's values meeting every matching pattern's schema (or `additionalProperties`
/// where a draft has no matching pattern). The grammar (flexible layout, so instances are read
/// as written) and the graph's validator must both give JSON Schema's verdict.
@Suite struct JSONSchemaPatternPropertiesTests {
    /// Checks each instance against the expected verdict with the validator and the grammar.
    static func check(_ schema: String, _ cases: [(String, Bool)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let graph = try JSONSchemaImporter().importSchema(schema)
        let grammar = try Grammar.compile(graph, options: .flexible())
        for (text, expected) in cases {
            #expect(graph.accepts(try JSONValue(parsing: text)) == expected, "validator: \(text) in \(schema)", sourceLocation: sourceLocation)
            #expect(grammar.accepts(text) == expected, "grammar: \(text) in \(schema)", sourceLocation: sourceLocation)
        }
    }

    /// The classes of the root object of `schema`.
    static func classes(_ schema: String) throws -> [ObjectNode.KeyClass] {
        let graph = try JSONSchemaImporter().importSchema(schema)
        guard case .object(let object) = graph.nodes[graph.root] else {
            Issue.record("root of \(schema) is not an object: \(graph.nodes[graph.root])")
            return []
        }
        return object.keyClasses
    }

    @Test func vendorExtensionsBesideClosedObject() throws {
        let schema =
            #"{"type": "object", "properties": {"name": {"type": "string"}}, "patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": false}"#
        try Self.check(
            schema,
            [
                (#"{"name": "a", "x-rate": 3}"#, true), (#"{"x-rate": "3"}"#, false), (#"{"rate": 3}"#, false),
                (#"{"x-": 0, "x-b": -1}"#, true), (#"{"\u0078-escaped": 1}"#, true), (#"{"\u0078-escaped": true}"#, false),
                (#"{"name": 1}"#, false), (#"{}"#, true),
            ])
        #expect(try Self.classes(schema).count == 1)
    }

    @Test func overlappingPatternsMeetBothSchemas() throws {
        // "ab" matches both: an integer of at least 5; "a…" alone: an integer; "…b" alone: a
        // number of at least 5 if a number; anything else: a string.
        let schema =
            #"{"type": "object", "patternProperties": {"^a": {"type": "integer"}, "b$": {"minimum": 5}}, "additionalProperties": {"type": "string"}}"#
        try Self.check(
            schema,
            [
                (#"{"ab": 7}"#, true), (#"{"ab": 3}"#, false), (#"{"ab": "s"}"#, false), (#"{"a": 3}"#, true),
                (#"{"a": "s"}"#, false), (#"{"b": "s"}"#, true), (#"{"b": 2}"#, false), (#"{"cb": 9.5}"#, true),
                (#"{"zz": "s"}"#, true), (#"{"zz": 1}"#, false), (#"{"a": 1, "ab": 5, "zb": null, "q": ""}"#, true),
            ])
        #expect(try Self.classes(schema).count == 3)
    }

    @Test func disjointPatternsNeedNoIntersectionClass() throws {
        let schema = #"{"type": "object", "patternProperties": {"^x-": {"type": "integer"}, "^y-": {"type": "boolean"}}}"#
        let classes = try Self.classes(schema)
        #expect(classes.count == 2)
        #expect(classes.allSatisfy { $0.matching.count == 1 })
        try Self.check(schema, [(#"{"x-1": 1, "y-1": true, "z": []}"#, true), (#"{"y-1": 1}"#, false), (#"{"x-1": false}"#, false)])
    }

    @Test func namedPropertiesMeetTheirPatternsToo() throws {
        let schema = #"{"properties": {"ab": {"type": "string"}}, "patternProperties": {"^a": {"maxLength": 1}}, "additionalProperties": false}"#
        try Self.check(
            schema,
            [(#"{"ab": "x"}"#, true), (#"{"ab": "xy"}"#, false), (#"{"ac": "xy"}"#, false), (#"{"ac": 5}"#, true), (#"{"b": 1}"#, false)])
    }

    @Test func draftsOfAnAllOfEachApplyTheirOwnRule() throws {
        // For "a…" the first draft says integer and the second (no patterns) says string:
        // nothing fits, so such keys cannot appear; other keys are strings.
        let schema = #"{"allOf": [{"patternProperties": {"^a": {"type": "integer"}}}, {"additionalProperties": {"type": "string"}}]}"#
        try Self.check(schema, [(#"{"a1": 1}"#, false), (#"{"a1": "s"}"#, false), (#"{"b": "s"}"#, true), (#"{"b": 1}"#, false), (#"{}"#, true)])
    }

    @Test func requiredKeyOnlyAPatternAdmits() throws {
        let schema = #"{"required": ["x-id"], "patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": false}"#
        try Self.check(schema, [(#"{"x-id": 1}"#, true), (#"{"x-id": "1"}"#, false), (#"{}"#, false), (#"{"x-id": 1, "x-other": 2}"#, true)])
    }

    /// Apple's layout: the grammar and the validator agree on keys in one class, in two, and
    /// in none.
    @Test func appleLayoutAgreesWithTheValidator() throws {
        let schema =
            #"{"type": "object", "patternProperties": {"^[a-c]{1,3}$": {"type": "integer", "minimum": 0, "maximum": 9}, "^[b-d][0-9]?$": {"type": "boolean"}}, "additionalProperties": false}"#
        let graph = try JSONSchemaImporter().importSchema(schema)
        let grammar = try Grammar.compile(graph)
        #expect(try Self.classes(schema).count == 3)
        for text in [#"{"a": 1, "d1": true}"#, #"{"b": 1}"#, #"{"b": true}"#, #"{"e": 1}"#, #"{"cc": 2, "c4": false}"#] {
            #expect(grammar.accepts(text) == graph.accepts(try JSONValue(parsing: text)), "\(text)")
        }
        #expect(!grammar.accepts(#"{"b": 1}"#) && !grammar.accepts(#"{"b": true}"#))
    }

    /// More than six distinct patterns on one object (up to 2^k - 1 classes) are refused.
    @Test func tooManyPatternsAreRefusedByName() throws {
        let patterns = (0..<7).map { #""^p\#($0)": {"type": "integer"}"# }.joined(separator: ", ")
        let schema = #"{"patternProperties": {\#(patterns)}}"#
        #expect {
            try JSONSchemaImporter().importSchema(schema)
        } throws: { error in
            guard let error = error as? JSONSchemaImportError else { return false }
            return error.reason == .unsupportedCombination("patternProperties") && error.pointer == "/patternProperties"
        }
    }

    @Test func aKeyClassWithoutPatternIsATypedCompileError() throws {
        var graph = SchemaGraph()
        let value = graph.add(.null)
        graph.root = graph.add(.object(ObjectNode(properties: [], keyClasses: [ObjectNode.KeyClass(matching: [], node: value)])))
        #expect(throws: GrammarError.keyClassWithoutPattern(node: graph.root)) { try Grammar.compile(graph) }
    }
}
