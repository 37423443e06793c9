import Foundation
import Testing
@testable import FoundationModels

/// The schemas the real macros write, compared with the hand-written conformances of
/// TestTypes.swift and with Apple's dialect.
@Suite struct GenerableMacroSchemaTests {
    /// Renames the macro types to the names of their hand-written twins, so the JSON compares.
    static func renamed(_ json: String) -> String {
        json.replacingOccurrences(of: "Macro", with: "")
    }

    static let table: [(name: String, macro: GenerationSchema, handWritten: GenerationSchema)] = [
        ("recursive person", MacroPerson.generationSchema, Person.generationSchema),
        ("string enum", MacroRoast.generationSchema, Roast.generationSchema),
        ("nested", MacroBean.generationSchema, Bean.generationSchema),
        ("every guide", MacroOrder.generationSchema, Order.generationSchema),
        ("mutual recursion", MacroFolder.generationSchema, Folder.generationSchema),
    ]

    @Test(arguments: 0..<table.count)
    func matchesTheHandWrittenConformance(index: Int) throws {
        let entry = Self.table[index]
        #expect(try Self.renamed(sortedJSON(entry.macro)) == sortedJSON(entry.handWritten), "\(entry.name)")
        #expect(entry.macro.unsupportedGuides.isEmpty, "\(entry.name)")
    }

    @Test func personEncodesExactlyAsApplesExample() throws {
        let expected = ##"{"additionalProperties":false,"properties":{"age":{"description":"The person's age","maximum":100,"minimum":18,"type":"integer"},"children":{"description":"The person's children","items":{"$ref":"#"},"maxItems":3,"type":"array"},"name":{"description":"The person's name","type":"string"}},"required":["children","name"],"title":"MacroPerson","type":"object","x-order":["age","children","name"]}"##
        #expect(try sortedJSON(MacroPerson.generationSchema) == expected)
    }

    @Test func encounterIsAChoiceOfObjectsDiscriminatedByType() throws {
        let json = try sortedJSON(Encounter.generationSchema)
        print(json)
    }
}
