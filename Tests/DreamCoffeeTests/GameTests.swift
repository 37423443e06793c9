import CalendarContacts
import Foundation
import FoundationModels
import TestSupport
import Testing

@testable import DreamCoffee

/// The game's logic on the scripted model: walking, a customer's visit from the door to a
/// seat, the day's summary, saving and loading.
@MainActor
@Suite struct GameTests {
    @Test func wallsAndPeopleBlockThePlayer() {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (game, _) = scriptedGame([], folder: folder)
        let start = game.state.player
        #expect(game.move(.left))
        #expect(game.state.player == Position(start.x - 1, start.y))
        for _ in 0..<20 { game.move(.left) }
        #expect(game.state.player.x == 1) // the wall stops the player
        #expect(game.walkToBarista())
        #expect(game.interlocutor == .barista)
        #expect(game.map.tile(at: game.state.player).isWalkable)
    }

    @Test func aCustomerIsGeneratedServedJudgedAndSeated() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (game, model) = scriptedGame(
            [
                .text([npcJSON()]),
                .text(["Mmm, ", "sweet as a meadow!"]),
                .text([#"{"stars": 4}"#]),
            ], folder: folder)
        await game.inviteCustomer()
        let customer = try #require(game.state.customers.first?.customer)
        #expect(customer.displayName == "Thimblefoot" && !customer.isContact)
        #expect(game.speech?.text == customer.npc.coffeeOrder)
        #expect(!customer.npc.picture.sprite.isBlank)
        // The NPC request is the sample's, under the NPC schema.
        #expect(model.requests[0].schema != nil)

        #expect(game.walkToCounter())
        await game.serve(Drink([Ingredient.named("espresso")!, Ingredient.named("honey")!]))
        let served = try #require(game.state.customers.first?.customer)
        #expect(served.stars == 4 && served.feedback == "Mmm, sweet as a meadow!")
        #expect(served.servedDrink == "an espresso with honey")
        #expect(game.map.seats.contains(game.state.customers[0].position))
        // The judge saw the order and the drink.
        let judged = model.requests[1].transcript.map(\.description).joined()
        #expect(judged.contains("Something sweet like a summer meadow") && judged.contains("espresso with honey"))
        let summary = game.endDay()
        #expect(summary == DaySummary(day: 1, served: 1, stars: 4))
        #expect(game.state.day == 2 && game.state.customers.isEmpty)
    }

    @Test func customersAreNamedAfterContactsThroughTheTool() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contacts = try sampleContacts()
        let month = try #require(contacts.compactMap(\.birthday).first?.month)
        let expected = ContactTool.firstName(of: contacts.first { $0.birthday?.month == month }!.displayName)
        let (game, model) = scriptedGame(
            [
                .toolCalls([.init(id: "c1", name: "getContactName", arguments: #"{"month": \#(month)}"#)]),
                .text(["Here is a name."]),
                .text([npcJSON(name: expected)]),
            ], folder: folder, contacts: contacts)
        await game.inviteCustomer()
        let customer = try #require(game.state.customers.first?.customer)
        #expect(customer.isContact && customer.displayName == expected)
        #expect(game.toolCallCounts["getContactName"] == 1)
        // The tool's answer reached the model, and the NPC prompt names the contact.
        #expect(model.requests[1].transcript.map(\.description).joined().contains(expected))
        #expect(model.requests[2].transcript.map(\.description).joined().contains("Create an NPC customer named \(expected)"))
    }

    @Test func savingAndLoadingKeepTheShopAndEveryConversation() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (game, _) = scriptedGame([.text([npcJSON()]), .text(["I've been here forever."])], folder: folder)
        await game.inviteCustomer()
        game.walkToBarista()
        await game.talk("How long have you worked here?")
        game.save()
        #expect(game.status.hasPrefix("Saved"))

        let (loaded, model) = scriptedGame([.text(["Still here."])], folder: folder)
        #expect(loaded.load())
        #expect(loaded.state == game.state.withTranscripts(loaded.state.transcripts))
        #expect(loaded.state.customers.first?.customer.displayName == "Thimblefoot")
        loaded.walkToBarista()
        await loaded.talk("And now?")
        // The conversation went on from the saved transcript.
        let history = model.requests[0].transcript.map(\.description).joined()
        #expect(history.contains("How long have you worked here?") && history.contains("I've been here forever."))
    }

    @Test func aCorruptSaveIsReportedAndTheGameGoesOn() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"version\": 1, \"day\": ".utf8).write(to: folder.appendingPathComponent("save.json"))
        let (game, _) = scriptedGame([], folder: folder)
        #expect(!game.load())
        #expect(game.status.contains("is not a Dream Coffee save") && game.status.contains("save.json"))
        #expect(game.state.day == 1)
    }
}

extension ShopState {
    func withTranscripts(_ transcripts: [String: TranscriptData]) -> ShopState {
        var copy = self
        copy.transcripts = transcripts
        return copy
    }
}
