import StructuredDecoding
import Testing

@testable import OpenAIWire

@Suite("WireField.parse: the shared JSON value on the wire")
struct WireParsingTests {
    @Test("members keep their order; numbers keep their text; the writer is compact")
    func orderAndNumbers() throws {
        let value = try WireField.parse(#" {"z": 1, "a": [true, null, -0.50, 1e-7, 18446744073709551615], "m": "x"} "#)
        #expect(value.keys == ["z", "a", "m"])
        #expect(value.compactText == #"{"z":1,"a":[true,null,-0.50,1e-7,18446744073709551615],"m":"x"}"#)
        #expect(try WireField.parse(value.compactText) == value)
    }

    @Test("a repeated key keeps its first position and its last value")
    func repeatedKeys() throws {
        let value = try WireField.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.keys == ["a", "b"])
        #expect(value["a"] == .number("3"))
        #expect(WireField(value).member("a")?.value == .number("3"), "a field reads the last value too")
    }

    @Test("strings: escapes read, surrogate pairs joined, written back escaped")
    func strings() throws {
        let value = try WireField.parse(#""tab\there \"q\" \\ \/ \u00e9 \ud83d\ude00 \u0001""#)
        #expect(value == .string("tab\there \"q\" \\ / é 😀 \u{01}"))
        #expect(value.compactText == #""tab\there \"q\" \\ / é 😀 \u0001""#)
        #expect(try WireField.parse(value.compactText) == value)
    }

    @Test(
        "bad text is a syntax error with its byte offset",
        arguments: [
            (#"{"a": 1,"#, 8), (#"[1, 2"#, 5), (#"{"a" 1}"#, 5), ("01", 1), ("-", 1), ("1.", 2), ("tru", 3), (#""\x""#, 2),
            (#""\ud800""#, 7), ("\"a\u{01}\"", 2), (#"{} x"#, 3), ("", 0), (#"{"a": }"#, 6),
        ])
    func syntaxErrors(text: String, offset: Int) {
        #expect(throws: WireDecodingError.self) { try WireField.parse(text) }
        do {
            _ = try WireField.parse(text)
        } catch {
            #expect(error.kind == .syntax(offset: offset), "\(error.message)")
            #expect(error.path == nil)
            #expect(error.message.hasPrefix("Invalid JSON at byte \(offset): "))
        }
    }

    @Test("nesting deeper than the limit is refused, not a crash")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        #expect(throws: WireDecodingError.self) { try WireField.parse(deep) }
        let fits = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(try WireField.parse(fits).compactText == fits)
    }

    @Test("doubles are written briefly, integral ones without a fraction, non-finite as null")
    func doubles() {
        #expect(JSONValue.double(0.5).compactText == "0.5")
        #expect(JSONValue.double(2).compactText == "2")
        #expect(JSONValue.double(.nan).compactText == "null")
        #expect(JSONValue.integer(UInt64.max).compactText == "18446744073709551615")
        #expect(JSONValue.members([("a", nil), ("b", .bool(false))]).compactText == #"{"b":false}"#)
    }
}
