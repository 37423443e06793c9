// The code samples of Apple's sample code page "Generate dynamic game content with guided
// generation and tools" (../shared/seeds/sample-game-generate-dynamic-game-content.md), in order,
// each compiled with a plain `import FoundationModels` and unchanged but for whitespace.
//
// The page shows fragments of the game (Dream Coffee); each sits here in the smallest piece of the
// game it assumes: the `Character` protocol, the `DialogEngine` (which owns the session the
// fragments talk to), the `EncounterEngine`, the tools, and `GenerableImage`, whose schema the
// page says is built at run time. Those surroundings are ours, written from the page's prose; the
// fragments inside them are Apple's text.

import Foundation
import FoundationModels

enum SampleGame {
    /// A character the player can talk to (the game's protocol, assumed by the page).
    protocol Character {
        var id: UUID { get }
        var displayName: String { get }
        var firstLine: String { get }
        var persona: String { get }
        var errorResponse: String { get }
        var resumeConversationLine: String { get }
    }

    // MARK: "Generate character dialog": the barista

    struct Barista: Character {
        let id = UUID()
        let displayName = "Barista"
        let firstLine = "Hey there. Can you get the dream orders?"

        let persona = """
            Chike is the head barista at Dream Coffee, and loves serving up the perfect cup of coffee
            to all the dreamers and creatures in the dream realm. Today is a particularly busy day, so
            Chike is happy to have the help of a new trainee barista named Player.
            """

        let errorResponse = "Maybe let's stop chatting? We've got coffee to serve."
    }

    /// A customer the encounter engine generated (assumed by the page).
    struct GeneratedCustomer: Character {
        let id = UUID()
        let npc: NPC
        var displayName: String { npc.name }
        var firstLine: String { npc.coffeeOrder }
        var persona: String { "\(npc.name), \(npc.picture.imageDescription)" }
        let errorResponse = "Just my coffee, please."
    }

    /// Keeps one session per conversation and the line the character says next.
    final class DialogEngine {
        var session: LanguageModelSession
        var nextUtterance: String?
        var isGenerating = false
        /// Words and phrases characters must not say (the page's block lists).
        let blockedPhrases = ["politics", "stock market"]

        init(session: LanguageModelSession) {
            self.session = session
        }

        func textIsOK(_ text: String) -> Bool {
            !blockedPhrases.contains { text.localizedCaseInsensitiveContains($0) }
        }

        // MARK: "Generate character dialog": instructions, and
        // MARK: "Use tools to personalize game content": the calendar tool for customers

        func resetSession(_ character: any Character, startWith: String) {
            let instructions = """
                A multiturn conversation between a game character and the player of this game. \
                You are \(character.displayName). Refer to \(character.displayName) in the first-person \
                (like "I" or "me"). You must respond in the voice of \(character.persona).\

                Keep your responses short and positive. Remember: Because this is the dream realm, \
                everything is free at this coffee shop and the baristas are paid in creative inpiration.

                You just said: "\(startWith)"
                """

            var newSession = LanguageModelSession(instructions: instructions)
            if let customer = character as? GeneratedCustomer {
                newSession = LanguageModelSession(
                    tools: [CalendarTool(contactName: customer.displayName)],
                    instructions: instructions
                )
            }
            session = newSession
        }

        // MARK: "Generate character dialog": talking, with the block list

        func talk(to character: any Character, userInput: String) async throws {
            let response = try await session.respond(
                to: userInput
            )
            let dialog = response.content

            // Verify whether the input contains any blocked words or phrases.
            if textIsOK(dialog) {
                nextUtterance = dialog
                isGenerating = false
            } else {
                nextUtterance = character.errorResponse
                isGenerating = false
                resetSession(character, startWith: character.resumeConversationLine)
            }
        }
    }

    // MARK: "Generate random encounters": the NPC

    @Generable
    struct NPC: Equatable {
        let name: String
        let coffeeOrder: String
        let picture: GenerableImage
    }

    /// A picture to draw with Image Playground, described by the model; its schema is built at run
    /// time with `DynamicGenerationSchema` (assumed by the page, which describes but does not
    /// show it).
    struct GenerableImage: Generable, Equatable {
        let imageDescription: String

