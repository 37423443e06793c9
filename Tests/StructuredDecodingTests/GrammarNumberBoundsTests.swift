import FMSupport
import Foundation
import StructuredDecoding
import TestSupport
import Testing

/// Exact decimal bounds, checked against numeric comparison on short decimals (for which
/// `Double` comparison is exact: distinct short decimals are distinct doubles, in order).
@Suite struct GrammarNumberBoundsTests {
    /// A random short decimal spelling: sign, 1-3 integer digits (no leading zeros), 0-3 fraction digits.
    func decimal(_ random: inout SplitMix64) -> String {
        var text = random.next() % 3 == 0 ? "-" : ""
        let integer = Int(random.next() % 3) == 0 ? 0 : Int(random.next() % 120)
        text += String(integer)
        let digits = Int(random.next() % 4)
        if digits > 0 { text += "." + (0..<digits).map { _ in String(random.next() % 10) }.joined() }
        return text
    }

    @Test func numbersAgreeWithNumericComparison() throws {
        var random = SplitMix64(seed: 99)
        var accepted = 0, rejected = 0
        for _ in 0..<40 {
            let lo = Double(decimal(&random))!, width = Double(random.next() % 50) / 4
            let bounds = NumberBounds(
                minimum: random.next() % 4 == 0 ? nil : lo, exclusiveMinimum: random.next() % 2 == 0,
                maximum: random.next() % 4 == 0 ? nil : lo + width, exclusiveMaximum: random.next() % 2 == 0)
            let grammar = try Grammar.compile(schema(.number(bounds)))
            for _ in 0..<60 {
                let text = decimal(&random)
                let x = Double(text)!
                var expected = true
                if let min = bounds.minimum { expected = expected && (bounds.exclusiveMinimum ? x > min : x >= min) }
                if let max = bounds.maximum { expected = expected && (bounds.exclusiveMaximum ? x < max : x <= max) }
                #expect(grammar.accepts(text) == expected, "\(text) in \(bounds)")
                if expected { accepted += 1 } else { rejected += 1 }
            }
        }
        #expect(accepted > 300 && rejected > 300)
    }

