import FMSupport
import StructuredDecoding
import TestSupport
import Testing

/// Length-bounded strings count scalars beside the unbounded string automaton; they must agree
/// byte for byte with the exact automaton the regex pipeline builds for the same bounds.
@Suite struct GrammarStringLengthTests {
    static let pieces = ["a", "é", "😀", "\\n", "\\u00e9", "\\uD83D\\uDE00", "\\\"", "\"", "\\", "\\u12", "\u{1}"]

    @Test(arguments: [(0, 0), (0, 3), (1, 1), (2, 5), (3, 3)])
    func countedAgreesWithTheExactAutomaton(_ bounds: (Int, Int)) throws {
        let counted = try Grammar.compile(schema(.string(StringNode(minLength: bounds.0, maxLength: bounds.1))), options: .flexible())
        let exact = try Grammar.compile(
            schema(.string(StringNode(patterns: [pattern(#"[\s\S]*"#)], minLength: bounds.0, maxLength: bounds.1))),
            options: .flexible())
        var random = SplitMix64(seed: UInt64(bounds.0 * 10 + bounds.1))
        var checked = 0, accepted = 0
        for _ in 0..<3000 {
            var text = "\""
            for _ in 0..<Int(random.next() % 7) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            if random.next() % 3 != 0 { text += "\"" }
            var bytes = Array(text.utf8)
            if random.next() % 5 == 0, bytes.count > 2 { bytes.removeLast(Int(random.next() % 2) + 1) } // cut a scalar
            let a = counted.firstRejectedOffset(bytes), b = exact.firstRejectedOffset(bytes)
            #expect(
                a == b, "bounds \(bounds): \(String(decoding: bytes, as: UTF8.self)) counted \(String(describing: a)) exact \(String(describing: b))")
            checked += 1
            if a == nil { accepted += 1 }
        }
        #expect(accepted > 20 || bounds.1 == 0, "too few accepted samples to mean anything: \(accepted)")
        #expect(checked == 3000)
    }
}
