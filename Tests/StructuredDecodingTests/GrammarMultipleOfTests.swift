import FMSupport
import StructuredDecoding
import Testing

/// `multipleOf`, exact: the grammar and the graph's validator against integer arithmetic on the
/// spellings scaled to integers (a third reading, sharing no code with either), and the
/// importer's rules for combining divisors, integers and negation.
@Suite struct GrammarMultipleOfTests {
    /// A random plain decimal: sign, 0-4 integer digits (no leading zeros), 0-3 fraction digits.
    static func decimal(_ random: inout SplitMix64, fractions: Bool) -> String {
        var text = random.next() % 3 == 0 ? "-" : ""
        text += random.next() % 5 == 0 ? "0" : String(1 + random.next() % 2999)
        if fractions, random.next() % 2 == 0 {
            text += "." + (0..<(1 + Int(random.next() % 3))).map { _ in String(random.next() % 10) }.joined()
        }
        return text
    }

    /// `x` and `m` (plain decimals, at most 4 fraction digits) scaled by 10^4 to integers.
    static func isMultiple(_ x: String, of m: String) -> Bool {
        func scaled(_ text: String) -> Int {
            let negative = text.hasPrefix("-")
            let body = negative ? String(text.dropFirst()) : text
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            let value = Int(String(parts[0]) + fraction + String(repeating: "0", count: 4 - fraction.count))!
            return negative ? -value : value
        }
        return scaled(x) % scaled(m) == 0
    }

    static let divisors = ["0.01", "1", "11", "5", "7", "2.5", "0.1", "10", "0.25", "3", "1.5", "100", "0.0625"]

    @Test(arguments: divisors)
    func numbersAgreeWithIntegerArithmetic(divisor: String) throws {
        var random = SplitMix64(seed: UInt64(divisor.utf8.reduce(7) { $0 &* 31 &+ Int($1) }.magnitude))
        var accepted = 0, rejected = 0
        for type in ["number", "integer"] {
            let bounds = random.next() % 2 == 0 ? #", "minimum": -1500"# : ""
            let schema = #"{"type": "\#(type)", "multipleOf": \#(divisor)\#(bounds)}"#
            let graph = try JSONSchemaImporter().importSchema(schema)
            let grammar = try Grammar.compile(graph)
            for _ in 0..<300 {
                let text = Self.decimal(&random, fractions: type == "number")
                var expected = Self.isMultiple(text, of: divisor)
                if !bounds.isEmpty { expected = expected && Double(text)! >= -1500 }
                let value = try JSONValue(parsing: text)
                #expect(grammar.accepts(text) == expected, "\(text) in \(schema)")
                #expect(graph.accepts(value) == expected, "validator: \(text) in \(schema)")
                if expected { accepted += 1 } else { rejected += 1 }
            }
        }
        #expect(accepted > 20 && rejected > 20, "\(divisor): \(accepted) accepted, \(rejected) rejected")
    }

