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
        let expected =
            ##"{"additionalProperties":false,"properties":{"age":{"description":"The person's age","maximum":100,"minimum":18,"type":"integer"},"children":{"description":"The person's children","items":{"$ref":"#"},"maxItems":3,"type":"array"},"name":{"description":"The person's name","type":"string"}},"required":["children","name"],"title":"MacroPerson","type":"object","x-order":["age","children","name"]}"##
        #expect(try sortedJSON(MacroPerson.generationSchema) == expected)
    }

    /// The per-case object of an enumeration with associated values.
    static func caseObject(_ type: String, _ name: String, _ properties: String, required: [String], order: [String]) -> String {
        let requiredList = required.map { "\"\($0)\"" }.joined(separator: ",")
        let orderList = order.map { "\"\($0)\"" }.joined(separator: ",")
        let members = properties.isEmpty ? "" : "," + properties
        return
            #"{"additionalProperties":false,"properties":{"type":{"enum":["\#(name)"],"type":"string"}\#(members)},"required":[\#(requiredList)],"title":"\#(type).\#(name)","type":"object","x-order":[\#(orderList)]}"#
    }

    static let enumTable: [(name: String, schema: GenerationSchema, expected: String)] = [
        (
            "unlabeled and labeled values", Encounter.generationSchema,
            ##"{"anyOf":["##
                + caseObject("Encounter", "orderCoffee", ##""value":{"type":"string"}"##, required: ["type", "value"], order: ["type", "value"]) + ","
                + caseObject(
                    "Encounter", "wantToTalkToManager", ##""complaint":{"type":"string"}"##, required: ["type", "complaint"],
                    order: ["type", "complaint"])
                + ##"],"title":"Encounter"}"##
        ),
        (
            "every case shape", GuestAction.generationSchema,
            ##"{"$defs":{"MacroRoast":{"description":"How dark the beans are","enum":["light","medium","dark"],"title":"MacroRoast","type":"string"}},"anyOf":["##
                + caseObject("GuestAction", "wait", "", required: ["type"], order: ["type"]) + ","
                + caseObject(
                    "GuestAction", "pay", ##""value":{"type":"integer"},"value1":{"type":"number"}"##, required: ["type", "value", "value1"],
                    order: ["type", "value", "value1"]) + ","
                + caseObject(
                    "GuestAction", "order", ##""drink":{"type":"string"},"size":{"$ref":"#/$defs/MacroRoast"}"##,
                    required: ["type", "drink", "size"], order: ["type", "drink", "size"]) + ","
                + caseObject("GuestAction", "leave", ##""review":{"type":"string"}"##, required: ["type"], order: ["type", "review"])
                + ##"],"description":"Something a guest does","title":"GuestAction"}"##
        ),
        (
            "recursion through the enum", Expression.generationSchema,
            ##"{"anyOf":["##
                + caseObject("Expression", "number", ##""value":{"type":"integer"}"##, required: ["type", "value"], order: ["type", "value"]) + ","
                + caseObject(
                    "Expression", "sum", ##""value":{"items":{"$ref":"#"},"type":"array"}"##, required: ["type", "value"], order: ["type", "value"])
                + ","
                + caseObject("Expression", "negate", ##""value":{"$ref":"#"}"##, required: ["type", "value"], order: ["type", "value"])
                + ##"],"title":"Expression"}"##
        ),
        (
            "enum -> struct -> enum, from the enum", Step.generationSchema,
            ##"{"$defs":{"Plan":{"additionalProperties":false,"properties":{"label":{"type":"string"},"step":{"$ref":"#"}},"required":["label","step"],"title":"Plan","type":"object","x-order":["label","step"]}},"anyOf":["##
                + caseObject("Step", "stop", "", required: ["type"], order: ["type"]) + ","
                + caseObject("Step", "next", ##""value":{"$ref":"#/$defs/Plan"}"##, required: ["type", "value"], order: ["type", "value"])
                + ##"],"title":"Step"}"##
        ),
        (
            "enum -> struct -> enum, from the struct", Plan.generationSchema,
            ##"{"$defs":{"Step":{"anyOf":["##
                + caseObject("Step", "stop", "", required: ["type"], order: ["type"]) + ","
                + caseObject("Step", "next", ##""value":{"$ref":"#"}"##, required: ["type", "value"], order: ["type", "value"])
                + ##"],"title":"Step"}},"additionalProperties":false,"properties":{"label":{"type":"string"},"step":{"$ref":"#/$defs/Step"}},"required":["label","step"],"title":"Plan","type":"object","x-order":["label","step"]}"##
        ),
        (
            "names shadowed by user types", Shadowing.Wrapped.generationSchema,
            ##"{"$defs":{"Item":{"additionalProperties":false,"properties":{"count":{"type":"integer"},"name":{"type":"string"}},"required":["name"],"title":"Item","type":"object","x-order":["name","count"]}},"anyOf":["##
                + caseObject("Wrapped", "item", ##""value":{"$ref":"#/$defs/Item"}"##, required: ["type", "value"], order: ["type", "value"])
                + ##"],"title":"Wrapped"}"##
        ),
        (
            "explicit nil, description", Newsletter.generationSchema,
            ##"{"additionalProperties":false,"description":"A newsletter","properties":{"sponsor":{"type":"string"},"title":{"type":"string"}},"required":["title"],"title":"Newsletter","type":"object","x-order":["title","sponsor"]}"##
        ),
        (
            "element guides, regex builder, keyword names", Menu.generationSchema,
            ##"{"additionalProperties":false,"properties":{"code":{"pattern":"\\d+\\Q-\\E\\w+","type":"string"},"default":{"type":"boolean"},"drinks":{"items":{"enum":["tea","coffee"],"type":"string"},"type":"array"},"id":{"type":"integer"},"notes":{"items":{"type":"string"},"type":"array"},"sizes":{"items":{"maximum":3,"minimum":1,"type":"integer"},"type":"array"}},"required":["id","drinks","sizes","code","default","notes"],"title":"Menu","type":"object","x-order":["id","drinks","sizes","code","default","notes"]}"##
        ),
        (
            "generic", Box<Int>.generationSchema,
            ##"{"additionalProperties":false,"properties":{"content":{"type":"integer"},"labels":{"items":{"type":"string"},"type":"array"}},"required":["content","labels"],"title":"Box<Int>","type":"object","x-order":["content","labels"]}"##
        ),
    ]

    @Test(arguments: 0..<enumTable.count)
    func encodesInApplesDialect(index: Int) throws {
        let entry = Self.enumTable[index]
        #expect(try sortedJSON(entry.schema) == canonicalJSON(entry.expected), "\(entry.name)")
        #expect(entry.schema.unsupportedGuides.isEmpty, "\(entry.name): \(entry.schema.unsupportedGuides)")
    }

    @Test(arguments: 0..<enumTable.count)
    func decodesBackToTheSameSchema(index: Int) throws {
        let entry = Self.enumTable[index]
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: Data(sortedJSON(entry.schema).utf8))
        #expect(try sortedJSON(decoded) == sortedJSON(entry.schema), "\(entry.name)")
    }

    @Test func explicitNilIsRecordedInTheSchema() throws {
        guard case .object(let newsletter) = Newsletter.generationSchema.root,
            case .object(let person) = MacroPerson.generationSchema.root
        else {
            Issue.record("not objects"); return
        }
        #expect(newsletter.representsNilExplicitly)
        #expect(!person.representsNilExplicitly)
    }
}
