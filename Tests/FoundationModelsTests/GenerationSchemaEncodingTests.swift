import Foundation
import Testing

@testable import FoundationModels

@Suite struct GenerationSchemaEncodingTests {
    @Test func personEncodesExactlyAsApplesExample() throws {
        let expected =
            ##"{"additionalProperties":false,"properties":{"age":{"description":"The person's age","maximum":100,"minimum":18,"type":"integer"},"children":{"description":"The person's children","items":{"$ref":"#"},"maxItems":3,"type":"array"},"name":{"description":"The person's name","type":"string"}},"required":["children","name"],"title":"Person","type":"object","x-order":["age","children","name"]}"##
        #expect(try sortedJSON(Person.generationSchema) == expected)
        #expect(Person.generationSchema.debugDescription == expected)
    }

    static let beanDefinition =
        ##""Bean":{"additionalProperties":false,"description":"A coffee bean","properties":{"origin":{"type":"string"},"roast":{"$ref":"#/$defs/Roast","description":"The roast level"}},"required":["origin","roast"],"title":"Bean","type":"object","x-order":["origin","roast"]}"##
    static let roastDefinition =
        ##""Roast":{"description":"How dark the beans are","enum":["light","medium","dark"],"title":"Roast","type":"string"}"##

    static let table: [(name: String, schema: GenerationSchema, expected: String)] = [
        ("scalars", String.generationSchema, ##"{"type":"string"}"##),
        ("integer", Int.generationSchema, ##"{"type":"integer"}"##),
        ("double", Double.generationSchema, ##"{"type":"number"}"##),
        ("decimal", Decimal.generationSchema, ##"{"type":"number"}"##),
        ("bool", Bool.generationSchema, ##"{"type":"boolean"}"##),
        ("array", [Int].generationSchema, ##"{"items":{"type":"integer"},"type":"array"}"##),
        ("any", GeneratedContent.generationSchema, ##"{}"##),
        (
            "string enum", Roast.generationSchema,
            ##"{"description":"How dark the beans are","enum":["light","medium","dark"],"title":"Roast","type":"string"}"##
        ),
        (
            "nested types in $defs", Bean.generationSchema,
            ##"{"$defs":{"## + roastDefinition
                + ##"},"additionalProperties":false,"description":"A coffee bean","properties":{"origin":{"type":"string"},"roast":{"$ref":"#/$defs/Roast","description":"The roast level"}},"required":["origin","roast"],"title":"Bean","type":"object","x-order":["origin","roast"]}"##
        ),
        (
            "array of a nested type", [Bean].generationSchema,
            ##"{"$defs":{"## + beanDefinition + "," + roastDefinition + ##"},"items":{"$ref":"#/$defs/Bean"},"type":"array"}"##
        ),
        (
            "every guide", Order.generationSchema,
            ##"""
            {"$defs":{\##(beanDefinition),\##(roastDefinition)},"additionalProperties":false,"properties":{
            "beans":{"items":{"$ref":"#/$defs/Bean"},"maxItems":2,"type":"array"},
            "code":{"pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},
            "drink":{"enum":["latte","mocha"],"type":"string"},
            "extras":{"items":{"enum":["foam","syrup"],"type":"string"},"maxItems":2,"minItems":2,"type":"array"},
            "favorite":{"$ref":"#/$defs/Bean"},
            "notes":{"items":{"type":"string"},"minItems":1,"type":"array"},
            "paid":{"type":"boolean"},
            "price":{"maximum":9,"minimum":1.5,"type":"number"},
            "ratings":{"items":{"maximum":10,"minimum":1,"type":"integer"},"maxItems":5,"minItems":1,"type":"array"},
            "shots":{"maximum":4,"minimum":1,"type":"integer"},
            "size":{"enum":["tall"],"type":"string"},
            "temperature":{"minimum":0.5,"type":"number"},
            "ticket":{"pattern":"T\\d+","type":"string"},
            "tip":{"maximum":2.25,"type":"number"}},
            "required":["drink","size","code","shots","price","temperature","tip","extras","ratings","notes","beans","paid"],
            "title":"Order","type":"object",
            "x-order":["drink","size","code","ticket","shots","price","temperature","tip","extras","ratings","notes","beans","favorite","paid"]}
            """##
        ),
        (
            "mutual recursion", Folder.generationSchema,
            ##"{"$defs":{"File":{"additionalProperties":false,"properties":{"name":{"type":"string"},"parent":{"$ref":"#"}},"required":["name"],"title":"File","type":"object","x-order":["name","parent"]}},"additionalProperties":false,"properties":{"files":{"items":{"$ref":"#/$defs/File"},"type":"array"}},"required":["files"],"title":"Folder","type":"object","x-order":["files"]}"##
        ),
        (
            "choice between types", Drink.generationSchema,
            ##"{"$defs":{"## + beanDefinition + "," + roastDefinition
                + ##"},"anyOf":[{"$ref":"#/$defs/Bean"},{"$ref":"#/$defs/Roast"},{"type":"integer"}],"description":"Bean or roast","title":"Drink"}"##
        ),
    ]

    @Test(arguments: 0..<table.count)
    func encodesInApplesDialect(index: Int) throws {
        let entry = Self.table[index]
        #expect(try canonicalJSON(sortedJSON(entry.schema)) == canonicalJSON(entry.expected), "\(entry.name)")
        #expect(entry.schema.unsupportedGuides.isEmpty, "\(entry.name)")
    }

    @Test(arguments: 0..<table.count)
    func decodesBackToTheSameSchema(index: Int) throws {
        let entry = Self.table[index]
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: Data(sortedJSON(entry.schema).utf8))
        #expect(try sortedJSON(decoded) == sortedJSON(entry.schema), "\(entry.name)")
    }

    @Test func propertyOrderSurvivesDecodingWithoutSortedKeys() throws {
        let data = try JSONEncoder().encode(Order.generationSchema)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: data)
        guard case .object(let object) = decoded.root else { Issue.record("not an object"); return }
        #expect(object.properties.map(\.name).first == "drink")
        #expect(object.properties.map(\.name).last == "paid")
        #expect(decoded.isSame(as: Order.generationSchema))
    }

    @Test func decodingNamesTheOffendingKeyword() {
        let bad = ##"{"title":"T","type":"object","properties":{"a":{"type":"integer","minimum":"x"}},"x-order":["a"]}"##
        #expect {
            try JSONDecoder().decode(GenerationSchema.self, from: Data(bad.utf8))
        } throws: { error in
            String(describing: error).contains("/properties/a") && String(describing: error).contains("minimum")
        }
    }

    @Test func guidesThatDoNotFitAreRecorded() {
        struct Bad: Generable {
            static var generationSchema: GenerationSchema {
                GenerationSchema(
                    type: Bad.self,
                    properties: [
                        .init(name: "tags", type: [String].self, guides: [.minimumCount(-1)]),
                        .init(name: "kind", type: String.self, guides: [.anyOf([])]),
                    ])
            }
            init(_ content: GeneratedContent) throws {}
            var generatedContent: GeneratedContent { GeneratedContent(properties: [:]) }
        }
        let problems = Bad.generationSchema.unsupportedGuides
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("Bad.tags") == true)
    }

    @Test func regexPatternsAreRecovered() {
        let literal = GenerationGuide<String>.pattern(/(Mr|Mrs)\. [A-Z][a-z]+/)
        guard case .pattern(let literalText, _) = literal.kind else { Issue.record("not a pattern"); return }
        #expect(literalText == ##"(Mr|Mrs)\. [A-Z][a-z]+"##)
        let runtime = GenerationGuide<String>.pattern(try! Regex("[0-9]+"))
        guard case .pattern(let text, _) = runtime.kind else { Issue.record("not a pattern"); return }
        #expect(text == "[0-9]+")
    }
}
