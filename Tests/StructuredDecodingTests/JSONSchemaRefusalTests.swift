import StructuredDecoding
import Testing

/// Every refusal names its reason and the JSON pointer of the keyword at fault.
@Suite struct JSONSchemaRefusalTests {
    typealias Reason = JSONSchemaImportError.Reason

    struct Row: CustomStringConvertible, Sendable {
        var schema: String
        var reason: Reason
        var pointer: String
        var description: String { schema }
    }

    static let unenforcedKeywords: [(keyword: String, value: String)] = [
        ("contains", "{}"), ("unevaluatedProperties", "false"), ("unevaluatedItems", "false"),
        ("$dynamicRef", ##""#a""##),
    ]

    @Test(arguments: 0..<unenforcedKeywords.count)
    func unenforcedKeywordIsRefusedWithItsPointer(_ index: Int) {
        let (keyword, value) = Self.unenforcedKeywords[index]
        let schema = #"{"properties":{"a/b":{"items":{"\#(keyword)":\#(value)}}}}"#
        Self.expect(schema, .unsupportedKeyword(keyword), at: "/properties/a~1b/items/" + keyword)
    }

    /// Assertions enforced only where the IR states them exactly; elsewhere refused by name.
    static let combinationRows: [Row] = [
        Row(
            schema: #"{"properties":{"a":{"type":"array","uniqueItems":true}}}"#,
            reason: .unsupportedCombination("uniqueItems"), pointer: "/properties/a/uniqueItems"),
        Row(
            schema: #"{"items":{"patternProperties":{"1":{},"2":{},"3":{},"4":{},"5":{},"6":{},"7":{"type":"string"}}}}"#,
            reason: .unsupportedCombination("patternProperties"), pointer: "/items/patternProperties"),
        Row(
            schema: #"{"items":{"propertyNames":{"anyOf":[{"pattern":"^a"},{"maxLength":3}]}}}"#,
            reason: .unsupportedCombination("propertyNames"), pointer: "/items/propertyNames"),
        // A propertyNames schema that reaches itself: a typed refusal, not endless lowering.
        Row(
            schema: ##"{"type":"object","propertyNames":{"$ref":"#"}}"##, reason: .unsupportedCombination("propertyNames"),
            pointer: "/propertyNames"),
        // Other keys could repeat, which a reader keeps once: two members need not be two keys.
        Row(schema: #"{"type":"object","minProperties":2}"#, reason: .unsupportedCombination("minProperties"), pointer: "/minProperties"),
        Row(
            schema: #"{"properties":{"a":{}},"required":["a"],"patternProperties":{"^x":{}},"minProperties":3}"#,
            reason: .unsupportedCombination("minProperties"), pointer: "/minProperties"),
        Row(schema: #"{"not":{"uniqueItems":true}}"#, reason: .unsupportedNegation("uniqueItems"), pointer: "/not/uniqueItems"),
        // Without an `enum` beside it to check values against, and inside an `anyOf` branch.
        Row(
            schema: #"{"anyOf":[{"enum":[1]},{"not":{"items":{"type":"string"}}}]}"#, reason: .unsupportedNegation("items"),
            pointer: "/anyOf/1/not/items"),
        Row(schema: #"{"not":{"enum":[[1]]}}"#, reason: .unsupportedNegation("enum"), pointer: "/not"),
        Row(schema: #"{"not":{"oneOf":[{"type":"string"},{"type":"null"}]}}"#, reason: .unsupportedNegation("oneOf"), pointer: "/not/oneOf"),
        Row(schema: #"{"if":{"items":{"type":"string"}},"then":{"minItems":1}}"#, reason: .unsupportedNegation("items"), pointer: "/if/items"),
    ]

    @Test(arguments: combinationRows)
    func combinationRefusal(_ row: Row) {
        Self.expect(row.schema, row.reason, at: row.pointer)
    }

    /// A strict importer refuses what the specification calls annotations.
    static let strictRows: [Row] = [
        Row(schema: #"{"foo":1}"#, reason: .unknownKeyword("foo"), pointer: "/foo"),
        Row(schema: #"{"x-vendor":1}"#, reason: .unknownKeyword("x-vendor"), pointer: "/x-vendor"),
        Row(schema: #"{"format":"hostname"}"#, reason: .unsupportedFormat("hostname"), pointer: "/format"),
        Row(schema: #"{"$schema":"http://json-schema.org/draft-04/schema#","const":1}"#, reason: .unknownKeyword("const"), pointer: "/const"),
    ]

    @Test(arguments: strictRows)
    func strictRefusal(_ row: Row) {
        Self.expect(row.schema, row.reason, at: row.pointer, importer: JSONSchemaImporter(isStrict: true))
        var warnings: [JSONSchemaImportWarning] = []
        #expect((try? JSONSchemaImporter().importSchema(row.schema, warnings: &warnings)) != nil, "lenient import of \(row.schema)")
    }

    static let rows: [Row] = [
        Row(
            schema: #"{"$schema":"http://json-schema.org/draft-03/schema#"}"#,
            reason: .unsupportedDialect("http://json-schema.org/draft-03/schema#"), pointer: "/$schema"),
        Row(schema: ##"{"items":{"$id":"http://x/y","$ref":"#/$defs/a"}}"##, reason: .unresolvableReference("#/$defs/a"), pointer: "/items/$ref"),
        Row(schema: ##"{"$ref":"#/$defs/missing"}"##, reason: .unresolvableReference("#/$defs/missing"), pointer: "/$ref"),
        Row(schema: ##"{"$ref":"#/type","type":"string"}"##, reason: .unresolvableReference("#/type"), pointer: "/$ref"),
        Row(schema: ##"{"$ref":"#/a~2"}"##, reason: .unresolvableReference("#/a~2"), pointer: "/$ref"),
        Row(schema: ##"{"$ref":"#/%zz"}"##, reason: .unresolvableReference("#/%zz"), pointer: "/$ref"),
        Row(schema: #"{"$ref":"other.json#/a"}"#, reason: .unsupportedReference("other.json#/a"), pointer: "/$ref"),
        Row(schema: ##"{"$ref":"#anchor"}"##, reason: .unsupportedReference("#anchor"), pointer: "/$ref"),
        Row(
            schema: ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}"##,
            reason: .unguardedRecursion("#/$defs/a"), pointer: "/$defs/b/allOf/0/$ref"),
        Row(schema: ##"{"anyOf":[{"$ref":"#"},{"type":"string"}]}"##, reason: .unguardedRecursion("anyOf"), pointer: "/anyOf"),
        Row(schema: #"{"oneOf":[{"type":"array"},{"items":{"type":"string"}}]}"#, reason: .overlappingOneOf, pointer: "/oneOf"),
        Row(schema: #"{"oneOf":[{"items":{"type":"string"}},{"maxItems":3}]}"#, reason: .overlappingOneOf, pointer: "/oneOf"),
        Row(
            schema: #"{"properties":{"a":{}},"required":["b"],"additionalProperties":false}"#,
            reason: .unsatisfiableRequired("b"), pointer: "/required"),
        Row(schema: #"{"type":"integer","minimum":1e30}"#, reason: .boundOutOfRange(keyword: "minimum", value: "1e30"), pointer: "/minimum"),
        Row(
            schema: #"{"type":"integer","maximum":-9223372036854775809}"#,
            reason: .boundOutOfRange(keyword: "maximum", value: "-9223372036854775809"), pointer: "/maximum"),
        Row(
            schema: #"{"type":"integer","exclusiveMaximum":-9223372036854775808}"#,
            reason: .boundOutOfRange(keyword: "exclusiveMaximum", value: "-9223372036854775808"), pointer: "/exclusiveMaximum"),
        Row(schema: #"{"type":"number","maximum":1e400}"#, reason: .boundOutOfRange(keyword: "maximum", value: "1e400"), pointer: "/maximum"),
        Row(schema: #"{"maxLength":1e999999999}"#, reason: .boundOutOfRange(keyword: "maxLength", value: "1e999999999"), pointer: "/maxLength"),
        Row(schema: #"{"minimum":1e9999999999}"#, reason: .boundOutOfRange(keyword: "minimum", value: "1e9999999999"), pointer: "/minimum"),
        Row(schema: #"{"maxLength":1e30}"#, reason: .boundOutOfRange(keyword: "maxLength", value: "1e30"), pointer: "/maxLength"),
        Row(
            schema: #"{"type":"strings"}"#,
            reason: .invalidKeywordValue(keyword: "type", expected: "a type name or an array of unique type names"), pointer: "/type"),
        Row(
            schema: #"{"type":["string","string"]}"#,
            reason: .invalidKeywordValue(keyword: "type", expected: "an array of unique strings"), pointer: "/type"),
        Row(
            schema: #"{"minLength":-1}"#, reason: .invalidKeywordValue(keyword: "minLength", expected: "a non-negative integer"),
            pointer: "/minLength"),
        Row(
            schema: #"{"minItems":1.5}"#, reason: .invalidKeywordValue(keyword: "minItems", expected: "a non-negative integer"), pointer: "/minItems"),
        Row(schema: #"{"minimum":"1"}"#, reason: .invalidKeywordValue(keyword: "minimum", expected: "a number"), pointer: "/minimum"),
        Row(
            schema: #"{"required":"a"}"#, reason: .invalidKeywordValue(keyword: "required", expected: "an array of unique strings"),
            pointer: "/required"),
        Row(schema: #"{"enum":1}"#, reason: .invalidKeywordValue(keyword: "enum", expected: "an array"), pointer: "/enum"),
        Row(schema: #"{"anyOf":[]}"#, reason: .invalidKeywordValue(keyword: "anyOf", expected: "a non-empty array of schemas"), pointer: "/anyOf"),
        Row(
            schema: #"{"items":[{}]}"#,
            reason: .invalidKeywordValue(keyword: "items", expected: "a schema (2020-12 writes tuples as `prefixItems`)"), pointer: "/items"),
        Row(schema: #"{"title":3}"#, reason: .invalidKeywordValue(keyword: "title", expected: "a string"), pointer: "/title"),
        Row(
            schema: #"{"properties":{"a":{}},"x-order":["b"]}"#,
            reason: .invalidKeywordValue(keyword: "x-order", expected: "an array of names from `properties`"), pointer: "/x-order"),
        Row(schema: #"{"properties":{"a":3}}"#, reason: .invalidSchema, pointer: "/properties/a"),
        Row(schema: "[]", reason: .invalidSchema, pointer: ""),
        Row(schema: #"{"type":"string","type":"integer"}"#, reason: .duplicateKey("type"), pointer: ""),
        Row(schema: #"{"properties":{"a":{},"a":{}}}"#, reason: .duplicateKey("a"), pointer: "/properties"),
        // Past 16 keys the check hashes instead of comparing pairs.
        Row(
            schema:
                #"{"properties":{"k0":{},"k1":{},"k2":{},"k3":{},"k4":{},"k5":{},"k6":{},"k7":{},"k8":{},"k9":{},"k10":{},"k11":{},"k12":{},"k13":{},"k14":{},"k15":{},"k16":{},"k17":{},"k18":{},"k19":{},"k7":{}}}"#,
            reason: .duplicateKey("k7"), pointer: "/properties"),
        Row(
            schema:
                #"{"required":["k0","k1","k2","k3","k4","k5","k6","k7","k8","k9","k10","k11","k12","k13","k14","k15","k16","k17","k18","k19","k3"]}"#,
            reason: .invalidKeywordValue(keyword: "required", expected: "an array of unique strings"), pointer: "/required"),
    ]

    @Test(arguments: rows)
    func refusal(_ row: Row) {
        Self.expect(row.schema, row.reason, at: row.pointer)
    }

    @Test func invalidPatternCarriesTheRegexError() {
        let result = Result { () throws(JSONSchemaImportError) in try JSONSchemaImporter().importSchema(#"{"items":{"pattern":"(?=a)b"}}"#) }
        guard case .failure(let error) = result, case .invalidPattern(let pattern, let regexError) = error.reason else {
            Issue.record("expected invalidPattern, got \(result)")
            return
        }
        #expect(pattern == "(?=a)b")
        #expect(regexError.offset == 0)
        if case .unsupported = regexError.reason {} else { Issue.record("expected an unsupported-construct RegexError: \(regexError)") }
        #expect(error.pointer == "/items/pattern")
        #expect(error.keyword == "pattern")
        // Unbalanced alone, balanced once framed: still refused, with the pattern's own offset.
        Self.expect(#"{"pattern":"a)(b"}"#, .invalidPattern(pattern: "a)(b", error: RegexError(.unmatchedClosingParenthesis, at: 1)), at: "/pattern")
    }

    @Test func invalidJSONIsATypedError() {
        let result = Result { () throws(JSONSchemaImportError) in try JSONSchemaImporter().importSchema(#"{"type":"#) }
        guard case .failure(let error) = result, case .invalidJSON = error.reason else { Issue.record("expected invalidJSON, got \(result)"); return }
    }

    @Test func allOfExplosionIsBounded() {
        let branches = (0..<8).map { _ in #"{"anyOf":[{"minLength":1},{"maxLength":5},{"pattern":"a"},{"format":"date"}]}"# }
        let schema = #"{"allOf":[\#(branches.joined(separator: ","))]}"#
        let result = Result { () throws(JSONSchemaImportError) in try JSONSchemaImporter(maxNodes: 5_000).importSchema(schema) }
        guard case .failure(let error) = result else { Issue.record("expected tooComplex"); return }
        #expect(error.reason == .tooComplex(limit: 5_000))
    }

    static func expect(
        _ schema: String, _ reason: Reason, at pointer: String, importer: JSONSchemaImporter = JSONSchemaImporter(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for mode in [JSONSchemaImporter.Mode.generation, .validation] {
            var importer = importer
            importer.mode = mode
            let result = Result { () throws(JSONSchemaImportError) in try importer.importSchema(schema) }
            switch result {
            case .success(let graph):
                Issue.record("\(schema) was imported: \(graph)", sourceLocation: sourceLocation)
            case .failure(let error):
                #expect(error.reason == reason, "\(schema): \(error)", sourceLocation: sourceLocation)
                #expect(error.pointer == pointer, "\(schema): \(error)", sourceLocation: sourceLocation)
                #expect(!error.description.isEmpty)
            }
        }
    }
}
