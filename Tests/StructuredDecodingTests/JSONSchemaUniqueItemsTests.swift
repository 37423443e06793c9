import StructuredDecoding
import Testing

/// `uniqueItems` over a finite item language: the parser keeps which values an array has used,
/// and the grammar accepts exactly the arrays the validator (JSON Schema equality) accepts.
@Suite struct JSONSchemaUniqueItemsTests {
    /// Every array of up to `length` elements drawn from `pool`, as JSON texts.
    static func arrays(of pool: [String], upTo length: Int) -> [[String]] {
        var all: [[String]] = [[]]
        var last: [[String]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { array in pool.map { array + [$0] } }
            all += last
        }
        return all
    }

    /// Every array of up to four elements over the values and values beyond, in the grammar
    /// exactly when the validator accepts it.
    @Test(arguments: [
        #"{"type":"array","items":{"enum":["a","b",1,1.0]},"uniqueItems":true}"#,
        #"{"type":"array","items":{"anyOf":[{"type":"boolean"},{"type":"null"}]},"uniqueItems":true,"minItems":2}"#,
        #"{"type":"array","items":{"type":"integer","minimum":-1,"maximum":2},"uniqueItems":true,"maxItems":3}"#,
        #"{"type":"array","items":{"anyOf":[{"const":"a"},{"enum":["a","b"]},{"type":"integer","minimum":0,"maximum":1}]},"uniqueItems":true}"#,
    ])
    func everyArrayOverAFewValues(_ schema: String) throws {
        let graph = try JSONSchemaImporter().importSchema(schema)
        #expect(graph.nodes.contains { if case .array(let a) = $0 { !a.distinctItems.isEmpty } else { false } })
        let grammar = try Grammar.compile(graph)
        let flexible = try Grammar.compile(graph, options: .flexible())
        let pool = [#""a""#, #""b""#, "1", "1.0", "-1", "0", "2", "true", "false", "null", #""z""#]
        var accepted = 0
        for array in Self.arrays(of: pool, upTo: 4) {
            let text = "[" + array.joined(separator: ", ") + "]"
            let valid = SchemaGraph.Validator(graph).accepts(jsonBytes: Array(text.utf8))
            // Generation writes each enumerated number as given (`1`, not `1.0`): other
            // spellings may be refused, never accepted when invalid (`[1, 1.0]`).
            if array.contains("1.0") {
                #expect(!grammar.accepts(text) || valid, "\(schema): \(text)")
            } else {
                #expect(grammar.accepts(text) == valid, "\(schema): \(text)")
                #expect(flexible.accepts("[ " + array.joined(separator: " ,") + " ]") == valid, "\(schema): \(text)")
            }
            if valid { accepted += 1 }
        }
        #expect(accepted > 3, "\(schema): only \(accepted) arrays accepted")
    }

    /// Distinctness is JSON Schema's: an element repeated anywhere in the array is refused,
    /// the counts hold, and a value used once may not come back after others.
    @Test func repeatsAnywhereAreRefused() throws {
        let letters = (0..<20).map { #""\#(Character(UnicodeScalar(97 + $0)!))""# }
        let schema = #"{"type":"array","items":{"enum":[\#(letters.joined(separator: ","))]},"uniqueItems":true,"minItems":2,"maxItems":19}"#
        let graph = try JSONSchemaImporter().importSchema(schema)
        let grammar = try Grammar.compile(graph)
        let all = "[" + letters.joined(separator: ", ") + "]"
        let nineteen = "[" + letters.dropLast().joined(separator: ", ") + "]"
        let repeated = "[" + (letters.prefix(10) + [letters[3]]).joined(separator: ", ") + "]"
        let reversed = "[" + letters.prefix(19).reversed().joined(separator: ", ") + "]"
        #expect(grammar.accepts(nineteen))
        #expect(grammar.accepts(reversed))
        #expect(!grammar.accepts(all), "maxItems 19")
        #expect(!grammar.accepts(repeated))
        #expect(!grammar.accepts("[\(letters[0])]"), "minItems 2")
        // The repeat is refused at its letter (its opening quote may begin any unused value).
        let prefix = "[" + letters.prefix(10).joined(separator: ", ") + ", " + letters[3]
        #expect(grammar.firstRejectedOffset(Array(prefix.utf8)) == prefix.utf8.count - 2)
        for text in [nineteen, reversed, all, repeated] {
            #expect(SchemaGraph.Validator(graph).accepts(jsonBytes: Array(text.utf8)) == grammar.accepts(text), "\(text)")
        }
    }

    /// Nested: arrays of distinct values inside objects and arrays keep their own used sets.
    @Test func nestedArraysKeepTheirOwnValues() throws {
        let schema = #"""
            {"type":"array","items":{"type":"object","properties":{"tags":{"type":"array","items":{"enum":["x","y"]},"uniqueItems":true}},
             "required":["tags"],"additionalProperties":false}}
            """#
        let grammar = try Grammar.compile(try JSONSchemaImporter().importSchema(schema))
        #expect(grammar.accepts(#"[{"tags": ["x", "y"]}, {"tags": ["y", "x"]}, {"tags": ["x"]}]"#))
        #expect(!grammar.accepts(#"[{"tags": ["x", "y"]}, {"tags": ["y", "y"]}]"#))
    }

    /// Past `ArrayNode.maxDistinctItems` values, and over items that are not a few known
    /// values, `uniqueItems` is refused by name and pointer.
    @Test func tooManyValuesAreRefusedByPointer() throws {
        let many = #"{"items":{"type":"integer","minimum":0,"maximum":64},"uniqueItems":true}"#
        let sixtyFour = #"{"items":{"type":"integer","minimum":1,"maximum":64},"uniqueItems":true}"#
        for schema in [many, #"{"items":{"type":"string"},"uniqueItems":true}"#] {
            #expect(throws: JSONSchemaImportError(.unsupportedCombination("uniqueItems"), at: "/uniqueItems")) {
                try JSONSchemaImporter().importSchema(schema)
            }
        }
        let grammar = try Grammar.compile(try JSONSchemaImporter().importSchema(sixtyFour))
        #expect(grammar.accepts("[" + (1...64).reversed().map(String.init).joined(separator: ", ") + "]"))
        #expect(!grammar.accepts("[1, 2, 3, 2]"))
        // A graph built by hand past the limit names its node.
        var graph = SchemaGraph()
        let values = (0...ArrayNode.maxDistinctItems).map { graph.add(.enumeration([.number(String($0))])) }
        graph.root = graph.add(.array(ArrayNode(items: nil, distinctItems: values)))
        #expect(throws: GrammarError.tooManyDistinctItems(node: graph.root, count: 65)) { try Grammar.compile(graph) }
    }
}
