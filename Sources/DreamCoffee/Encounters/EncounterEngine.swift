import FoundationModels

/// Generates customers and judges the drinks the player makes for them, with the sample's
/// instructions and prompts.
package struct EncounterEngine: Sendable {
    /// The model both run on.
    package let model: any LanguageModel
    /// Sampling for every request.
    package let options: GenerationOptions
    /// The player's contacts, when the game has a contacts file (customers are then named
    /// after them).
    package let contactsTool: ContactTool?

    /// An engine on `model`.
    package init(model: any LanguageModel, options: GenerationOptions = GenerationOptions(), contactsTool: ContactTool? = nil) {
        self.model = model
        self.options = options
        self.contactsTool = contactsTool
    }

    /// The sample's examples of customers.
    static let examples = [
        """
        {name: "Thimblefoot", imageDescription: "A horse with a rainbow mane",
        coffeeOrder: "I would like a coffee that's refreshing and sweet like grass of a summer meadow"}
        """,
        """
        {name: "Spiderkid", imageDescription: "A furry spider with a cool baseball cap",
        coffeeOrder: "An iced coffee please, that's as spooky as me!"}
        """,
        """
        {name: "Wise Fairy", imageDescription: "A blue glowing fairy that radiates wisdom and sparkles",
        coffeeOrder: "Something simple and plant-based please, that will restore my wise energy."}
        """,
    ]

    /// The sample's prompt for a new customer, its examples rotated by `rotation` (a small
    /// model leans on the first example, so each customer sees a different one first).
    static func customerPrompt(rotation: Int = 0) -> String {
        let first = rotation % examples.count
        let examples = examples[first...] + examples[..<first]
        return """
            Create an NPC customer with a fun personality suitable for the dream realm. Have the customer order
            coffee. Here are some examples to inspire you:
            \(examples.joined(separator: "\n"))
            """
    }

    /// A new customer: the sample's `generateNPC`. With the player's contacts, the session first
    /// asks for a name with the sample's contacts instructions (the model calls the contacts tool
    /// for someone born in `birthMonth`), then generates the NPC in the same conversation, so the
    /// customer can carry the contact's name.
    package func generateCustomer(
        silhouette: Silhouette = Silhouette.all[0], birthMonth: Int = 1, rotation: Int = 0
    ) async throws -> GeneratedCustomer {
        var instructions = """
            A conversation between the Player and a helpful assistant. This is a fantasy
            RPG game that takes place at Dream Coffee, the beloved coffee shop of the
            dream realm. Your role is to use your imagination to generate fun game characters.
            """
        var tools: [any Tool] = []
        if let contactsTool {
            instructions += "\nUse the \(contactsTool.name) tool to get a name for a customer."
            tools.append(contactsTool)
        }
        let before = contactsTool?.pickedNames.count ?? 0
        let session = LanguageModelSession(model: model, tools: tools, instructions: instructions)
        var prompt = EncounterEngine.customerPrompt(rotation: rotation)
        if contactsTool != nil {
            _ = try await session.respond(
                to: "Get a name for the next customer: someone born in month \(birthMonth).", options: options)
            if let name = contactsTool?.pickedNames.dropFirst(before).first {
                // The sample's prompt, with the name in its first sentence (small models copy
                // the first example's name otherwise).
                prompt = prompt.replacingOccurrences(
                    of: "Create an NPC customer", with: "Create an NPC customer named \(ContactTool.firstName(of: name))")
            }
        }
        // The picture's schema is built from the silhouette while the request is made.
        let npc = try await Silhouette.$current.withValue(silhouette) {
            try await session.respond(to: prompt, generating: NPC.self, options: options).content
        }
        let handedOut = contactsTool.map { Array($0.pickedNames.dropFirst(before)) } ?? []
        let isContact = handedOut.contains { name in
            npc.name.localizedCaseInsensitiveContains(ContactTool.firstName(of: name))
        }
        return GeneratedCustomer(npc: npc, isContact: isContact)
    }

    /// The customer's verdict on a drink: feedback in their voice, then a score.
    package struct Verdict: Equatable, Sendable {
        /// What the customer said.
        package let feedback: String
        /// 1…5 stars.
        package let stars: Int
    }

    /// The sample's `judgeDrink`, streamed through `onUpdate`, followed by a rating in the same
    /// conversation.
    package func judgeDrink(
        drink: String, customer: NPC,
        onUpdate: @Sendable (String) async -> Void = { _ in }
    ) async throws -> Verdict {
        let session = LanguageModelSession(model: model) {
            """
            A conversation between a user and a helpful assistant. This is a fantasy RPG
            game that takes place at Dream Coffee, the beloved coffee shop of the dream
            realm. Your role is to pretend to be the following customer:
            \(customer.name): \(customer.picture.imageDescription)
            """
        }
        let prompt = """
            You have just ordered the following drink:
            \(customer.coffeeOrder)
            The barista has just made you this drink:
            \(drink)
            Does this drink match your expectations? Do you like it? You must respond
            with helpful feedback for the barista. If you like your drink, give it a
            compliment. If you dislike your drink, politely tell the barista why.
            """
        var feedback = ""
        for try await snapshot in session.streamResponse(to: prompt, options: options) {
            feedback = snapshot.content
            await onUpdate(feedback)
        }
        let rating = try await session.respond(
            to: "Now rate the drink the barista made you, compared with what you ordered.",
            generating: DrinkRating.self, options: options
        ).content
        return Verdict(feedback: feedback, stars: rating.stars)
    }
}
