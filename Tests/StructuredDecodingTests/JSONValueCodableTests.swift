import Foundation
import Testing

@testable import StructuredDecoding

/// `JSONValue` through `JSONEncoder` and `JSONDecoder`: inside a `Codable` type, numbers as
/// integers or doubles, keys as strings.
@Suite struct JSONValueCodableTests {
    /// A `Codable` type holding a JSON value, as a tool call's arguments would.
    struct Call: Codable, Equatable {
        var name: String
        var arguments: JSONValue
    }

    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func encodesEveryKindInsideACodableType() throws {
        let arguments = try JSONValue(parsing: #"{"z": [1, -2, 18446744073709551615, 2.5, true, null, "a/b"], "a": {}}"#)
        let text = try Self.encoded(Call(name: "f", arguments: arguments))
        #expect(text == #"{"arguments":{"a":{},"z":[1,-2,18446744073709551615,2.5,true,null,"a/b"]},"name":"f"}"#)
    }

    @Test func decodesWhatItEncodes() throws {
        let call = Call(name: "f", arguments: try JSONValue(parsing: #"{"list": [1, 2.5, false, null, "x", [], {}], "n": -7}"#))
        let again = try JSONDecoder().decode(Call.self, from: Data(try Self.encoded(call).utf8))
        #expect(again.name == "f")
        #expect(again.arguments["list"] == call.arguments["list"])
        #expect(again.arguments["n"] == .number("-7"))
        #expect(again.arguments.keys.sorted() == ["list", "n"], "keys come back in the decoder's order")
    }

    @Test func decodesNumbersAsIntegersOrDoubles() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"[0, -12, 18446744073709551615, 0.25, 1e3]"#.utf8))
        #expect(value == .array([.number("0"), .number("-12"), .number("18446744073709551615"), .number("0.25"), .number("1000")]))
    }

    @Test func aNumberNoDoubleHoldsIsAnEncodingError() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.array([.number("1e400")])) }
    }

    /// A `Decimal` for the numbers a `Double` would respell, at every depth: `JSONEncoder` then
    /// writes the text as it is.
    struct KeepingDecimals: Encodable {
        var value: JSONValue
        func encode(to encoder: any Encoder) throws {
            try value.encode(to: encoder) { text in Decimal(string: text).flatMap { $0.description == text ? $0 : nil } }
        }
    }

    @Test func numbersTheRuleGivesAValueForAreEncodedAsThatValueAtEveryDepth() throws {
        let value = try JSONValue(parsing: #"{"a": [0.0000001, 1e-7, {"b": 1000000000000000000000}], "c": 2}"#)
        #expect(try Self.encoded(value) == #"{"a":[1e-07,1e-07,{"b":1e+21}],"c":2}"#)
        #expect(try Self.encoded(KeepingDecimals(value: value)) == #"{"a":[0.0000001,1e-07,{"b":1000000000000000000000}],"c":2}"#)
    }

    @Test func membersReachTheKeyedContainerInWrittenOrder() throws {
        let value = JSONValue.members([("b", .integer(1)), ("a", .integer(2)), ("c", .integer(3))])
        let recorder = KeyRecorder()
        try value.encode(to: recorder)
        #expect(recorder.keys.keys == ["b", "a", "c"])
    }
}
