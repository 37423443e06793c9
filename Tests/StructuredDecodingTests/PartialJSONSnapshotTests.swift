import StructuredDecoding
import Testing

/// What a cut-off document shows, case by case.
@Suite struct PartialJSONSnapshotTests {
    /// (input so far, snapshot description or nil). Open strings/containers end with `…`.
    static let cases: [(String, String?)] = [
        ("", nil), ("   ", nil), ("t", nil), ("tr", nil), ("true", "true"), ("nul", nil), ("null ", "null"),
        ("-", nil), ("-0", "-0"), ("1", "1"), ("12", "12"), ("1.", "1"), ("1.5", "1.5"), ("1.5e", "1.5"), ("1e+", "1"),
        ("1E-7", "1E-7"), ("\"", "\"…"), ("\"ab", "\"ab…"), ("\"a\\", "\"a…"), ("\"a\\n", "\"a\\n…"),
        ("\"a\\u00", "\"a…"), ("\"a\\u00e9", "\"aé…"), ("\"\\ud83d", "\"…"), ("\"\\ud83d\\", "\"…"),
        ("\"\\ud83d\\ude00", "\"😀…"), ("\"x\"", "\"x\""), ("[", "[…"), ("[1", "[1…"), ("[1,", "[1…"),
        ("[1, tr", "[1…"), ("[1, -", "[1…"), ("[1, 2.", "[1,2…"), ("[1, \"", "[1,\"……"), ("[[]", "[[]…"),
        ("[1]", "[1]"), ("{", "{…"), ("{\"", "{…"), ("{\"ke", "{…"), ("{\"key\"", "{…"), ("{\"key\" :", "{…"),
        ("{\"key\": ", "{…"), ("{\"key\": n", "{…"), ("{\"key\": \"", "{\"key\":\"……"), ("{\"key\": 4", "{\"key\":4…"),
        ("{\"key\": [", "{\"key\":[……"), ("{\"a\": 1, ", "{\"a\":1…"), ("{\"a\": 1, \"b\"", "{\"a\":1…"),
        ("{\"a\": {\"b\": [true, {\"c\": \"d", "{\"a\":{\"b\":[true,{\"c\":\"d……………"),
        ("{\"a\": 1}", "{\"a\":1}"), (" [ 1 , 2 ] ", "[1,2]"),
    ]

    @Test func snapshots() throws {
        for (input, expected) in Self.cases {
            var parser = PartialJSONParser()
            try parser.append(input)
            #expect(parser.value?.description == expected, "\(input.debugDescription)")
            #expect(PartialJSON.parse(input)?.description == expected, "\(input.debugDescription)")
        }
    }

    @Test func neverHalfACharacter() throws {
        // "é漢😀" byte by byte: the string only grows when a scalar is whole.
        var parser = PartialJSONParser()
        try parser.append("\"".utf8)
        var seen: [String] = []
        for byte in "é漢😀".utf8 {
            try parser.append([byte])
            guard case .string(let text, false) = parser.value else { Issue.record("not an open string"); return }
            if seen.last != text { seen.append(text) }
        }
        #expect(seen == ["", "é", "é漢", "é漢😀"])
    }

    @Test func valuesAndFlags() throws {
        var parser = PartialJSONParser()
        try parser.append(#"{"n": -12.5e1, "s": "x\ty", "b": false, "z": null, "a": [1, "two"]"#)
        let value = try #require(parser.value)
        #expect(!value.isComplete && !parser.isComplete)
        #expect(value["n"] == .number(text: "-12.5e1", value: -125))
        #expect(value["s"] == .string("x\ty", complete: true))
        #expect(value["b"] == .bool(false) && value["z"] == .null)
        #expect(value["a"] == .array([.number(text: "1", value: 1), .string("two", complete: true)], complete: true))
        #expect(value.members?.map(\.key) == ["n", "s", "b", "z", "a"])
        try parser.append("}")
        #expect(parser.isComplete && parser.value?.isComplete == true)
        #expect(try parser.finish() == parser.value)
    }

    @Test func topLevelNumberNeedsAnEnd() throws {
        var parser = PartialJSONParser()
        try parser.append("42")
        #expect(!parser.isComplete && parser.value == .number(text: "42", value: 42))
        #expect(try parser.finish() == .number(text: "42", value: 42))
        var spaced = PartialJSONParser()
        try spaced.append("42 ")
        #expect(spaced.isComplete)
        var cut = PartialJSONParser()
        try cut.append("4.")
        #expect(throws: PartialJSONError(.incompleteNumber("4."), at: 2)) { try cut.finish() }
    }

    @Test func duplicateKeysAreKeptInOrder() throws {
        let value = try PartialJSON.parseComplete(#"{"a": 1, "a": 2}"#)
        #expect(value.members?.count == 2 && value["a"] == .number(text: "2", value: 2))
    }
}

/// The examples in the documentation comments, checked.
@Suite struct PartialJSONDocumentationTests {
    @Test func documentedExamples() throws {
        var parser = PartialJSONParser()
        try parser.append(#"{"name": "Ca"#)
        #expect(parser.value?.description == #"{"name":"Ca……"#)
        #expect(parser.value == .object([(key: "name", value: .string("Ca", complete: false))], complete: false))
        try parser.append(#"fé", "tags": [1, 2"#)
        #expect(parser.value?.description == #"{"name":"Café","tags":[1,2……"#)
        #expect(PartialJSON.parse(#"[1, {"a": "x"#)?.description == #"[1,{"a":"x………"#)
        var readme = PartialJSONParser()
        try readme.append(#"{"name": "Ca"#)
        try readme.append(#"fé", "n": 1.5e"#)
        #expect(readme.value?.description == #"{"name":"Café","n":1.5…"#)
        try readme.append("3}")
        #expect(try readme.finish()["n"] == .number(text: "1.5e3", value: 1500))
        #expect(throws: PartialJSONError.self) { try PartialJSON.parseComplete("[1, 2") }
        do {
            _ = try PartialJSON.parseComplete(#"{"a": tru}"#)
        } catch {
            #expect(error.description == "invalid JSON at byte 9: expected `e` of `true`, found `}`")
        }
    }
}
