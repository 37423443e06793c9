import Testing

@testable import StructuredDecoding

@Suite("JSONValue: building, reading and the compact text")
struct JSONValueBuildingTests {
    @Test("integers stay whole; doubles are brief, integral ones without a fraction, non-finite null")
    func numbers() {
        #expect(JSONValue.integer(UInt64.max) == .number("18446744073709551615"))
        #expect(JSONValue.integer(-3) == .number("-3"))
        #expect(JSONValue.double(0.5) == .number("0.5"))
        #expect(JSONValue.double(2) == .number("2"))
        #expect(JSONValue.double(1e15) == .number("1000000000000000.0"))
        #expect(JSONValue.double(.nan) == .null)
        #expect(JSONValue.double(-.infinity) == .null)
    }

    @Test("members(_:) leaves out nil values and keeps the order")
    func membersBuilder() {
        let value = JSONValue.members([("b", .bool(false)), ("a", nil), ("c", .null)])
        #expect(value == .object([JSONMember("b", .bool(false)), JSONMember("c", .null)]))
        #expect(value.compactText == #"{"b":false,"c":null}"#)
        #expect(JSONText.text(value) == #"{"b": false, "c": null}"#)
    }

    @Test("a repeated key: every member kept, listed once in keys at its first position, its last value read")
    func repeatedKeys() throws {
        let value = try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.members.map(\.key) == ["a", "b", "a"])
        #expect(value.keys == ["a", "b"])
        #expect(value["a"] == .number("3"))
        #expect(value.compactText == #"{"a":1,"b":2,"a":3}"#)
    }

    @Test("accessors answer for the right case only")
    func accessors() {
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.number("1").stringValue == nil)
        #expect(JSONValue.null.isNull && !JSONValue.bool(false).isNull)
        #expect(JSONValue.array([.null]).keys.isEmpty && JSONValue.string("k").members.isEmpty)
        #expect(JSONValue.array([.null]).arrayValue == [.null] && JSONValue.object([]).arrayValue == nil)
        #expect(JSONValue.number("3").intValue == 3 && JSONValue.number("-3.0").intValue == -3 && JSONValue.number("1e2").intValue == 100)
        #expect(JSONValue.number("2.5").intValue == nil && JSONValue.number("1e19").intValue == nil && JSONValue.string("3").intValue == nil)
    }

    @Test("sortingKeys() sorts every object's members by key at every depth and keeps arrays' order")
    func sortingKeys() throws {
        let value = try JSONValue(parsing: #"{"b": [{"y": 1, "x": 2}, 3], "a": {"d": null, "c": true}, "B": 0}"#)
        #expect(value.sortingKeys().compactText == #"{"B":0,"a":{"c":true,"d":null},"b":[{"x":2,"y":1},3]}"#)
        #expect(JSONValue.array([.number("2"), .number("1")]).sortingKeys() == .array([.number("2"), .number("1")]))
    }

    @Test("the compact text keeps numbers as written and escapes only what JSON requires")
    func compactText() throws {
        let value = try JSONValue(parsing: #" {"z": 1, "a": [true, null, -0.50, 1e-7], "m": "é\/\u0001"} "#)
        #expect(value.compactText == #"{"z":1,"a":[true,null,-0.50,1e-7],"m":"é/\u0001"}"#)
        #expect(try JSONValue(parsing: value.compactText) == value)
    }

    @Test("nesting up to maximumDepth parses; one level more is a typed error at its byte")
    func depthLimit() throws {
        let depth = JSONValue.maximumDepth
        let fits = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONValue(parsing: fits).compactText == fits)
        let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(throws: PartialJSONError.self) { try JSONValue(parsing: deep) }
        do {
            _ = try JSONValue(parsing: deep)
        } catch {
            #expect(error.reason == .nestingTooDeep(limit: depth))
            #expect(error.offset == depth)
        }
    }
}
