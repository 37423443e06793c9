import Foundation

/// Someone the player can talk to in the shop: the barista, or a customer the encounter engine
/// generated. The dialog engine builds each character's session from these strings.
package protocol GameCharacter: Sendable {
    /// A stable identity (the key of the character's conversation in a save).
    var id: UUID { get }
    /// The name shown above the speech bubble and used in the instructions.
    var displayName: String { get }
    /// What the character says when the player first walks up.
    var firstLine: String { get }
    /// Who the model pretends to be: a detailed description of the character.
    var persona: String { get }
    /// The fixed line shown when generation fails or the answer breaks the block list.
    var errorResponse: String { get }
    /// What the character says when its conversation starts over.
    var resumeConversationLine: String { get }
}

extension GameCharacter {
    /// The default line after a reset.
    package var resumeConversationLine: String { "So, where were we?" }
}

/// The head barista, as in Apple's sample.
package struct Barista: GameCharacter {
    /// The barista's identity is fixed, so a saved conversation finds its character again.
    package let id = UUID(uuidString: "0C0FFEE0-0000-4000-8000-000000000001")!
    /// "Barista".
    package let displayName = "Barista"
    /// The sample's opening line.
    package let firstLine = "Hey there. Can you get the dream orders?"

    /// The sample's persona for Chike.
    package let persona = """
        Chike is the head barista at Dream Coffee, and loves serving up the perfect cup of coffee \
        to all the dreamers and creatures in the dream realm. Today is a particularly busy day, so \
        Chike is happy to have the help of a new trainee barista named Player.
        """

    /// The sample's fixed error line.
    package let errorResponse = "Maybe let's stop chatting? We've got coffee to serve."

    /// Creates the barista.
    package init() {}
}
