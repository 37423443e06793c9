import Foundation
import Testing

@testable import FoundationModels

/// Conversions the real macros write: content -> value -> content round trips, the errors for
/// content of the wrong shape, and the order and `null` handling of generated content.
@Suite struct GenerableMacroContentTests {
    /// JSON documents the model could produce, one per type, each read into the type and
    /// written back.
    static let roundTrips: [(name: String, json: String, read: @Sendable (GeneratedContent) throws -> GeneratedContent)] = [
        ("person", #"{"age": 40, "children": [{"children": [], "name": "Ada"}], "name": "Grace"}"#, { try MacroPerson($0).generatedContent }),
        ("roast", #""medium""#, { try MacroRoast($0).generatedContent }),
        ("bean", #"{"origin": "Kenya", "roast": "dark"}"#, { try MacroBean($0).generatedContent }),
        (
            "order",
            #"{"drink": "latte", "size": "tall", "code": "ABC-12", "ticket": "T7", "shots": 2, "price": 4.5, "temperature": 0.5, "tip": 1.25, "extras": ["foam", "syrup"], "ratings": [3, 9], "notes": ["hot"], "beans": [{"origin": "Peru", "roast": "light"}], "paid": true}"#,
            { try MacroOrder($0).generatedContent }
        ),
        ("folder", #"{"files": [{"name": "a.txt", "parent": {"files": []}}, {"name": "b.txt"}]}"#, { try MacroFolder($0).generatedContent }),
        ("encounter unlabeled", #"{"type": "orderCoffee", "value": "A latte"}"#, { try Encounter($0).generatedContent }),
        ("encounter labeled", #"{"type": "wantToTalkToManager", "complaint": "Cold"}"#, { try Encounter($0).generatedContent }),
        ("plain case", #"{"type": "wait"}"#, { try GuestAction($0).generatedContent }),
        ("two unlabeled values", #"{"type": "pay", "value": 3, "value1": 0.5}"#, { try GuestAction($0).generatedContent }),
        ("labeled values", #"{"type": "order", "drink": "mocha", "size": "dark"}"#, { try GuestAction($0).generatedContent }),
        ("optional value present", #"{"type": "leave", "review": "Lovely"}"#, { try GuestAction($0).generatedContent }),
        ("optional value absent", #"{"type": "leave"}"#, { try GuestAction($0).generatedContent }),
        (
            "recursive enum",
            #"{"type": "sum", "value": [{"type": "number", "value": 1}, {"type": "negate", "value": {"type": "number", "value": 2}}]}"#,
            { try Expression($0).generatedContent }
        ),
        (
            "enum through a struct", #"{"label": "go", "step": {"type": "next", "value": {"label": "end", "step": {"type": "stop"}}}}"#,
            { try Plan($0).generatedContent }
        ),
        ("explicit null", #"{"title": "Beans weekly", "sponsor": null}"#, { try Newsletter($0).generatedContent }),
        ("menu", #"{"id": 7, "drinks": ["tea"], "sizes": [1, 3], "code": "12-ab", "default": true, "notes": []}"#, { try Menu($0).generatedContent }),
        ("shadowed names", #"{"name": "Scone", "count": 2}"#, { try Shadowing.Item($0).generatedContent }),
        ("shadowed enum", #""sour""#, { try Shadowing.Flavor($0).generatedContent }),
        ("stated conformance", #"{"tag": "x"}"#, { try Tagged($0).generatedContent }),
        ("generic", #"{"content": 5, "labels": ["five"]}"#, { try Box<Int>($0).generatedContent }),
    ]

    @Test(arguments: 0..<roundTrips.count)
    func contentRoundTrips(index: Int) throws {
        let entry = Self.roundTrips[index]
        let content = try GeneratedContent(json: entry.json)
        let written = try entry.read(content)
        #expect(written == content, "\(entry.name)")
        #expect(written.jsonString == content.jsonString, "\(entry.name)")
    }

    @Test func valuesAreReadIntoTheRightProperties() throws {
        let person = try MacroPerson(GeneratedContent(json: #"{"children": [{"age": 20, "children": [], "name": "Ada"}], "name": "Grace"}"#))
        #expect(person.age == nil)
        #expect(person.name == "Grace")
        #expect(person.children.map(\.name) == ["Ada"])
        #expect(person.children.first?.age == 20)

        let action = try GuestAction(GeneratedContent(json: #"{"type": "order", "drink": "mocha", "size": "dark"}"#))
        guard case .order(let drink, let size) = action else { Issue.record("read \(action)"); return }
        #expect(drink == "mocha" && size == .dark)

        let expression = try Expression(GeneratedContent(json: #"{"type": "negate", "value": {"type": "number", "value": 4}}"#))
        guard case .negate(let inner) = expression, case .number(let number) = inner else { Issue.record("read \(expression)"); return }
        #expect(number == 4)
    }

    @Test func generatedContentKeepsDeclarationOrderAndLeavesNilOut() {
        let person = MacroPerson(age: nil, children: [], name: "Ada")
        #expect(person.generatedContent.jsonString == #"{"children": [], "name": "Ada"}"#)
        let older = MacroPerson(age: 30, children: [], name: "Ada")
        #expect(older.generatedContent.jsonString == #"{"age": 30, "children": [], "name": "Ada"}"#)
        #expect(Newsletter(title: "T", sponsor: nil).generatedContent.jsonString == #"{"title": "T", "sponsor": null}"#)
        #expect(GuestAction.leave(review: nil).generatedContent.jsonString == #"{"type": "leave"}"#)
        #expect(GuestAction.pay(1, 2.5).generatedContent.jsonString == #"{"type": "pay", "value": 1, "value1": 2.5}"#)
        #expect(MacroRoast.dark.generatedContent.jsonString == #""dark""#)
    }

    @Test func propertiesTheMacroLeavesAloneAreNotGenerated() throws {
        let menu = try Menu(GeneratedContent(json: #"{"id": 1, "drinks": [], "sizes": [], "code": "1-a", "default": false, "notes": ["x"]}"#))
        #expect(menu.version == 2)
        #expect(menu.notes == ["x"])
        guard case .object(let object) = Menu.generationSchema.root else { Issue.record("not an object"); return }
        #expect(object.properties.map(\.name) == ["id", "drinks", "sizes", "code", "default", "notes"])
    }

    static let badContent: [(name: String, json: String, read: @Sendable (GeneratedContent) throws -> Void, mentions: String)] = [
        ("missing property", #"{"children": []}"#, { _ = try MacroPerson($0) }, "name"),
        ("wrong kind", #"{"children": [], "name": 3}"#, { _ = try MacroPerson($0) }, "string"),
        ("unknown string case", #""burnt""#, { _ = try MacroRoast($0) }, "burnt"),
        ("unknown object case", #"{"type": "dance"}"#, { _ = try GuestAction($0) }, "dance"),
        ("missing discriminator", #"{"value": 3}"#, { _ = try GuestAction($0) }, "type"),
        ("missing associated value", #"{"type": "pay", "value": 3}"#, { _ = try GuestAction($0) }, "value1"),
        ("not a structure", #"[1, 2]"#, { _ = try MacroBean($0) }, "structure"),
    ]

    @Test(arguments: 0..<badContent.count)
    func contentOfTheWrongShapeThrowsAParsingError(index: Int) throws {
        let entry = Self.badContent[index]
        let content = try GeneratedContent(json: entry.json)
        let result = Result { () throws(any Error) in try entry.read(content) }
        guard case .failure(let error) = result else { Issue.record("\(entry.name): no error"); return }
        guard let context = error as? GeneratedContent.ParsingError else {
            Issue.record("\(entry.name): \(error)"); return
        }
        #expect(context.debugDescription.contains(entry.mentions), "\(entry.name): \(context.debugDescription)")
    }
}
