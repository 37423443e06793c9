import Foundation
import StructuredDecoding
import Testing

/// Strict complete parsing: typed errors with offsets, and agreement with Foundation on what is
/// valid JSON.
@Suite struct PartialJSONStrictTests {
    static let invalid: [(String, PartialJSONError.Reason, Int)] = [
        ("", .unexpectedEnd, 0), ("   ", .unexpectedEnd, 3), ("[1, 2", .unexpectedEnd, 5),
        ("{\"a\": tru}", .unexpectedByte(UInt8(ascii: "}"), expected: "`e` of `true`"), 9),
        ("[1,]", .unexpectedByte(UInt8(ascii: "]"), expected: "a value"), 3),
        ("[1 2]", .unexpectedByte(UInt8(ascii: "2"), expected: "`,` or `]`"), 3),
        ("{\"a\" 1}", .unexpectedByte(UInt8(ascii: "1"), expected: "`:`"), 5),
        ("{1: 2}", .unexpectedByte(UInt8(ascii: "1"), expected: "a key string or `}`"), 1),
        ("{\"a\": 1,}", .unexpectedByte(UInt8(ascii: "}"), expected: "a key string"), 8),
        ("[1]]", .unexpectedByte(UInt8(ascii: "]"), expected: "the end of the input"), 3),
        ("1 2", .unexpectedByte(UInt8(ascii: "2"), expected: "the end of the input"), 2),
        ("01", .leadingZero, 1), ("-", .incompleteNumber("-"), 1), ("[-]", .incompleteNumber("-"), 2),
        ("1.e5", .incompleteNumber("1."), 2), ("[1e]", .incompleteNumber("1e"), 3), ("+1", .unexpectedByte(0x2B, expected: "a value"), 0),
        (".5", .unexpectedByte(0x2E, expected: "a value"), 0), ("NaN", .unexpectedByte(0x4E, expected: "a value"), 0),
        ("\"a\nb\"", .controlCharacterInString(0x0A), 2), ("\"\\x\"", .invalidEscape(UInt8(ascii: "x")), 2),
        ("\"\\u12G4\"", .invalidUnicodeEscape(UInt8(ascii: "G")), 5), ("\"\\ud800\"", .unpairedSurrogate, 7),
        ("\"\\ud800\\n\"", .unpairedSurrogate, 8), ("\"\\udc00\"", .unpairedSurrogate, 6),
        ("\"\\ud800\\u0041\"", .unpairedSurrogate, 12), ("'a'", .unexpectedByte(0x27, expected: "a value"), 0),
        ("[true false]", .unexpectedByte(UInt8(ascii: "f"), expected: "`,` or `]`"), 6),
    ]

    @Test func errorsNameTheProblemAndOffset() {
        for (text, reason, offset) in Self.invalid {
            #expect(throws: PartialJSONError(reason, at: offset), "\(text.debugDescription)") {
                try PartialJSON.parseComplete(text)
            }
            // Foundation (Linux) accepts trailing commas, which RFC 8259 forbids.
            if !PartialJSONRobustnessTests.hasTrailingComma(Array(text.utf8)) {
                #expect(Self.foundationRejects(Array(text.utf8)), "Foundation accepts \(text.debugDescription)")
            }
        }
        #expect(PartialJSONError(.leadingZero, at: 1).description == "invalid JSON at byte 1: number with a leading zero")
    }

    @Test func invalidUTF8() {
        let cases: [([UInt8], Int)] = [
            ([0x22, 0xC3, 0x28, 0x22], 2), ([0x22, 0xED, 0xA0, 0x80, 0x22], 2),
            ([0x22, 0xC0, 0xAF, 0x22], 1), ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),
            ([0x22, 0xFF, 0x22], 1), ([0x5B, 0xC3, 0xA9, 0x5D], 1),
        ]
        for (bytes, offset) in cases {
            do {
                _ = try PartialJSON.parseComplete(bytes: bytes)
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.offset == offset, "\(bytes): \(error)")
            }
        }
    }

    @Test func errorsAreSticky() throws {
        var parser = PartialJSONParser()
        #expect(throws: PartialJSONError.self) { try parser.append("[1 x") }
        #expect(parser.value == nil)
        #expect(throws: PartialJSONError(.unexpectedByte(UInt8(ascii: "x"), expected: "`,` or `]`"), at: 3)) {
            try parser.append("]")
        }
        #expect(throws: PartialJSONError.self) { try parser.finish() }
    }

    @Test func nestingLimit() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: PartialJSONError(.nestingTooDeep(limit: 512), at: 512)) { try PartialJSON.parseComplete(deep) }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try PartialJSON.parseComplete(fine).isComplete)
        #expect(throws: PartialJSONError.self) { try PartialJSON.parseComplete("[[[]]]", maxDepth: 2) }
    }

    static func foundationRejects(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil
    }
}
