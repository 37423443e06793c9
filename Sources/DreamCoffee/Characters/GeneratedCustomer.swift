import Foundation
import FoundationModels

/// A customer the encounter engine generated: the NPC, where it stands, and how its visit went.
package struct GeneratedCustomer: GameCharacter, Codable, Equatable {
    /// The customer's identity (the key of its conversation in a save).
    package let id: UUID
    /// What the model generated.
    package let npc: NPC
    /// Whether the name came from the player's contacts (then the calendar tool knows them).
    package let isContact: Bool
    /// The drink the player served, once served.
    package var servedDrink: String?
    /// What the customer said of the drink.
    package var feedback: String?
    /// The customer's rating of the drink, 1…5.
    package var stars: Int?

    /// A customer for a generated NPC.
    package init(id: UUID = UUID(), npc: NPC, isContact: Bool) {
        self.id = id
        self.npc = npc
        self.isContact = isContact
    }

    /// The NPC's name.
    package var displayName: String { npc.name }
    /// The customer opens with their order.
    package var firstLine: String { npc.coffeeOrder }
    /// Name and picture, as the sample's judge describes the customer.
    package var persona: String { "\(npc.name), \(npc.picture.imageDescription)" }
    /// What the customer says when the conversation goes wrong.
    package var errorResponse: String { "Just my coffee, please." }
    /// Whether the player has served this customer.
    package var isServed: Bool { servedDrink != nil }

    private enum CodingKeys: String, CodingKey { case id, npc, isContact, servedDrink, feedback, stars }

    /// Decodes a saved customer (the NPC as its generated JSON).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        let json = try container.decode(String.self, forKey: .npc)
        npc = try NPC(GeneratedContent(json: json))
        isContact = try container.decode(Bool.self, forKey: .isContact)
        servedDrink = try container.decodeIfPresent(String.self, forKey: .servedDrink)
        feedback = try container.decodeIfPresent(String.self, forKey: .feedback)
        stars = try container.decodeIfPresent(Int.self, forKey: .stars)
    }

    /// Encodes the customer (the NPC as its generated JSON).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(npc.generatedContent.jsonString, forKey: .npc)
        try container.encode(isContact, forKey: .isContact)
        try container.encodeIfPresent(servedDrink, forKey: .servedDrink)
        try container.encodeIfPresent(feedback, forKey: .feedback)
        try container.encodeIfPresent(stars, forKey: .stars)
    }
}
