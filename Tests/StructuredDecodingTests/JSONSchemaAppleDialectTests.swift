import Foundation
import StructuredDecoding
import Testing

/// Documents in Apple's `GenerationSchema` dialect, as our `GenerationSchema` encoder writes them
/// (copied from `FoundationModelsTests`), imported for generation.
@Suite struct JSONSchemaAppleDialectTests {
    static let person =
        ##"{"additionalProperties":false,"properties":{"age":{"description":"The person's age","maximum":100,"minimum":18,"type":"integer"},"children":{"description":"The person's children","items":{"$ref":"#"},"maxItems":3,"type":"array"},"name":{"description":"The person's name","type":"string"}},"required":["children","name"],"title":"Person","type":"object","x-order":["age","children","name"]}"##

    static let bean =
        ##""Bean":{"additionalProperties":false,"description":"A coffee bean","properties":{"origin":{"type":"string"},"roast":{"$ref":"#/$defs/Roast","description":"The roast level"}},"required":["origin","roast"],"title":"Bean","type":"object","x-order":["origin","roast"]}"##
    static let roast = ##""Roast":{"description":"How dark the beans are","enum":["light","medium","dark"],"title":"Roast","type":"string"}"##

    static let order = ##"""
        {"$defs":{\##(bean),\##(roast)},"additionalProperties":false,"properties":{
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

    static let encounter =
        ##"{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["orderCoffee"],"type":"string"},"value":{"type":"string"}},"required":["type","value"],"title":"orderCoffee","type":"object","x-order":["type","value"]},{"additionalProperties":false,"properties":{"complaint":{"type":"string"},"type":{"enum":["wantToTalkToManager"],"type":"string"}},"required":["type","complaint"],"title":"wantToTalkToManager","type":"object","x-order":["type","complaint"]}],"title":"Encounter"}"##

    static let folder =
        ##"{"$defs":{"File":{"additionalProperties":false,"properties":{"name":{"type":"string"},"parent":{"$ref":"#"}},"required":["name"],"title":"File","type":"object","x-order":["name","parent"]}},"additionalProperties":false,"properties":{"files":{"items":{"$ref":"#/$defs/File"},"type":"array"}},"required":["files"],"title":"Folder","type":"object","x-order":["files"]}"##

    static let drink =
        ##"{"$defs":{"## + bean + "," + roast
        + ##"},"anyOf":[{"$ref":"#/$defs/Bean"},{"$ref":"#/$defs/Roast"},{"type":"integer"}],"description":"Bean or roast","title":"Drink"}"##

    static func importForGeneration(_ text: String) throws -> SchemaGraph {
        try JSONSchemaImporter(mode: .generation).importSchema(text)
    }

    @Test func personKeepsOrderRequirednessAndRootRecursion() throws {
        let graph = try Self.importForGeneration(Self.person)
        guard case .object(let person) = graph[graph.root] else { Issue.record("root is \(graph[graph.root])"); return }
        #expect(person.properties.map(\.name) == ["age", "children", "name"])
        #expect(person.properties.map(\.isRequired) == [false, true, true])
        #expect(person.additionalProperties == nil)
        #expect(!person.allowsAnyOrder)
        #expect(graph[person.properties[0].node] == .integer(IntegerBounds(minimum: 18, maximum: 100)))
        guard case .array(let children) = graph[person.properties[1].node] else { Issue.record("children is not an array"); return }
        #expect(children.items == graph.root)
        #expect(children.maxItems == 3 && children.minItems == 0)
        #expect(graph[person.properties[2].node] == .string(StringNode()))

        let accepted = [
            #"{"children":[],"name":"Ana"}"#,
            #"{"age":30,"children":[{"age":18,"children":[],"name":"Kid"}],"name":"Ana"}"#,
        ]
        let rejected = [
            #"{"name":"Ana","children":[]}"#, // out of x-order
            #"{"age":17,"children":[],"name":"Ana"}"#, // below minimum
            #"{"children":[{"children":[]}],"name":"Ana"}"#, // nested person without a name
            #"{"children":[],"name":"Ana","extra":1}"#, // additionalProperties false
            #"{"children":[{},{},{},{}],"name":"Ana"}"#, // maxItems
        ]
        for text in accepted { #expect(graph.accepts(try JSONValue(parsing: text)), "\(text)") }
        for text in rejected { #expect(!graph.accepts(try JSONValue(parsing: text)), "\(text)") }
    }

    @Test func everyGuide() throws {
        let graph = try Self.importForGeneration(Self.order)
        guard case .object(let order) = graph[graph.root] else { Issue.record("root is \(graph[graph.root])"); return }
        #expect(
            order.properties.map(\.name) == [
                "drink", "size", "code", "ticket", "shots", "price", "temperature", "tip", "extras", "ratings", "notes", "beans", "favorite", "paid",
            ])
        #expect(order.properties.filter { !$0.isRequired }.map(\.name) == ["ticket", "favorite"])
        let property = { (name: String) in graph[order.properties.first { $0.name == name }!.node] }
        #expect(property("price") == .number(NumberBounds(minimum: 1.5, maximum: 9)))
        #expect(property("size") == .enumeration([.string("tall")]))
        #expect(property("shots") == .integer(IntegerBounds(minimum: 1, maximum: 4)))

        let valid = #"""
            {"drink":"latte","size":"tall","code":"ABC-12","shots":2,"price":1.5,"temperature":0.5,"tip":2.25,
             "extras":["foam","foam"],"ratings":[1,10],"notes":["hot"],"beans":[{"origin":"Kenya","roast":"dark"}],
             "favorite":{"origin":"Peru","roast":"light"},"paid":true}
            """#
        #expect(graph.accepts(try JSONValue(parsing: valid)))
        let mutations: [(String, String)] = [
            (#""code":"ABC-12""#, #""code":"AB-12""#),
            (#""code":"ABC-12""#, #""code":"xABC-12x""#), // a pattern searches: this one matches
            (#""price":1.5"#, #""price":1.49"#),
            (#""tip":2.25"#, #""tip":2.2500001"#),
            (#""extras":["foam","foam"]"#, #""extras":["foam"]"#),
            (#""ratings":[1,10]"#, #""ratings":[0]"#),
            (#""roast":"dark""#, #""roast":"black""#),
            (#""notes":["hot"]"#, #""notes":[]"#),
            (#""drink":"latte""#, #""drink":"tea""#),
        ]
        for (index, (from, to)) in mutations.enumerated() {
            let text = valid.replacingOccurrences(of: from, with: to)
            #expect(text != valid)
            let expected = index == 1
            #expect(graph.accepts(try JSONValue(parsing: text)) == expected, "\(to)")
        }
    }

    @Test func enumWithAssociatedValuesIsAnAnyOfOfObjects() throws {
        let graph = try Self.importForGeneration(Self.encounter)
        guard case .anyOf(let branches) = graph[graph.root] else { Issue.record("root is \(graph[graph.root])"); return }
        #expect(branches.count == 2)
        #expect(graph.accepts(try JSONValue(parsing: #"{"type":"orderCoffee","value":"latte"}"#)))
        #expect(graph.accepts(try JSONValue(parsing: #"{"type":"wantToTalkToManager","complaint":"cold"}"#)))
        #expect(!graph.accepts(try JSONValue(parsing: #"{"type":"orderCoffee","complaint":"cold"}"#)))
        #expect(!graph.accepts(try JSONValue(parsing: #"{"value":"latte","type":"orderCoffee"}"#)))
        // The same branches as a `oneOf` are provably disjoint through the `type` discriminator.
        let oneOf = Self.encounter.replacingOccurrences(of: #"{"anyOf""#, with: #"{"oneOf""#)
        #expect(try Self.importForGeneration(oneOf) == graph)
    }

    @Test func mutualRecursionThroughDefs() throws {
        let graph = try Self.importForGeneration(Self.folder)
        #expect(graph.accepts(try JSONValue(parsing: #"{"files":[{"name":"a","parent":{"files":[{"name":"b"}]}}]}"#)))
        #expect(!graph.accepts(try JSONValue(parsing: #"{"files":[{"name":"a","parent":{"files":[{"parent":{"files":[]}}]}}]}"#)))
        #expect(graph.nodes.count <= 6, "one node per schema location: \(graph.nodes)")
    }

    @Test func constantsKeepTheirMemberOrderInGeneration() throws {
        // Key order constrains what is generated for an object node, not a constant's members.
        let graph = try Self.importForGeneration(#"{"type":"object","properties":{"a":{},"b":{}},"const":{"b":1,"a":2}}"#)
        #expect(graph[graph.root] == .enumeration([try JSONValue(parsing: #"{"b":1,"a":2}"#)]))
        #expect(graph.accepts(try JSONValue(parsing: #"{"b":1,"a":2}"#)))
    }

    @Test func choiceBetweenReferencedTypes() throws {
        let graph = try Self.importForGeneration(Self.drink)
        #expect(graph.accepts(try JSONValue(parsing: #"{"origin":"x","roast":"medium"}"#)))
        #expect(graph.accepts(try JSONValue(parsing: #""light""#)))
        #expect(graph.accepts(try JSONValue(parsing: "4")))
        #expect(!graph.accepts(try JSONValue(parsing: #""espresso""#)))
        #expect(!graph.accepts(try JSONValue(parsing: "4.5")))
    }
}
