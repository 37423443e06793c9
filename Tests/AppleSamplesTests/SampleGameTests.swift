import Foundation
import FoundationModels
import TestSupport
import Testing

/// The fragments of the Dream Coffee sample build the sessions, schemas and tools the page
/// describes, and the dialog engine keeps blocked lines out of the game.
@Suite struct SampleGameTests {
    typealias Game = SampleGame

    @Test func npcSchemaIncludesTheRunTimeImageSchema() throws {
        let json = try schemaJSON(Game.NPC.generationSchema)
        #expect(strings(json, "x-order") == ["name", "coffeeOrder", "picture"])
        #expect(string(json, "properties", "picture", "$ref") == "#/$defs/GenerableImage")
        #expect(strings(json, "$defs", "GenerableImage", "x-order") == ["imageDescription"])
    }

    @Test func dialogEngineSpeaksTheModelsLine() async throws {
        let model = ScriptedLanguageModel([.text(["One dream latte, coming up!"])])
        let engine = Game.DialogEngine(session: LanguageModelSession(model: model))
        try await engine.talk(to: Game.Barista(), userInput: "What's good today?")
        #expect(engine.nextUtterance == "One dream latte, coming up!")
        #expect(engine.isGenerating == false)
    }

    @Test func blockedLinesAreReplacedAndTheSessionReset() async throws {
        let model = ScriptedLanguageModel([.text(["Let me tell you about the stock market."])])
        let original = LanguageModelSession(model: model)
        let engine = Game.DialogEngine(session: original)
        let barista = Game.Barista()
        try await engine.talk(to: barista, userInput: "Any tips?")

        #expect(engine.nextUtterance == barista.errorResponse)
        #expect(engine.session !== original)
        let entry = try #require(instructions(engine.session.transcript))
        let said = text(of: entry.segments)
        #expect(said.contains("You are Barista. Refer to Barista in the first-person"))
        #expect(said.contains("Chike is the head barista at Dream Coffee"))
        #expect(said.hasSuffix(#"You just said: "So, where were we?""#))
        #expect(entry.toolDefinitions.isEmpty)
    }

    @Test func customersGetTheCalendarTool() throws {
        let npc = Game.NPC(name: "Naomy", coffeeOrder: "A sparkling mocha", picture: .init(imageDescription: "A fox in a scarf"))
        let engine = Game.DialogEngine(session: LanguageModelSession(model: ScriptedLanguageModel([])))
        engine.resetSession(Game.GeneratedCustomer(npc: npc), startWith: "Hello!")

        let entry = try #require(instructions(engine.session.transcript))
        let calendar = try #require(entry.toolDefinitions.first)
        #expect(entry.toolDefinitions.count == 1)
        #expect(calendar.name == "getCalendarEvent")
        #expect(calendar.description.hasPrefix("Get an event from the player's calendar with Naomy. Today is "))
        #expect(text(of: entry.segments).contains("You are Naomy."))
    }

    @Test func contactsToolIsNamedInTheInstructions() throws {
        let session = Game.makeCustomerSession(contactsTool: Game.ContactTool())
        let entry = try #require(instructions(session.transcript))
        #expect(text(of: entry.segments) == "Use the getContactName tool to get a name for a customer.")
        #expect(entry.toolDefinitions.map(\.name) == ["getContactName"])
    }
}
