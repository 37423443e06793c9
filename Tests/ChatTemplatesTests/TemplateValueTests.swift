import ChatTemplates
import Testing

@Suite("TemplateValue and TemplateObject")
struct TemplateValueTests {
    @Test func objectKeepsInsertionOrder() {
        var object = TemplateObject([("b", 1), ("a", 2)])
        object["c"] = 3
        object["b"] = 4
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == 4)
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object.count == 2)
    }

    @Test func repeatedKeysKeepFirstPositionAndLastValue() {
        let object = TemplateObject([("k", 1), ("j", 2), ("k", 3)])
        #expect(object.keys == ["k", "j"])
        #expect(object["k"] == 3)
    }

    @Test func objectEqualityIgnoresOrder() {
        #expect(TemplateObject([("a", 1), ("b", 2)]) == TemplateObject([("b", 2), ("a", 1)]))
        #expect(Set([TemplateValue.object(TemplateObject([("a", 1), ("b", 2)])), .object(TemplateObject([("b", 2), ("a", 1)]))]).count == 1)
    }

    @Test func literals() {
        let value: TemplateValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1, "two"]]
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["s", "i", "d", "b", "n", "a"])
        #expect(object["n"] == TemplateValue.none)
        #expect(object["a"] == .array([.integer(1), .string("two")]))
    }

    @Test func jsonKeepsKeyOrderAndNumberKinds() throws {
        let value = try TemplateValue(jsonText: #" {"z": 1, "a": [1.0, 2e3, -0, 1.5], "m": {"y": null, "x": true}, "s": "\u00e9\n\ud83d\ude00"} "#)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["z", "a", "m", "s"])
        #expect(object["a"] == .array([.double(1.0), .double(2000), .integer(0), .double(1.5)]))
        guard case .object(let inner)? = object["m"] else { Issue.record("not an object"); return }
        #expect(inner.keys == ["y", "x"])
        #expect(object["s"] == .string("é\n😀"))
        #expect(try TemplateValue(jsonText: "12345678901234567890") == .double(12345678901234567890))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"unterminated", "01", "[1] 2", "\"\\x\"", "{\"a\":1,}"])
    func jsonErrors(_ text: String) {
        #expect(throws: ChatTemplateError.self) { try TemplateValue(jsonText: text) }
        do {
            _ = try TemplateValue(jsonText: text)
        } catch {
            #expect(error.kind == .json)
        }
    }

    @Test func jsonNestingIsCapped() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: ChatTemplateError.self) { try TemplateValue(jsonText: deep) }
    }

    @Test func errorDescriptionNamesTheLine() {
        let error = ChatTemplateError(kind: .raised, message: "boom", line: 12)
        #expect(error.description == "chat template line 12: boom")
    }
}
