import Testing

@testable import StructuredDecoding

/// The JSON writers of the one JSON value: Apple's layout, compact, and the multi-line layout
/// `fm inspect --json` prints; each reads back as the value it wrote.
@Suite struct JSONTextTests {
    static let value = try! JSONValue(parsing: #"{"a": [1, "x\n", null], "b": {}, "c": [], "d": {"e": true, "f": -2.50e3}}"#)

    @Test func appleAndCompactLayouts() throws {
        #expect(JSONText.text(Self.value) == #"{"a": [1, "x\n", null], "b": {}, "c": [], "d": {"e": true, "f": -2.50e3}}"#)
        #expect(JSONText.text(Self.value, separators: .compact) == #"{"a":[1,"x\n",null],"b":{},"c":[],"d":{"e":true,"f":-2.50e3}}"#)
    }

    @Test func theMultiLineLayout() throws {
        let expected = """
            {
             "a": [
              1,
              "x\\n",
              null
             ],
             "b": {},
             "c": [],
             "d": {
              "e": true,
              "f": -2.50e3
             }
            }
            """
        #expect(JSONText.pretty(Self.value) == expected)
        #expect(try JSONValue(parsing: JSONText.pretty(Self.value)) == Self.value)
        #expect(try JSONValue(parsing: JSONText.pretty(Self.value, indent: "\t")) == Self.value)
        #expect(JSONText.pretty(.string("é")) == #""é""#)
    }
}