        init(imageDescription: String) {
            self.imageDescription = imageDescription
        }

        static var generationSchema: GenerationSchema {
            let root = DynamicGenerationSchema(
                name: "GenerableImage",
                description: "A picture of a fantastical creature, animal or object, never a human",
                properties: [
                    DynamicGenerationSchema.Property(
                        name: "imageDescription",
                        description: "What the picture shows, in one sentence",
                        schema: DynamicGenerationSchema(type: String.self)
                    )
                ]
            )
            do {
                return try GenerationSchema(root: root, dependencies: [])
            } catch {
                preconditionFailure("GenerableImage's schema is invalid: \(error)")
            }
        }

        init(_ content: GeneratedContent) throws {
            imageDescription = try content.value(forProperty: "imageDescription")
        }

        var generatedContent: GeneratedContent {
            GeneratedContent(properties: ["imageDescription": imageDescription])
        }
    }

    enum EncounterEngine {
        // MARK: "Generate random encounters": generating an NPC

        static func generateNPC() async throws -> NPC {
            let session = LanguageModelSession {
                """
                A conversation between the Player and a helpful assistant. This is a fantasy
                RPG game that takes place at Dream Coffee, the beloved coffee shop of the
                dream realm. Your role is to use your imagination to generate fun game characters.
                """
            }
            let prompt = """
                Create an NPC customer with a fun personality suitable for the dream realm. Have the customer order
                coffee. Here are some examples to inspire you:
                {name: "Thimblefoot", imageDescription: "A horse with a rainbow mane",
                coffeeOrder: "I would like a coffee that's refreshing and sweet like grass of a summer meadow"}
                {name: "Spiderkid", imageDescription: "A furry spider with a cool baseball cap",
                coffeeOrder: "An iced coffee please, that's as spooky as me!"}
                {name: "Wise Fairy", imageDescription: "A blue glowing fairy that radiates wisdom and sparkles",
                coffeeOrder: "Something simple and plant-based please, that will restore my wise energy."}
                """

            // Generate the NPC using the custom generable type.
            let npc = try await session.respond(
                to: prompt,
                generating: NPC.self,
            ).content
            return npc
        }

        // MARK: "Use a language model to judge in-game creations"

        static func judgeDrink(drink: String, customer: NPC) async throws -> String {
            let session = LanguageModelSession {
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
            return try await session.respond(to: prompt).content
        }
    }

    // MARK: "Use tools to personalize game content": the calendar tool's description

    /// Finds an event with a contact in the player's calendar (EventKit in the game; here it
    /// knows no events).
    struct CalendarTool: Tool {
        let name = "getCalendarEvent"
        let description: String
        let contactName: String

        @Generable
        struct Arguments {
            @Guide(description: "The day of the month")
            let day: Int
        }

        init(contactName: String) {
            self.contactName = contactName
            description = """
                Get an event from the player's calendar with \(contactName). \
                Today is \(Date().formatted(date: .complete, time: .omitted))
                """
        }

        func call(arguments: Arguments) async throws -> String {
            "No event with \(contactName) that day."
        }
    }

    // MARK: "Use tools to personalize game content": the contacts tool

    /// Finds names of the player's contacts born in a month (Contacts in the game; here a fixed
    /// list).
    struct ContactTool: Tool {
        let name = "getContactName"
        let description = "Gets the name of a contact born in a given month."

        @Generable
        struct Arguments {
            @Guide(description: "The month, from 1 to 12", .range(1...12))
            let month: Int
        }

        func call(arguments: Arguments) async throws -> String {
            arguments.month == 6 ? "Priya" : "Nobody"
        }
    }

    static func makeCustomerSession(contactsTool: ContactTool) -> LanguageModelSession {
        let session = LanguageModelSession(
            tools: [contactsTool],
            instructions: """
                Use the \(contactsTool.name) tool to get a name for a customer.
                """
        )
        return session
    }
}

extension SampleGame.Character {
    /// What the character says when a conversation starts over (the game's default).
    var resumeConversationLine: String { "So, where were we?" }
}
