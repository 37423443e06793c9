import Foundation
import Testing

@testable import FoundationModels

/// `PartiallyGenerated` types the real macro writes, read from cut-off JSON as a stream
/// delivers it.
@Suite struct GenerableMacroPartialTests {
    @Test func everyPrefixOfADocumentReadsWithoutError() throws {
        let json = #"{"origin": "Kenya", "roast": "medium"}"#
        var previousOrigin = ""
        for end in json.indices.dropFirst() {
            let prefix = String(json[..<end])
            guard let content = try? GeneratedContent(json: prefix) else { continue }
            let partial = try MacroBean.PartiallyGenerated(content)
            if let origin = partial.origin {
                #expect(origin.hasPrefix(previousOrigin) || previousOrigin.hasPrefix(origin), "\(prefix)")
                previousOrigin = origin
            }
        }
        #expect(previousOrigin == "Kenya")
    }

    @Test func incompleteValuesReadAsFarAsTheyGo() throws {
        let partial = try MacroBean.PartiallyGenerated(GeneratedContent(json: #"{"origin": "Ken"#))
        #expect(partial.origin == "Ken")
        #expect(partial.roast == nil)

        // A cut-off case name is not a case yet: nil until it is complete.
        let cutCase = try MacroBean.PartiallyGenerated(GeneratedContent(json: #"{"origin": "Kenya", "roast": "med"#))
        #expect(cutCase.origin == "Kenya")
        #expect(cutCase.roast == nil)
        let wholeCase = try MacroBean.PartiallyGenerated(GeneratedContent(json: #"{"origin": "Kenya", "roast": "medium""#))
        #expect(wholeCase.roast == .medium)
    }

    @Test func nestedValuesArePartiallyGeneratedToo() throws {
        let content = try GeneratedContent(json: #"{"age": 41, "children": [{"children": [], "name": "Ad"#)
        let partial = try MacroPerson.PartiallyGenerated(content)
        #expect(partial.age == 41)
        #expect(partial.name == nil)
        let child = try #require(partial.children?.first)
        #expect(child.name == "Ad")
        #expect(child.children?.isEmpty == true)
        #expect(child.age == nil)

        let order = try MacroOrder.PartiallyGenerated(
            GeneratedContent(
                json:
                    #"{"drink": "latte", "size": "tall", "code": "AB", "ticket": "T", "shots": 2, "price": 4.5, "temperature": 1, "tip": 0.5, "extras": ["foam"], "ratings": [3], "notes": [], "beans": [{"origin": "Pe"#
            ))
        #expect(order.code == "AB")
        #expect(order.extras == ["foam"])
        #expect(order.beans?.first?.origin == "Pe")
        #expect(order.beans?.first?.roast == nil)
        #expect(order.favorite == nil)
        #expect(order.paid == nil)
    }

    @Test func completeValuesOfTheWrongShapeStillThrow() throws {
        let content = try GeneratedContent(json: #"{"origin": 12, "roast": "da"#)
        #expect(throws: GeneratedContent.ParsingError.self) {
            try MacroBean.PartiallyGenerated(content)
        }
        #expect(throws: GeneratedContent.ParsingError.self) {
            try MacroBean.PartiallyGenerated(GeneratedContent(json: #"["#))
        }
    }

    @Test func partialIdentityComesFromTheContent() throws {
        let id = GenerationID()
        var content = try GeneratedContent(json: #"{"origin": "Peru"}"#)
        content.id = id
        #expect(try MacroBean.PartiallyGenerated(content).id == id)
        let fresh = try MacroBean.PartiallyGenerated(GeneratedContent(json: #"{"origin": "Peru"}"#))
        let other = try MacroBean.PartiallyGenerated(GeneratedContent(json: #"{"origin": "Peru"}"#))
        #expect(fresh.id != other.id)
    }

    @Test func asPartiallyGeneratedCopiesEveryProperty() {
        let child = MacroPerson(age: 20, children: [], name: "Ada")
        let person = MacroPerson(age: nil, children: [child], name: "Grace")
        let partial = person.asPartiallyGenerated()
        #expect(partial.name == "Grace")
        #expect(partial.age == nil)
        #expect(partial.children?.first?.name == "Ada")
        #expect(partial.children?.first?.age == 20)
        let bean = MacroBean(origin: "Kenya", roast: .dark).asPartiallyGenerated()
        #expect(bean.origin == "Kenya" && bean.roast == .dark)
    }

    @Test func typesWithTheirOwnIDKeepIt() throws {
        let menu = try Menu.PartiallyGenerated(GeneratedContent(json: #"{"id": 7, "drinks": ["te"#))
        #expect(menu.id == 7)
        #expect(menu.drinks == ["te"])
        #expect(menu.default == nil)
    }

    @Test func enumerationsAreTheirOwnPartialType() {
        #expect(MacroRoast.PartiallyGenerated.self == MacroRoast.self)
        #expect(GuestAction.PartiallyGenerated.self == GuestAction.self)
        #expect(Expression.number(1).asPartiallyGenerated().generatedContent == Expression.number(1).generatedContent)
    }
}
