import Foundation
import Testing

@testable import FoundationModels

/// `@Generable(name:)` (27.0): the schema carries the given name, and is otherwise the schema
/// the type would have under its own name, recursion and every guide included.
@Suite struct GenerableNamedSchemaTests {
    /// `json` with each pair's first name written as the second.
    static func renamed(_ json: String, _ names: [(String, String)]) -> String {
        names.reduce(json) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    static let table: [(name: String, named: GenerationSchema, twin: GenerationSchema, renames: [(String, String)])] = [
        ("recursive person", NamedPerson.generationSchema, MacroPerson.generationSchema, []),
        ("every guide", NamedOrder.generationSchema, MacroOrder.generationSchema, []),
        (
            "mutual recursion, from the named type", NamedFolder.generationSchema, MacroFolder.generationSchema,
            [("MacroFolder", "Directory"), ("MacroFile", "NamedFile")]
        ),
        (
            "mutual recursion, from the other type", NamedFile.generationSchema, MacroFile.generationSchema,
            [("MacroFolder", "Directory"), ("MacroFile", "NamedFile")]
        ),
        ("string enumeration", NamedRoast.generationSchema, MacroRoast.generationSchema, [("MacroRoast", "Roast level")]),
        ("cases with values", NamedEncounter.generationSchema, Encounter.generationSchema, [("Encounter", "Visit")]),
        ("explicit nil", NamedSparse.generationSchema, MacroSparse.generationSchema, [("MacroSparse", "Sparse")]),
    ]

    @Test(arguments: 0..<table.count)
    func equalsTheTwinUnderTheGivenName(index: Int) throws {
        let entry = Self.table[index]
        #expect(try sortedJSON(entry.named) == Self.renamed(sortedJSON(entry.twin), entry.renames), "\(entry.name)")
        #expect(entry.named.unsupportedGuides.isEmpty, "\(entry.name): \(entry.named.unsupportedGuides)")
    }

    @Test func nameIsTheGivenOne() throws {
        #expect(NamedPerson.generationSchema.name == "MacroPerson")
        #expect(NamedFolder.generationSchema.name == "Directory")
        #expect(NamedRoast.generationSchema.name == "Roast level")
        #expect(NamedEncounter.generationSchema.name == "Visit")
        // A type that holds a named one refers to it by the given name.
        #expect(try sortedJSON(NamedFile.generationSchema).contains(##""$ref":"#/$defs/Directory""##))
    }

    /// Content and conversions do not depend on the name: a value generated under the named
    /// schema converts to the type and back.
    @Test func contentRoundTrips() throws {
        let json = #"{"age": 30, "children": [{"children": [], "name": "Ana"}], "name": "Bo"}"#
        let person = try NamedPerson(GeneratedContent(json: json))
        #expect(person.name == "Bo" && person.age == 30 && person.children.map(\.name) == ["Ana"])
        #expect(try NamedPerson(person.generatedContent).children.first?.name == "Ana")
        #expect(try NamedEncounter(GeneratedContent(json: #"{"type": "orderCoffee", "value": "latte"}"#)).isOrder)
        #expect(NamedSparse(note: nil, count: 2).generatedContent.jsonString == #"{"note": null, "count": 2}"#)
    }

    /// The named schema lowers to the decoder's graph exactly as its twin does: a request
    /// constrains the model the same way under either name.
    @Test func lowersLikeTheTwin() throws {
        let named = try NamedOrder.generationSchema.decodingGraph()
        let twin = try MacroOrder.generationSchema.decodingGraph()
        #expect(String(describing: named) == String(describing: twin))
        let person = try NamedPerson.generationSchema.decodingGraph()
        #expect(String(describing: person) == String(describing: try MacroPerson.generationSchema.decodingGraph()))
    }
}

extension NamedEncounter {
    fileprivate var isOrder: Bool {
        if case .orderCoffee("latte") = self { return true }
        return false
    }
}