    /// Money: `0.01` admits any number of trailing zeros, no third significant decimal.
    @Test func hundredths() throws {
        let graph = try JSONSchemaImporter().importSchema(#"{"type": "number", "multipleOf": 0.01}"#)
        let grammar = try Grammar.compile(graph)
        for text in ["0", "-0", "12", "0.07", "19.99", "19.990", "-3.5", "1.0000"] {
            let value = try JSONValue(parsing: text)
            #expect(grammar.accepts(text) && graph.accepts(value), "\(text)")
        }
        for text in ["0.001", "19.999", "0.075", "1.0001"] {
            let value = try JSONValue(parsing: text)
            #expect(!grammar.accepts(text) && !graph.accepts(value), "\(text)")
        }
        // Plain notation only under a divisor: an exponent is refused by the grammar (sound, not
        // complete), while the validator reads the value.
        let hundred = try JSONValue(parsing: "1e2")
        #expect(!grammar.accepts("1e2") && graph.accepts(hundred))
    }

    @Test func divisorsCombine() throws {
        // Integers that are multiples of 2.5 are the multiples of 5; of 0.5, every integer.
        let fives = try JSONSchemaImporter().importSchema(#"{"type": "integer", "multipleOf": 2.5}"#)
        #expect(fives.nodes[fives.root] == .integer(IntegerBounds(multipleOf: 5)))
        let halves = try JSONSchemaImporter().importSchema(#"{"type": "integer", "multipleOf": 0.5}"#)
        #expect(halves.nodes[halves.root] == .integer(IntegerBounds()))
        // Of 2 and 6, 6; of 4 and 6 (which would need 12), refused.
        let six = try JSONSchemaImporter().importSchema(#"{"type": "integer", "multipleOf": 2, "allOf": [{"multipleOf": 6}]}"#)
        #expect(six.nodes[six.root] == .integer(IntegerBounds(multipleOf: 6)))
        #expect(throws: JSONSchemaImportError(.unsupportedCombination("multipleOf"), at: "/multipleOf")) {
            try JSONSchemaImporter().importSchema(#"{"type": "integer", "multipleOf": 4, "allOf": [{"multipleOf": 6}]}"#)
        }
        // `not: {multipleOf: d}`: the automaton of the plain numbers minus that of the multiples.
        let notThree = try JSONSchemaImporter().importSchema(#"{"type": "integer", "not": {"multipleOf": 3}}"#)
        #expect(notThree.nodes[notThree.root] == .integer(IntegerBounds(excludedMultiples: [3])))
        let integers = try Grammar.compile(notThree)
        for text in ["1", "2", "-4", "100"] { #expect(integers.accepts(text), "\(text)") }
        for text in ["0", "3", "-6", "99"] { #expect(!integers.accepts(text), "\(text)") }
        let numbers = try Grammar.compile(try JSONSchemaImporter().importSchema(#"{"type": "number", "not": {"multipleOf": 0.5}, "maximum": 2}"#))
        for text in ["0.25", "1.1", "-7.75", "1.99"] { #expect(numbers.accepts(text), "\(text)") }
        for text in ["1", "1.5", "0.50", "-3", "2.25", "1e-1"] { #expect(!numbers.accepts(text), "\(text)") }
        // Every integer is a multiple of 0.5: no integer is left.
        let none = try JSONSchemaImporter().importSchema(#"{"type": "integer", "not": {"multipleOf": 0.5}}"#)
        #expect(!SchemaGraph.Validator(none).accepts(jsonBytes: Array("1".utf8)))
        #expect(throws: JSONSchemaImportError.self) { try JSONSchemaImporter().importSchema(#"{"multipleOf": 0}"#) }
        #expect(throws: JSONSchemaImportError.self) { try JSONSchemaImporter().importSchema(#"{"multipleOf": -2}"#) }
        // An enumeration keeps only its multiples.
        let graph = try JSONSchemaImporter().importSchema(#"{"enum": [1, 2, 3, 4, "x"], "multipleOf": 2}"#)
        let grammar = try Grammar.compile(graph)
        #expect(grammar.accepts("2") && grammar.accepts("4") && grammar.accepts(#""x""#))
        #expect(!grammar.accepts("1") && !grammar.accepts("3"))
    }

    /// A divisor and bounds that leave no value: the node accepts nothing.
    @Test func noMultipleInRange() throws {
        let graph = try JSONSchemaImporter().importSchema(
            #"{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 4, "multipleOf": 5}}}"#)
        let grammar = try Grammar.compile(graph)
        #expect(grammar.accepts("{}") && !grammar.accepts(#"{"n": 5}"#) && !grammar.accepts(#"{"n": 0}"#))
    }

    /// A divisor a graph built by hand may hold, but no schema can: a typed error, no trap.
    @Test func badDivisorsAreTypedErrors() throws {
        let nodes: [SchemaNode] =
            [.integer(IntegerBounds(multipleOf: 0)), .integer(IntegerBounds(multipleOf: -3))]
            + [0, -0.5, .infinity, .nan].map { .number(NumberBounds(multipleOf: $0)) }
        for node in nodes {
            let graph = schema(node)
            #expect(throws: GrammarError.invalidDivisor(node: graph.root)) { try Grammar.compile(graph) }
        }
    }
}
