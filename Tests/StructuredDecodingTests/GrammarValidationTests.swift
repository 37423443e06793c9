import StructuredDecoding
import Testing

/// Table-driven accept/reject cases, validator mode (flexible whitespace, any spelling).
@Suite struct GrammarValidationTests {
    static let cases: [GrammarCase] = [
        GrammarCase(
            name: "integer range", graph: schema(.integer(IntegerBounds(minimum: -5, maximum: 120))),
            valid: ["0", "-5", "120", "7", " 42 ", "-0", "99", "100"],
            invalid: ["121", "-6", "1.0", "007", "1e2", "", "-", "1000", "-10", "+1"]),
        GrammarCase(
            name: "integer lower bound", graph: schema(.integer(IntegerBounds(minimum: 10))),
            valid: ["10", "11", "99999999999999999999", "20"], invalid: ["9", "-10", "0", "-11"]),
        GrammarCase(
            name: "integer upper bound", graph: schema(.integer(IntegerBounds(maximum: -10))),
            valid: ["-10", "-11", "-99999999999"], invalid: ["-9", "0", "10", "-0"]),
        GrammarCase(
            name: "number range, exclusive max",
            graph: schema(.number(NumberBounds(minimum: 0.1, maximum: 2.5, exclusiveMaximum: true))),
            valid: ["0.1", "0.10", "1", "2.4999", "0.2", "2", "0.1000001"],
            invalid: ["0.09999", "2.5", "2.50", "-1", "3", "0", "0.0999999999"]),
        GrammarCase(
            name: "number exclusive zero", graph: schema(.number(NumberBounds(minimum: 0, exclusiveMinimum: true))),
            valid: ["0.0001", "5", "1000.5"], invalid: ["0", "-0", "0.000", "-0.1", "-3"]),
        GrammarCase(
            name: "number upper negative", graph: schema(.number(NumberBounds(maximum: -1.5))),
            valid: ["-1.5", "-2", "-100.25", "-1.50"], invalid: ["-1.4", "0", "1", "-1.49999"]),
        GrammarCase(
            name: "number tiny bound", graph: schema(.number(NumberBounds(minimum: 1e-5))),
            valid: ["0.00001", "0.0000100", "1"], invalid: ["0.000009999", "0"]),
        GrammarCase(
            name: "number unbounded", graph: schema(.number(NumberBounds())),
            valid: ["1e5", "-0.5E-3", "12", "0", "-0", "3.25"], invalid: ["01", "1.", ".5", "+1", "1e", "--1", "NaN"]),
        GrammarCase(
            name: "string pattern and length",
            graph: schema(.string(StringNode(patterns: [pattern("[a-z]+")], maxLength: 3))),
            valid: [#""ab""#, #""\u0061""#, #""xyz""#], invalid: [#""abcd""#, #""""#, #""A""#, "ab", #""ab"#]),
        GrammarCase(
            name: "string format date", graph: schema(.string(StringNode(format: .date))),
            valid: [#""2024-02-29""#], invalid: [#""2023-02-29""#, #""2024-13-01""#]),
        GrammarCase(
            name: "string any", graph: schema(.string(StringNode())),
            valid: [#""""#, #""h\u00e9llo \"q\" \n""#, "\"caf\u{e9} \u{1F600}\""],
            invalid: ["\"a\nb\"", #""\x""#, #""\u12""#, "\"a"]),
        GrammarCase(
            name: "constants",
            graph: schema(
                .enumeration([
                    .string("a"), .number("1"), .null,
                    .object([JSONMember("k", .array([.number("1"), .number("2")]))]),
                ])),
            valid: [#""a""#, "1.0", "1", "null", #"{"k": [1,2]}"#, #"{ "k":[1, 2.0] }"#, #""\u0061""#],
            invalid: [#""b""#, "2", #"{"k":[1]}"#, #"{"k":[1,2],"x":1}"#, "true", "10"]),
        GrammarCase(
            name: "ordered object with optional property",
            graph: schema { g in
                let a = g.add(.integer(IntegerBounds())), b = g.add(.string(StringNode())), c = g.add(.boolean)
                return g.add(.object(ObjectNode(properties: [property("a", a), property("b", b, required: false), property("c", c)])))
            }, valid: [#"{"a":1,"c":true}"#, #"{"a": 1, "b": "x", "c": false}"#, "{\n  \"a\" : 1 ,\"c\":true}"],
            invalid: [#"{"c":true,"a":1}"#, #"{"a":1}"#, #"{"a":1,"c":true,"d":1}"#, #"{"a":1,"a":2,"c":true}"#, #"{"a":1,"c":true,}"#]),
        GrammarCase(
            name: "any-order object with additional strings",
            graph: schema { g in
                let a = g.add(.integer(IntegerBounds())), c = g.add(.boolean), other = g.add(.string(StringNode()))
                return g.add(
                    .object(ObjectNode(properties: [property("a", a), property("c", c)], additionalProperties: other, allowsAnyOrder: true)))
            }, valid: [#"{"c":true,"a":1}"#, #"{"a":1,"c":true,"z":"s"}"#, #"{"z":"s","c":false,"a":2}"#, #"{"\u0061":1,"c":true}"#],
            invalid: [#"{"a":1,"c":true,"z":1}"#, #"{"a":1,"a":1,"c":true}"#, #"{"a":1}"#, #"{"a":1,"\u0061":2,"c":true}"#]),
        GrammarCase(
            name: "counted any-order object with other keys",
            graph: schema { g in
                let i = g.add(.integer(IntegerBounds())), other = g.add(.string(StringNode()))
                return g.add(
                    .object(
                        ObjectNode(
                            properties: [property("a", i, required: false), property("b", i)], additionalProperties: other,
                            allowsAnyOrder: true, minProperties: 2, maxProperties: 3)))
            }, valid: [#"{"b":1,"a":2}"#, #"{"x":"s","b":1}"#, #"{"b":1,"a":1,"z":"q"}"#, #"{ "a" : 1 , "b" : 2 }"#],
            invalid: ["{}", #"{"b":1}"#, #"{"a":1}"#, #"{"b":1,"a":1,"x":"s","y":"t"}"#, #"{"x":"s","y":"t","z":"u"}"#]),
        GrammarCase(
            name: "counted ordered closed object",
            graph: schema { g in
                let i = g.add(.integer(IntegerBounds()))
                return g.add(
                    .object(
                        ObjectNode(
                            properties: [property("a", i, required: false), property("b", i, required: false), property("c", i, required: false)],
                            minProperties: 2, maxProperties: 2)))
            }, valid: [#"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#, #"{"b":1,"c":1}"#],
            invalid: ["{}", #"{"a":1}"#, #"{"c":1}"#, #"{"a":1,"b":2,"c":3}"#, #"{"b":1,"a":2}"#]),
        GrammarCase(
            name: "nonempty open object, at most one member with a required key",
            graph: schema { g in
                let i = g.add(.integer(IntegerBounds())), other = g.add(.string(StringNode()))
                let nonempty = g.add(.object(ObjectNode(properties: [], additionalProperties: i, allowsAnyOrder: true, minProperties: 1)))
                let one = g.add(
                    .object(
                        ObjectNode(
                            properties: [property("a", i), property("b", i, required: false)], additionalProperties: other,
                            allowsAnyOrder: true, maxProperties: 1)))
                return g.add(.array(ArrayNode(prefixItems: [nonempty, one], items: nil, minItems: 2)))
            }, valid: [#"[{"k":1},{"a":1}]"#, #"[{"k":1,"k2":2},{"a":2}]"#],
            invalid: [#"[{},{"a":1}]"#, #"[{"k":1},{}]"#, #"[{"k":1},{"a":1,"b":1}]"#, #"[{"k":1},{"x":"s","a":1}]"#, #"[{"k":1},{"x":"s"}]"#]),
        GrammarCase(
            name: "array prefix, items and counts",
            graph: schema { g in
                let s = g.add(.string(StringNode())), i = g.add(.integer(IntegerBounds()))
                return g.add(.array(ArrayNode(prefixItems: [s], items: i, minItems: 2, maxItems: 3)))
            }, valid: [#"["x",1]"#, #"["x", 1, 2]"#, #"[ "x" , 1 ]"#], invalid: [#"["x"]"#, "[1,2]", #"["x",1,2,3]"#, "[]", #"["x",1,]"#]),
        GrammarCase(
            name: "anyOf of tagged objects",
            graph: schema { g in
                let x = g.add(.integer(IntegerBounds())), y = g.add(.string(StringNode()))
                let ta = g.add(.enumeration([.string("a")])), tb = g.add(.enumeration([.string("b")]))
                let a = g.add(.object(ObjectNode(properties: [property("type", ta), property("x", x)])))
                let b = g.add(.object(ObjectNode(properties: [property("type", tb), property("y", y)])))
                return g.add(.anyOf([a, b]))
            }, valid: [#"{"type":"a","x":1}"#, #"{"type":"b","y":"s"}"#], invalid: [#"{"type":"a","y":"s"}"#, #"{"type":"c","x":1}"#]),
        GrammarCase(
            name: "anyOf integer or string",
            graph: schema { g in
                let i = g.add(.integer(IntegerBounds(minimum: 0, maximum: 9))), s = g.add(.string(StringNode(maxLength: 2)))
                let n = g.add(.number(NumberBounds(minimum: 100)))
                return g.add(.anyOf([i, s, n]))
            }, valid: ["3", #""ab""#, "100", "250.5"], invalid: ["10", #""abc""#, "99.9"]),
        GrammarCase(
            name: "recursive tree",
            graph: schema { g in
                let value = g.add(.integer(IntegerBounds()))
                let tree = g.add(.never)
                let children = g.add(.array(ArrayNode(items: tree, maxItems: 2)))
                g[tree] = .object(ObjectNode(properties: [property("v", value), property("c", children, required: false)]))
                return tree
            }, valid: [#"{"v":1}"#, #"{"v":1,"c":[{"v":2},{"v":3,"c":[{"v":4}]}]}"#],
            invalid: [#"{"v":1,"c":[{"v":2},{"v":3},{"v":4}]}"#, #"{"c":[]}"#]),
        GrammarCase(
            name: "any value", graph: schema(.any),
            valid: ["1", "[]", "{}", #"{"a":[1,{"b":null}],"c":"d"}"#, "true", " [ 1 , 2 ] "],
            invalid: ["tru", "[1,]", "{\"a\"}", "{1:2}", "[1 2]", ""]),
        GrammarCase(
            name: "unsatisfiable optional branches are skipped",
            graph: schema { g in
                let never = g.add(.never), i = g.add(.integer(IntegerBounds()))
                return g.add(.object(ObjectNode(properties: [property("n", never, required: false), property("i", i)])))
            }, valid: [#"{"i":1}"#], invalid: [#"{"n":1,"i":1}"#]),
    ]

    @Test(arguments: cases)
    func acceptsAndRejects(_ row: GrammarCase) throws {
        let grammar = try Grammar.compile(row.graph, options: .flexible(maxRun: 8))
        for text in row.valid { #expect(grammar.accepts(text), "\(row.name): should accept \(text)") }
        for text in row.invalid { #expect(!grammar.accepts(text), "\(row.name): should reject \(text)") }
    }

    @Test func whitespaceRunsAreBounded() throws {
        let grammar = try Grammar.compile(schema(.array(ArrayNode(items: 0))), options: .flexible(maxRun: 4))
        #expect(grammar.accepts("[    ]"))
        #expect(!grammar.accepts("[     ]"))
        #expect(grammar.firstRejectedOffset(Array("[     ]".utf8)) == 5)
    }

    @Test func firstRejectedOffsetNamesTheByte() throws {
        let grammar = try Grammar.compile(
            schema { g in
                let age = g.add(.integer(IntegerBounds(minimum: 0, maximum: 120)))
                return g.add(.object(ObjectNode(properties: [property("age", age)])))
            })
        #expect(grammar.firstRejectedOffset(Array(#"{"age": 42}"#.utf8)) == nil)
        #expect(grammar.firstRejectedOffset(Array(#"{"age": 4x}"#.utf8)) == 9)
        #expect(grammar.firstRejectedOffset(Array(#"{"age": 42"#.utf8)) == 10)
        #expect(grammar.firstRejectedOffset(Array(#"{"age": 121}"#.utf8)) == 10)
    }
}

/// Generation mode: Apple's `", "` / `": "` layout and nothing else.
@Suite struct GrammarAppleLayoutTests {
    static let cases: [GrammarCase] = [
        GrammarCase(
            name: "object separators",
            graph: schema { g in
                let a = g.add(.integer(IntegerBounds())), c = g.add(.boolean)
                return g.add(.object(ObjectNode(properties: [property("a", a), property("c", c, required: false)])))
            }, valid: [#"{"a": 1, "c": true}"#, #"{"a": 1}"#],
            invalid: [#"{"a":1,"c":true}"#, #"{"a": 1,"c": true}"#, #" {"a": 1}"#, #"{"a": 1} "#, #"{"a" : 1}"#, #"{"\u0061": 1}"#]),
        GrammarCase(
            name: "array separators", graph: schema(.array(ArrayNode(items: 0))),
            valid: ["[1, 2]", "[]", #"[{"x": [true]}, "s"]"#], invalid: ["[1,2]", "[ 1, 2]", "[1 , 2]", "[1,  2]"]),
        GrammarCase(
            name: "constants are canonical",
            graph: schema(.enumeration([.object([JSONMember("k", .array([.number("1"), .number("2")]))]), .string("é/")])),
            valid: [#"{"k": [1, 2]}"#, #""é/""#], invalid: [#"{"k":[1,2]}"#, #""\u00e9/""#, "[1, 2]"]),
    ]

    @Test(arguments: cases)
    func acceptsAndRejects(_ row: GrammarCase) throws {
        let grammar = try Grammar.compile(row.graph)
        for text in row.valid { #expect(grammar.accepts(text), "\(row.name): should accept \(text)") }
        for text in row.invalid { #expect(!grammar.accepts(text), "\(row.name): should reject \(text)") }
    }
}

@Suite struct GrammarCompileErrorTests {
    /// Node 0 of a fresh `SchemaGraph` is `any`, so the nodes added here start at 1.
    @Test func errorsNameTheNode() {
        #expect(throws: GrammarError.unsatisfiable(node: 2)) {
            try Grammar.compile(
                schema { g in
                    let never = g.add(.never)
                    return g.add(.object(ObjectNode(properties: [property("n", never)])))
                })
        }
        #expect(throws: GrammarError.unknownNode(7, referencedFrom: 1)) {
            try Grammar.compile(schema { g in g.add(.array(ArrayNode(items: 7))) })
        }
        #expect(throws: GrammarError.nonFiniteBound(node: 1)) {
            try Grammar.compile(schema { g in g.add(.number(NumberBounds(maximum: .infinity))) })
        }
        #expect(throws: GrammarError.unsatisfiable(node: 2)) {
            // Infinite recursion: every tree needs a child.
            try Grammar.compile(
                schema { g in
                    let tree = g.add(.never)
                    g[tree] = .object(ObjectNode(properties: [property("child", tree)]))
                    return g.add(.array(ArrayNode(items: tree, minItems: 1)))
                })
        }
        #expect(throws: GrammarError.invalidOption("whitespace run 0 (allowed: 1...1000)")) {
            try Grammar.compile(schema(.null), options: .flexible(maxRun: 0))
        }
    }
}
