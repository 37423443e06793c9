import Testing

@testable import StructuredDecoding

/// The IR validator on hand-built graphs, and the exact decimal arithmetic under it.
@Suite struct JSONSchemaValidatorTests {
    static func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    @Test func decimalsCompareExactly() throws {
        let pairs: [(String, String)] = [
            ("1", "1.0000000000000000000001"), ("-1.5", "-1.4"), ("0.1", "0.10000000000000000001"), ("-0", "1e-400"),
            ("9223372036854775807", "9223372036854775808"), ("1e400", "1.0000001e400"), ("-1e400", "-9e399"), ("99", "1e2"),
        ]
        for (small, large) in pairs {
            let a = try #require(JSONSchemaDecimal(small)), b = try #require(JSONSchemaDecimal(large))
            #expect(a < b && !(b < a), "\(small) < \(large)")
        }
        let equal = [("1", "1.0"), ("1e2", "100"), ("-0", "0"), ("0.5", "5e-1"), ("123.450", "12345e-2")]
        for (left, right) in equal { #expect(JSONSchemaDecimal(left) == JSONSchemaDecimal(right), "\(left) == \(right)") }
        for invalid in ["", "-", "01", "1.", ".5", "1e", "+1", "1e+", "0x1", "1e99999999999", "NaN"] {
            #expect(JSONSchemaDecimal(invalid) == nil, "\(invalid)")
        }
        #expect(JSONSchemaDecimal("1.0")!.isInteger && JSONSchemaDecimal("1e3")!.isInteger && !JSONSchemaDecimal("1.5")!.isInteger)
    }

    @Test func doublesExpandExactly() throws {
        #expect(JSONSchemaDecimal(exactly: 0.5) == JSONSchemaDecimal("0.5"))
        #expect(JSONSchemaDecimal(exactly: 0.1) == JSONSchemaDecimal("0.1000000000000000055511151231257827021181583404541015625"))
        #expect(JSONSchemaDecimal(exactly: 5e-324) > JSONSchemaDecimal("4.9406564584124654e-324")!)
        #expect(JSONSchemaDecimal(exactly: 5e-324) < JSONSchemaDecimal("4.9406564584124655e-324")!)
        #expect(JSONSchemaDecimal(exactly: Double(1 << 60)) == JSONSchemaDecimal(1 << 60))
        for value in [1.0, -2.75, 1e-5, 123456.789, .greatestFiniteMagnitude, .leastNormalMagnitude] {
            let exact = JSONSchemaDecimal(exactly: value)
            #expect(Double(exact.description) == value, "\(value) -> \(exact)")
        }
    }

    @Test func roundingIsDirectional() throws {
        // A bound a Double spells exactly (0.1 shows as "0.1") is that Double, either way.
        let tenth = try #require(JSONSchemaDecimal("0.1"))
        #expect(tenth.spelledDouble(up: true)! == (0.1, true) && tenth.spelledDouble(up: false)! == (0.1, true))
        #expect(JSONSchemaDecimal(spelling: 0.3) == JSONSchemaDecimal("0.3") && JSONSchemaDecimal(spelling: 1e-6) == JSONSchemaDecimal("0.000001"))
        // More digits than a Double shows: the nearest Double spelled inside, up or down.
        let long = try #require(JSONSchemaDecimal("0.10000000000000000001"))
        let up = try #require(long.spelledDouble(up: true)), down = try #require(long.spelledDouble(up: false))
        #expect(!up.exact && !down.exact && up.value == 0.1.nextUp && down.value == 0.1)
        #expect(JSONSchemaDecimal(spelling: down.value)! < long && long < JSONSchemaDecimal(spelling: up.value)!)
        #expect(JSONSchemaDecimal("1e400")!.spelledDouble(up: false) == nil)
        #expect(JSONSchemaDecimal("2.5")!.roundedToInt(up: true) == 3)
        #expect(JSONSchemaDecimal("2.5")!.roundedToInt(up: false) == 2)
        #expect(JSONSchemaDecimal("-2.5")!.roundedToInt(up: true) == -2)
        #expect(JSONSchemaDecimal("-2.5")!.roundedToInt(up: false) == -3)
        #expect(JSONSchemaDecimal("-9223372036854775808")!.roundedToInt(up: false) == Int.min)
        #expect(JSONSchemaDecimal("9223372036854775807.5")!.roundedToInt(up: true) == nil)
        #expect(JSONSchemaDecimal("9223372036854775807.5")!.roundedToInt(up: false) == Int.max)
    }

    @Test func integerNodeFollowsJSONSchema() throws {
        let graph = SchemaGraph(nodes: [.integer(IntegerBounds(minimum: -3, maximum: Int.max))], root: 0)
        for text in ["-3", "1.0", "2e0", "9223372036854775807", "0.0"] { #expect(graph.accepts(try Self.value(text)), "\(text)") }
        for text in ["-4", "1.5", "9223372036854775808", "1e19", "\"1\""] { #expect(!graph.accepts(try Self.value(text)), "\(text)") }
    }

    /// A `Double` bound is the decimal of its shortest spelling, as the grammar reads it
    /// (`NumericRangePatterns`): the Double 0.1 bounds at one tenth, not at its binary value.
    @Test func numberNodeComparesWithTheBoundsSpelling() throws {
        let graph = SchemaGraph(nodes: [.number(NumberBounds(minimum: 0.1, exclusiveMinimum: true, maximum: .infinity))], root: 0)
        #expect(graph.accepts(try Self.value("0.10000000000000001"))) // above one tenth
        #expect(graph.accepts(try Self.value("0.1000000000000000055511151231257827021181583404541015625"))) // the binary 0.1
        #expect(!graph.accepts(try Self.value("0.1"))) // the bound
        #expect(!graph.accepts(try Self.value("0.09999999999999999")))
        let grammar = try Grammar.compile(SchemaGraph(nodes: [.number(NumberBounds(minimum: 0.1, exclusiveMinimum: true))], root: 0))
        #expect(!grammar.accepts("0.1") && grammar.accepts("0.10000000000000001") && !grammar.accepts("0.09999999999999999"))
        #expect(graph.accepts(try Self.value("1e308")))
        let empty = SchemaGraph(nodes: [.number(NumberBounds(minimum: .nan))], root: 0)
        #expect(!empty.accepts(try Self.value("1")))
    }

    @Test func anyOfCycleWithoutDescentAcceptsNothingInsteadOfLooping() throws {
        // 0: anyOf [0, 1], 1: string — the cycle contributes nothing (least fixed point).
        let graph = SchemaGraph(nodes: [.anyOf([0, 1]), .string(StringNode())], root: 0)
        #expect(graph.accepts(try Self.value(#""x""#)))
        #expect(!graph.accepts(try Self.value("1")))
        // A cycle through an element is fine: nested arrays of arrays.
        let nested = SchemaGraph(nodes: [.anyOf([1, 2]), .array(ArrayNode(items: 0)), .null], root: 0)
        #expect(nested.accepts(try Self.value("[[[null]],[]]")))
        #expect(!nested.accepts(try Self.value("[[1]]")))
    }

    @Test func objectOrderAndKeys() throws {
        let properties = [
            ObjectNode.Property(name: "a", node: 1, isRequired: true), ObjectNode.Property(name: "b", node: 1, isRequired: false),
        ]
        let ordered = SchemaGraph(nodes: [.object(ObjectNode(properties: properties, additionalProperties: 2)), .any, .null], root: 0)
        #expect(ordered.accepts(try Self.value(#"{"a":1,"b":2}"#)))
        #expect(ordered.accepts(try Self.value(#"{"x":null,"a":1,"y":null,"b":2}"#))) // other keys anywhere
        #expect(!ordered.accepts(try Self.value(#"{"b":2,"a":1}"#)))
        #expect(!ordered.accepts(try Self.value(#"{"a":1,"x":1}"#))) // additional must be null
        #expect(!ordered.accepts(try Self.value(#"{"a":1,"a":1}"#))) // duplicate key
        #expect(!ordered.accepts(try Self.value(#"{"b":1}"#))) // required a
        let anyOrder = SchemaGraph(nodes: [.object(ObjectNode(properties: properties, allowsAnyOrder: true)), .any], root: 0)
        #expect(anyOrder.accepts(try Self.value(#"{"b":2,"a":1}"#)))
        #expect(!anyOrder.accepts(try Self.value(#"{"a":1,"x":1}"#)))
    }

    @Test func arraysAndBytes() throws {
        let graph = SchemaGraph(nodes: [.array(ArrayNode(prefixItems: [1], items: nil, minItems: 1)), .boolean], root: 0)
        let validator = SchemaGraph.Validator(graph)
        #expect(validator.accepts(jsonBytes: Array("[true]".utf8)))
        #expect(!validator.accepts(jsonBytes: Array("[]".utf8)))
        #expect(!validator.accepts(jsonBytes: Array("[true, false]".utf8)))
        #expect(!validator.accepts(jsonBytes: Array("[true".utf8))) // not a complete document
        #expect(!validator.accepts(jsonBytes: [0x5B, 0xFF, 0x5D])) // invalid UTF-8
    }

    @Test func stringPatternsFormatAndLengths() throws {
        let node = StringNode(patterns: [try RegexPattern("[a-z]+")], format: .ipv4, minLength: 1, maxLength: 3)
        let graph = SchemaGraph(nodes: [.string(node)], root: 0)
        #expect(!graph.accepts(try Self.value(#""abc""#))) // not an ipv4
        let letters = SchemaGraph(nodes: [.string(StringNode(patterns: [try RegexPattern("[a-zé]+")], maxLength: 3))], root: 0)
        #expect(letters.accepts(try Self.value(#""éé""#)))
        #expect(!letters.accepts(try Self.value(#""abcd""#)))
        #expect(!letters.accepts(try Self.value(#""ab1""#)))
    }
}
