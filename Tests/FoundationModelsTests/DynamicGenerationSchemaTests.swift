import Foundation
import Testing

@testable import FoundationModels

@Suite struct DynamicGenerationSchemaTests {
    let answer = DynamicGenerationSchema(
        name: "Answer",
        properties: [
            .init(name: "text", schema: DynamicGenerationSchema(type: String.self)),
            .init(name: "isCorrect", schema: DynamicGenerationSchema(type: Bool.self)),
        ])

    var riddle: DynamicGenerationSchema {
        DynamicGenerationSchema(
            name: "Riddle", description: "A riddle",
            properties: [
                .init(name: "question", description: "The question", schema: DynamicGenerationSchema(type: String.self)),
                .init(
                    name: "answers",
                    schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Answer"), minimumElements: 2, maximumElements: 4)),
                .init(name: "hint", schema: DynamicGenerationSchema(type: String.self), isOptional: true),
            ])
    }

    @Test func riddleWithDependency() throws {
        let schema = try GenerationSchema(root: riddle, dependencies: [answer])
        let expected =
            ##"{"$defs":{"Answer":{"additionalProperties":false,"properties":{"isCorrect":{"type":"boolean"},"text":{"type":"string"}},"required":["text","isCorrect"],"title":"Answer","type":"object","x-order":["text","isCorrect"]}},"additionalProperties":false,"description":"A riddle","properties":{"answers":{"items":{"$ref":"#/$defs/Answer"},"maxItems":4,"minItems":2,"type":"array"},"hint":{"type":"string"},"question":{"description":"The question","type":"string"}},"required":["question","answers"],"title":"Riddle","type":"object","x-order":["question","answers","hint"]}"##
        #expect(try sortedJSON(schema) == expected)
    }

    @Test func inlineEnumsStayInlineAndReferencedOnesMoveToDefs() throws {
        let soup = DynamicGenerationSchema(name: "dailySoup", anyOf: ["Tomato", "Chicken Noodle", "Clam Chowder"])
        let menu = DynamicGenerationSchema(name: "Menu", properties: [.init(name: "dailySoup", schema: soup)])
        #expect(
            try sortedJSON(GenerationSchema(root: menu, dependencies: []))
                == ##"{"additionalProperties":false,"properties":{"dailySoup":{"enum":["Tomato","Chicken Noodle","Clam Chowder"],"title":"dailySoup","type":"string"}},"required":["dailySoup"],"title":"Menu","type":"object","x-order":["dailySoup"]}"##
        )

        let twoDays = DynamicGenerationSchema(
            name: "Menu",
            properties: [
                .init(name: "today", schema: soup),
                .init(name: "tomorrow", schema: DynamicGenerationSchema(referenceTo: "dailySoup")),
            ])
        let hoisted = try sortedJSON(GenerationSchema(root: twoDays, dependencies: []))
        #expect(hoisted.contains(##""today":{"$ref":"#/$defs/dailySoup"}"##))
        #expect(hoisted.contains(##""$defs":{"dailySoup":{"enum""##))
    }

    @Test func recursionNullAndGenerableTypes() throws {
        let node = DynamicGenerationSchema(
            name: "Node",
            properties: [
                .init(name: "children", schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Node"))),
                .init(
                    name: "score",
                    schema: DynamicGenerationSchema(
                        name: "MaybeScore", anyOf: [DynamicGenerationSchema(type: Int.self, guides: [.range(0...9)]), .null])),
                .init(name: "bean", schema: DynamicGenerationSchema(type: Bean.self)),
            ])
        let json = try sortedJSON(GenerationSchema(root: node, dependencies: []))
        #expect(json.contains(##""children":{"items":{"$ref":"#"},"type":"array"}"##))
        #expect(json.contains(##""score":{"anyOf":[{"maximum":9,"minimum":0,"type":"integer"},{"type":"null"}],"title":"MaybeScore"}"##))
        #expect(json.contains(##""bean":{"$ref":"#/$defs/Bean"}"##))
        #expect(json.contains(##""Roast":{"##))
    }

    @Test func enumWithAssociatedValuesAsTheMacroWillBuildIt() throws {
        // @Generable enum Encounter { case orderCoffee(String); case wantToTalkToManager(complaint: String) }
        func caseSchema(_ name: String, _ properties: [DynamicGenerationSchema.Property]) -> DynamicGenerationSchema {
            DynamicGenerationSchema(
                name: name,
                properties: [
                    .init(name: "type", schema: DynamicGenerationSchema(type: String.self, guides: [.constant(name)]))
                ] + properties)
        }
        let encounter = DynamicGenerationSchema(
            name: "Encounter",
            anyOf: [
                caseSchema("orderCoffee", [.init(name: "value", schema: DynamicGenerationSchema(type: String.self))]),
                caseSchema("wantToTalkToManager", [.init(name: "complaint", schema: DynamicGenerationSchema(type: String.self))]),
            ])
        let expected =
            ##"{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["orderCoffee"],"type":"string"},"value":{"type":"string"}},"required":["type","value"],"title":"orderCoffee","type":"object","x-order":["type","value"]},{"additionalProperties":false,"properties":{"complaint":{"type":"string"},"type":{"enum":["wantToTalkToManager"],"type":"string"}},"required":["type","complaint"],"title":"wantToTalkToManager","type":"object","x-order":["type","complaint"]}],"title":"Encounter"}"##
        let schema = try GenerationSchema(root: encounter, dependencies: [])
        #expect(try sortedJSON(schema) == expected)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: Data(expected.utf8))
        #expect(decoded.isSame(as: schema))
    }

    @Test func duplicateType() {
        #expect {
            try GenerationSchema(root: answer, dependencies: [answer])
        } throws: { error in
            guard case GenerationSchema.SchemaError.duplicateType(let schema, let type, _) = error else { return false }
            return schema == nil && type == "Answer"
        }
    }

    @Test func duplicateProperty() {
        let twice = DynamicGenerationSchema(
            name: "Twice",
            properties: [
                .init(name: "x", schema: DynamicGenerationSchema(type: Int.self)),
                .init(name: "x", schema: DynamicGenerationSchema(type: String.self)),
            ])
        #expect {
            try GenerationSchema(root: twice, dependencies: [])
        } throws: { error in
            guard case GenerationSchema.SchemaError.duplicateProperty(let schema, let property, _) = error else { return false }
            return schema == "Twice" && property == "x"
        }
    }

    @Test func emptyTypeChoices() {
        for empty in [
            DynamicGenerationSchema(name: "Nothing", anyOf: [] as [String]),
            DynamicGenerationSchema(name: "Nothing", anyOf: [] as [DynamicGenerationSchema]),
        ] {
            #expect {
                try GenerationSchema(root: empty, dependencies: [])
            } throws: { error in
                guard case GenerationSchema.SchemaError.emptyTypeChoices(let schema, _) = error else { return false }
                return schema == "Nothing"
            }
        }
    }

    @Test func undefinedReferences() {
        #expect {
            try GenerationSchema(root: riddle, dependencies: [])
        } throws: { error in
            guard case GenerationSchema.SchemaError.undefinedReferences(let schema, let references, let context) = error else { return false }
            return schema == "Riddle" && references == ["Answer"] && context.debugDescription.contains("Answer")
                && (error as? LocalizedError)?.errorDescription?.contains("'Answer'") == true
        }
    }
}