    @Test func integersAgreeWithNumericComparison() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<40 {
            let lo = Int(random.next() % 2000) - 1000
            let bounds = IntegerBounds(
                minimum: random.next() % 4 == 0 ? nil : lo,
                maximum: random.next() % 4 == 0 ? nil : lo + Int(random.next() % 300))
            let grammar = try Grammar.compile(schema(.integer(bounds)))
            for _ in 0..<60 {
                let x = Int(random.next() % 3000) - 1500
                let expected = (bounds.minimum.map { x >= $0 } ?? true) && (bounds.maximum.map { x <= $0 } ?? true)
                #expect(grammar.accepts(String(x)) == expected, "\(x) in \(bounds)")
            }
        }
    }

    /// A JSON Schema bound that no Double is exactly (`minimum: 0.3`) holds at the decimal the
    /// schema wrote, in the grammar and in the graph's validator: the bound itself is in, the
    /// decimal just below it out. (JSONSchemaBench's OpenLDAP schema has `cpus` with
    /// `minimum: 0.3` and an instance of 0.3, which the nearest Double above 0.3 refused.)
    @Test func decimalBoundsHoldAtTheDecimalWritten() throws {
        for (schema, inside, outside) in [
            (#"{"type":"number","minimum":0.3}"#, ["0.3", "0.30", "0.30000000000000001", "1"], ["0.29999999999999999", "0.2", "-0.3"]),
            (#"{"type":"number","exclusiveMaximum":0.3}"#, ["0.29999999999999999", "0", "-5"], ["0.3", "0.300", "0.30000000000000001"]),
            (#"{"type":"number","maximum":1.1,"minimum":-2.7}"#, ["1.1", "-2.7", "0"], ["1.10000000000000001", "-2.70000000000000001"]),
        ] {
            let graph = try JSONSchemaImporter().importSchema(schema)
            let grammar = try Grammar.compile(graph)
            for text in inside {
                let value = try JSONValue(parsing: text)
                #expect(grammar.accepts(text) && graph.accepts(value), "\(schema) should accept \(text)")
            }
            for text in outside {
                let value = try JSONValue(parsing: text)
                #expect(!grammar.accepts(text) && !graph.accepts(value), "\(schema) should refuse \(text)")
            }
        }
    }

    @Test func extremeBoundsCompile() throws {
        let wide = try Grammar.compile(schema(.integer(IntegerBounds(minimum: Int.min, maximum: Int.max))))
        #expect(wide.accepts(String(Int.min)) && wide.accepts(String(Int.max)))
        #expect(!wide.accepts("9223372036854775808"))
        let tiny = try Grammar.compile(schema(.number(NumberBounds(minimum: .leastNonzeroMagnitude))))
        #expect(tiny.accepts("1") && !tiny.accepts("0") && !tiny.accepts("-1"))
        #expect(tiny.accepts("0." + String(repeating: "0", count: 323) + "5") && !tiny.accepts("0." + String(repeating: "0", count: 323) + "4"))
        let big = try Grammar.compile(schema(.number(NumberBounds(maximum: -1e40))))
        #expect(big.accepts("-1" + String(repeating: "0", count: 40)) && !big.accepts("-1" + String(repeating: "0", count: 39)))
        // Digit-wise comparison automata grow with the square of the bound's digits: hundreds of
        // digits are refused with a typed error, never approximated.
        #expect(throws: GrammarError.automatonTooLarge("number bounds")) {
            try Grammar.compile(schema(.number(NumberBounds(maximum: -1e300))))
        }
    }

    /// Exponent spellings under random bounds, against Foundation's `Decimal` (exact for these
    /// short spellings): every scientific spelling (`d[.ddd]e±x`, `0[.0]e±x`, exponent digits
    /// with leading zeros) is accepted exactly when its value is within the bounds; other
    /// exponent spellings (`12e3`, `0.5e1`) may be refused, but none outside the bounds is
    /// accepted.
    @Test func scientificSpellingsAgreeWithExactComparison() throws {
        var random = SplitMix64(seed: 2024)
        var accepted = 0, rejected = 0
        func digit() -> String { String(random.next() % 10) }
        for _ in 0..<40 {
            let lo = Double(decimal(&random))! * [1, 1e-4, 1e3][Int(random.next() % 3)]
            let width = Double(random.next() % 50) / 4 * [1, 1e-3, 1e4][Int(random.next() % 3)]
            let bounds = NumberBounds(
                minimum: random.next() % 4 == 0 ? nil : lo, exclusiveMinimum: random.next() % 2 == 0,
                maximum: random.next() % 4 == 0 ? nil : lo + width, exclusiveMaximum: random.next() % 2 == 0)
            let grammar = try Grammar.compile(schema(.number(bounds)))
            let minimum = bounds.minimum.map { Foundation.Decimal(string: String($0))! }
            let maximum = bounds.maximum.map { Foundation.Decimal(string: String($0))! }
            for _ in 0..<80 {
                let sign = random.next() % 2 == 0 ? "-" : ""
                let scientific = random.next() % 5 != 0
                var mantissa: String
                if scientific {
                    mantissa = random.next() % 6 == 0 ? "0" : String(1 + random.next() % 9)
                    if random.next() % 2 == 0 {
                        mantissa += "." + (0..<(1 + Int(random.next() % 3))).map { _ in mantissa == "0" ? "0" : digit() }.joined()
                    }
                } else {
                    mantissa = random.next() % 2 == 0 ? "1" + digit() : "0." + digit() + "5"
                }
                let exponentDigits = String(random.next() % 8)
                let exponent = ["", "+", "-"][Int(random.next() % 3)] + (random.next() % 4 == 0 ? "0" : "") + exponentDigits
                let text = sign + mantissa + (random.next() % 2 == 0 ? "e" : "E") + exponent
                let x = Foundation.Decimal(string: text)!
                var inside = true
                if let minimum { inside = inside && (bounds.exclusiveMinimum ? x > minimum : x >= minimum) }
                if let maximum { inside = inside && (bounds.exclusiveMaximum ? x < maximum : x <= maximum) }
                let accepts = grammar.accepts(text)
                if scientific {
                    #expect(accepts == inside, "\(text) in \(bounds)")
                } else {
                    #expect(!accepts || inside, "\(text) in \(bounds)")
                }
                if accepts { accepted += 1 } else { rejected += 1 }
            }
        }
        #expect(accepted > 400 && rejected > 400)
    }

    /// JSONSchemaBench's o57716: `1e-06` where `minimum: 0`, as Python writes a millionth.
    @Test func aMillionthAsPythonWritesIt() throws {
        let graph = try JSONSchemaImporter().importSchema(#"{"type":"number","minimum":0,"maximum":1}"#)
        let grammar = try Grammar.compile(graph)
        for text in ["1e-06", "1E-6", "2.5e-1", "0e5", "-0.0e+3", "1e0", "1.0e+00"] {
            let value = try JSONValue(parsing: text)
            #expect(grammar.accepts(text) && graph.accepts(value), "\(text)")
        }
        for text in ["-1e-06", "1.5e0", "1e1", "2e+00", "1.0000001e0"] {
            let value = try JSONValue(parsing: text)
            #expect(!grammar.accepts(text) && !graph.accepts(value), "\(text)")
        }
    }
}
