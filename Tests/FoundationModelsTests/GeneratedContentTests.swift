import Foundation
import Testing

@testable import FoundationModels

@Suite struct GeneratedContentTests {
    @Test func jsonStringUsesApplesSeparatorsOrderAndEscapes() {
        let content = GeneratedContent(properties: [
            "zeta": "a/b \"q\" \n\u{1}é",
            "alpha": [1, 2.5, -3] as [Double],
            "nested": GeneratedContent(properties: ["ok": true, "none": GeneratedContent(kind: .null)]),
            "empty": [String](),
        ])
        #expect(content.jsonString == ##"{"zeta": "a/b \"q\" \n\u0001é", "alpha": [1, 2.5, -3], "nested": {"ok": true, "none": null}, "empty": []}"##)
        #expect(GeneratedContent(properties: [:]).jsonString == "{}")
        #expect(GeneratedContent(42).jsonString == "42")
        #expect(GeneratedContent(0.1).jsonString == "0.1")
        #expect(GeneratedContent(Float(0.1)).jsonString == "0.1")
        #expect(GeneratedContent(kind: .number(.infinity)).jsonString == "null")
        #expect(content.debugDescription == content.jsonString)
    }

    @Test func parsesCompleteJSONKeepingOrder() throws {
        let text = ##"{"b": [true, null, {"x": 1e2}], "a": "tab\there", "b2": -0.5}"##
        let content = try GeneratedContent(json: text)
        #expect(content.isComplete)
        #expect(content.jsonString == ##"{"b": [true, null, {"x": 100}], "a": "tab\there", "b2": -0.5}"##)
        guard case .structure(_, let keys) = content.kind else { Issue.record("not a structure"); return }
        #expect(keys == ["b", "a", "b2"])
        #expect(try content.value(String.self, forProperty: "a") == "tab\there")
        #expect(try content.value(Double.self, forProperty: "b2") == -0.5)
        #expect(try GeneratedContent(json: " 12 ").kind == .number(12))
        #expect(try GeneratedContent(json: "12").isComplete)
    }

    @Test(arguments: [
        ##"{"name": "Mochi", "age": 3, "tags": ["calm", "fluffy"], "owner": {"name": "Ana", "verified": true, "pet": null}}"##,
        ##"[{"q": "Why\u00e9?", "choices": ["a", "b"]}, {"q": "\"ok\"", "choices": []}, 1.25, false]"##,
        ##"{"text": "Line\nbreak ✓ 😀", "n": -12.5e-1}"##,
    ])
    func everyPrefixParsesAndIsIncompleteUntilTheEnd(document: String) throws {
        let whole = try GeneratedContent(json: document)
        #expect(whole.isComplete)
        var previous: GeneratedContent?
        for end in document.indices.dropFirst() {
            let prefix = String(document[..<end])
            let partial = try GeneratedContent(json: prefix)
            #expect(!partial.isComplete, "prefix \(prefix) should be incomplete")
            // The snapshot's JSON is itself valid, complete JSON.
            _ = try GeneratedContent(json: partial.jsonString)
            previous = partial
        }
        #expect(previous != nil)
    }

    @Test func partialSnapshotsShowContentSoFar() throws {
        let open = try GeneratedContent(json: ##"{"name": "Moch"##)
        #expect(open.jsonString == ##"{"name": "Moch"}"##)
        #expect(!open.isComplete)
        let pendingKey = try GeneratedContent(json: ##"{"name": "Mochi", "ag"##)
        #expect(pendingKey.jsonString == ##"{"name": "Mochi"}"##)
        guard case .structure(let properties, _) = pendingKey.kind else { Issue.record("not a structure"); return }
        #expect(properties["name"]?.isComplete == true)
        let openString = try GeneratedContent(json: ##"["ab"##)
        guard case .array(let elements) = openString.kind else { Issue.record("not an array"); return }
        #expect(elements.first?.isComplete == false)
    }

    @Test func invalidJSONThrowsDecodingFailure() {
        for text in ["", "   ", "tr", ##"{"a" 1}"##, ##"{"a": 1} x"##, "[1,]"] {
            #expect(throws: GeneratedContent.ParsingError.self, "\(text)") { try GeneratedContent(json: text) }
        }
    }

    @Test func valuesAndConversions() throws {
        let content = GeneratedContent(properties: [
            "count": 3, "ratio": 0.5, "flag": true, "list": ["a", "b"], "nothing": GeneratedContent(kind: .null),
        ])
        #expect(try content.value(Int.self, forProperty: "count") == 3)
        #expect(try content.value(Decimal.self, forProperty: "ratio") == Decimal(string: "0.5"))
        #expect(try content.value(Float.self, forProperty: "ratio") == 0.5)
        #expect(try content.value(Bool.self, forProperty: "flag"))
        #expect(try content.value([String].self, forProperty: "list") == ["a", "b"])
        #expect(try content.value(String?.self, forProperty: "missing") == nil)
        #expect(try content.value(String?.self, forProperty: "nothing") == nil)
        #expect(throws: GeneratedContent.ParsingError.self) { try content.value(String.self, forProperty: "missing") }
        #expect(throws: GeneratedContent.ParsingError.self) { try content.value(Int.self, forProperty: "ratio") }
        #expect(throws: GeneratedContent.ParsingError.self) { try GeneratedContent("x").value(Int.self, forProperty: "a") }
        #expect(throws: GeneratedContent.ParsingError.self) { try Never(GeneratedContent("x")) }
        #expect(Optional<Int>.none.generatedContent.kind == .null)
    }

    @Test func propertiesKeepFirstPositionAndCombineDuplicates() {
        let pairs: [(String, any ConvertibleToGeneratedContent)] = [("a", 1), ("b", 2), ("a", 3)]
        let summed = GeneratedContent(properties: pairs) { old, new in
            (try! old.value(Int.self)) + (try! new.value(Int.self))
        }
        #expect(summed.jsonString == ##"{"a": 4, "b": 2}"##)
        let elements = GeneratedContent(elements: ["x", 1, true] as [any ConvertibleToGeneratedContent])
        #expect(elements.jsonString == ##"["x", 1, true]"##)
    }

    @Test func identityTakesPartInEquality() throws {
        let id = GenerationID()
        #expect(GeneratedContent("a", id: id).id == id)
        #expect(GeneratedContent("a", id: id) == GeneratedContent("a", id: id))
        #expect(GeneratedContent("a", id: id) != GeneratedContent("a"))
        #expect(GenerationID() != GenerationID())
        let person = Person(age: nil, children: [Person(age: 30, children: [], name: "Kid")], name: "Ana")
        #expect(person.generatedContent.jsonString == ##"{"age": null, "children": [{"age": 30, "children": [], "name": "Kid"}], "name": "Ana"}"##)
        #expect(try Person(person.generatedContent).children.first?.age == 30)
        #expect(person.asPartiallyGenerated().name == "Ana")
    }
}
