import Foundation
import FoundationModels
import TestSupport
import Testing

/// The samples of WWDC25 session 301 build the schemas the session shows, and their tools and
/// sessions behave as described against a scripted model.
@Suite struct DeepDiveTests {
    // Block 3
    @Test func condensedSessionKeepsTheFirstAndLastEntries() async throws {
        let model = ScriptedLanguageModel([.text(["Hi!"]), .text(["A latte."])])
        let session = LanguageModelSession(model: model, instructions: "You are a barista.")
        try await session.respond(to: "Hello")
        try await session.respond(to: "What do you recommend?")
        let entries = Array(session.transcript)
        #expect(kinds(entries) == ["instructions", "prompt", "response", "prompt", "response"])

        let condensed = deepDiveNewSession(previousSession: session)
        #expect(Array(condensed.transcript) == [entries[0], entries[4]])
    }

    // Block 4
    @Test func samplingOptionsReachTheModel() async throws {
        let model = ScriptedLanguageModel([.text(["a"]), .text(["b"]), .text(["c"])])
        let session = LanguageModelSession(model: model)
        #expect(try await deepDiveBlock4Deterministic(session: session, prompt: "1").content == "a")
        #expect(try await deepDiveBlock4LowVariance(session: session, prompt: "2").content == "b")
        #expect(try await deepDiveBlock4HighVariance(session: session, prompt: "3").content == "c")
        #expect(
            model.requests.map(\.generationOptions) == [
                GenerationOptions(samplingMode: .greedy),
                GenerationOptions(temperature: 0.5),
                GenerationOptions(temperature: 2.0),
            ])
    }

    // Blocks 6 and 7
    @Test func npcPropertiesAreInDeclarationOrder() throws {
        for schema in [DeepDive6.NPC.generationSchema, DeepDive7.NPC.generationSchema] {
            let json = try schemaJSON(schema)
            #expect(string(json, "title") == "NPC")
            #expect(strings(json, "x-order") == ["name", "coffeeOrder"])
        }
    }

    // Block 8
    @Test func encounterCasesDecodeFromTheirTaggedObjects() throws {
        let ordering = try DeepDive8.NPC(GeneratedContent(json: #"{"name": "Bea", "encounter": {"type": "orderCoffee", "value": "A latte"}}"#))
        guard case .orderCoffee(let order) = ordering.encounter else {
            Issue.record("expected orderCoffee, got \(ordering.encounter)")
            return
        }
        #expect(order == "A latte")

        let complaining = try DeepDive8.NPC(
            GeneratedContent(json: #"{"name": "Karl", "encounter": {"type": "wantToTalkToManager", "complaint": "Cold coffee"}}"#))
        guard case .wantToTalkToManager(let complaint) = complaining.encounter else {
            Issue.record("expected wantToTalkToManager, got \(complaining.encounter)")
            return
        }
        #expect(complaint == "Cold coffee")
        #expect(complaining.name == "Karl")
    }

    // Block 9
    @Test func guidedNPCSchemaHasTheGuidesAsWritten() throws {
        let json = try schemaJSON(DeepDive9.NPC.generationSchema)
        #expect(strings(json, "x-order") == ["name", "level", "attributes", "encounter"])
        #expect(string(json, "properties", "name", "description") == "A full name")
        #expect(number(json, "properties", "level", "minimum") == 1)
        #expect(number(json, "properties", "level", "maximum") == 10)
        #expect(number(json, "properties", "attributes", "minItems") == 3)
        #expect(number(json, "properties", "attributes", "maxItems") == 3)
        #expect(string(json, "properties", "attributes", "items", "$ref") == "#/$defs/Attribute")
        #expect(strings(json, "$defs", "Attribute", "enum") == ["sassy", "tired", "hungry"])
        #expect(string(json, "properties", "encounter", "$ref") == "#/$defs/Encounter")
        // One object per case, told apart by `type`; an unlabelled associated value is `value`.
        #expect(string(json, "$defs", "Encounter", "anyOf", "0", "title") == "Encounter.orderCoffee")
        #expect(strings(json, "$defs", "Encounter", "anyOf", "0", "x-order") == ["type", "value"])
        #expect(strings(json, "$defs", "Encounter", "anyOf", "0", "properties", "type", "enum") == ["orderCoffee"])
        #expect(string(json, "$defs", "Encounter", "anyOf", "1", "title") == "Encounter.wantToTalkToManager")
        #expect(strings(json, "$defs", "Encounter", "anyOf", "1", "x-order") == ["type", "complaint"])
        #expect((value(json, "$defs", "Encounter", "anyOf") as? [Any])?.count == 2)
    }

    // Block 10
    @Test func regexGuideBecomesAPatternTheModelIsHeldTo() async throws {
        let json = try schemaJSON(DeepDive10.NPC.generationSchema)
        let pattern = try #require(string(json, "properties", "name", "pattern"))
        let regex = try Regex(pattern)
        #expect(try regex.wholeMatch(in: "Mrs. Brewster") != nil)
        #expect(try regex.wholeMatch(in: "Mr. Bean") != nil)
        #expect(try regex.wholeMatch(in: "Dr. Who") == nil)

        let model = ScriptedLanguageModel([.text([#"{"name": "Mrs. Brewster"}"#])])
        try await DeepDive10.generate(session: LanguageModelSession(model: model))
        #expect(try model.requests.first?.schema.map(schemaText) == schemaText(DeepDive10.NPC.generationSchema))
    }

    // Blocks 11 and 12
    @Test func riddleBuiltAtRunTimeMatchesTheGenerableRiddle() throws {
        var riddleBuilder = DeepDive12.LevelObjectCreator(name: "Riddle")
        riddleBuilder.addStringProperty(name: "question")
        riddleBuilder.addArrayProperty(name: "answers", customType: "Answer")
        var answerBuilder = DeepDive12.LevelObjectCreator(name: "Answer")
        answerBuilder.addStringProperty(name: "text")
        answerBuilder.addBoolProperty(name: "isCorrect")
        let dynamic = try schemaJSON(GenerationSchema(root: riddleBuilder.root, dependencies: [answerBuilder.root]))
        let generable = try schemaJSON(DeepDive11.Riddle.generationSchema)

        for json in [dynamic, generable] {
            #expect(string(json, "title") == "Riddle")
            #expect(strings(json, "x-order") == ["question", "answers"])
            #expect(string(json, "properties", "answers", "type") == "array")
            #expect(string(json, "properties", "answers", "items", "$ref") == "#/$defs/Answer")
            #expect(strings(json, "$defs", "Answer", "x-order") == ["text", "isCorrect"])
            #expect(string(json, "$defs", "Answer", "properties", "isCorrect", "type") == "boolean")
        }
        #expect(NSDictionary(dictionary: dynamic) == NSDictionary(dictionary: generable))
    }

    // Blocks 13 and 14
    @Test func findContactToolDescribesTheGenerations() throws {
        let tool = DeepDive13.FindContactTool()
        #expect(tool.name == "findContact")
        #expect(tool.description == "Finds a contact from a specified age generation.")
        let json = try schemaJSON(tool.parameters)
        #expect(strings(json, "x-order") == ["generation"])
        #expect(strings(json, "$defs", "Generation", "enum") == ["babyBoomers", "genX", "millennial", "genZ"])

        let session = DeepDive13.makeSession()
        let entry = try #require(instructions(session.transcript))
        #expect(text(of: entry.segments) == "Generate fun NPCs")
        #expect(entry.toolDefinitions.map(\.name) == ["findContact"])
    }

    @Test(arguments: [("babyBoomers", "Rosalind"), ("genX", "Marcus"), ("millennial", "Priya"), ("genZ", "Naomy")])
    func findContactToolPicksAContactOfTheGeneration(generation: String, expected: String) async throws {
        let model = modelCalling("findContact", with: [#"{"generation": "\#(generation)"}"#], thenAnswering: "Done.")
        let session = LanguageModelSession(model: model, tools: [DeepDive13.FindContactTool()], instructions: "Generate fun NPCs")
        try await session.respond(to: "Generate an NPC")
        #expect(toolOutputs(session.transcript).map { text(of: $0.segments) } == [expected])
    }

    // Block 15
    @Test func statefulToolSkipsPickedContacts() async throws {
        let tool = DeepDive15.FindContactTool()
        tool.pickedContacts = ["Rosalind", "Priya", "Naomy", "Ezra"]
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "1", name: "findContact", arguments: #"{"generation": "genX"}"#)]),
            .text(["first"]),
        ])
        let session = LanguageModelSession(model: model, tools: [tool])
        try await session.respond(to: "Pick someone")
        #expect(toolOutputs(session.transcript).map { text(of: $0.segments) } == ["Marcus"])

        tool.pickedContacts.insert("Marcus")
        let nobody = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "2", name: "findContact", arguments: #"{"generation": "genX"}"#)]),
            .text(["second"]),
        ])
        let second = LanguageModelSession(model: nobody, tools: [tool])
        try await second.respond(to: "Pick someone else")
        #expect(toolOutputs(second.transcript).map { text(of: $0.segments) } == ["Could not find a contact."])
    }

    // Block 16
    @Test func contactEventToolTakesADate() async throws {
        let tool = DeepDive16.GetContactEventTool(contactName: "Naomy")
        #expect(tool.name == "getContactEvent")
        #expect(try strings(schemaJSON(tool.parameters), "x-order") == ["day", "month", "year"])
        let model = modelCalling("getContactEvent", with: [#"{"day": 3, "month": 7, "year": 2026}"#], thenAnswering: "ok")
        let session = LanguageModelSession(model: model, tools: [tool])
        try await session.respond(to: "Any plans?")
        #expect(toolOutputs(session.transcript).map { text(of: $0.segments) } == ["No event with Naomy on 2026-7-3."])
    }
}
