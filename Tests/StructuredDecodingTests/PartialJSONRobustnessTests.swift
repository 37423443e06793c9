import FMSupport
import Foundation
import StructuredDecoding
import TestSupport
import Testing

/// Seeded random inputs: the parser never traps, and on valid/invalid it agrees with Foundation.
@Suite struct PartialJSONRobustnessTests {
    static let seeds = PartialJSONPrefixTests.documents

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix64(seed: 77)
        let alphabet = Array(#"{}[]:,"\ 0123456789-+.eEtrufalsn\u/"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var parser = PartialJSONParser()
            _ = try? parser.append(bytes)
            _ = parser.value
            _ = try? parser.finish()
        }
    }

    /// One-byte mutations of valid documents: our strict verdict equals Foundation's, and when
    /// both accept, the values are the same. Two known Foundation (Linux) deviations from RFC 8259
    /// are excused: it accepts trailing commas (`[1,]`), and it rejects numbers beyond `Double`'s
    /// range, which the grammar allows (we keep their text; the value is infinite).
    @Test func mutationsAgreeWithFoundation() throws {
        var generator = SplitMix64(seed: 2024)
        let replacements = Array(#"{}[]:,"\ 019-+.eExtfnu"#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var accepted = 0
        var rejected = 0
        for document in Self.seeds {
            let original = Array(document.utf8)
            for _ in 0..<400 {
                var bytes = original
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = replacements[Int(generator.next() % UInt64(replacements.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(replacements[Int(generator.next() % UInt64(replacements.count))], at: position)
                }
                let ours = try? PartialJSON.parseComplete(bytes: bytes)
                let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
                if let ours, let theirs {
                    accepted += 1
                    #expect(sameValue(ours, theirs), "\(String(decoding: bytes, as: UTF8.self))")
                } else if let ours, ours.containsInfiniteNumber {
                    accepted += 1
                } else if theirs != nil, Self.hasTrailingComma(bytes) {
                    rejected += 1
                } else {
                    rejected += 1
                    #expect(
                        ours == nil && theirs == nil,
                        "disagree (ours \(ours != nil), Foundation \(theirs != nil)): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(accepted > 100 && rejected > 100)
    }

    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).range(of: #",\s*[\]}]"#, options: .regularExpression) != nil
    }
}

extension PartialJSONValue {
    var containsInfiniteNumber: Bool {
        switch self {
        case .number(_, let value): value.isInfinite
        case .array(let items, _): items.contains { $0.containsInfiniteNumber }
        case .object(let members, _): members.contains { $0.value.containsInfiniteNumber }
        default: false
        }
    }
}
