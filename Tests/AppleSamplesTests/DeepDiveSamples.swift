// The 16 code samples of the WWDC25 session 301 "Deep dive into the Foundation Models framework"
// (../shared/seeds/wwdc25-301-deep-dive-en.md, "Code Samples"), in order, each compiled with a
// plain `import FoundationModels`. Blocks are numbered as they appear; the chapter of the session
// they belong to is named beside them. Whitespace is normalised (the transcript splits tokens
// over lines); nothing else is changed except where a line says `// EDIT:`, always because the
// sample, as printed, is not valid Swift against any version of Apple's framework (a `...`
// elision, a missing `try await`, a helper the sample assumes but never shows). Statements are
// wrapped in functions whose parameters are the free variables they use; types that several
// samples declare under one name live in caseless namespaces `DeepDive<block>`.
//
// Two samples use API of Apple's first beta that was removed before 26.0, and compile here
// because the module keeps it, deprecated (see Sources/FoundationModels/README.md, "Apple's
// samples"): `Transcript.entries` (block 3) and `ToolOutput` (blocks 13, 15, 16).
//
// `import Contacts` and `import EventKit` (blocks 13, 15, 16) are dropped: those frameworks do not
// exist on Linux; FrameworkStandIns.swift has the Contacts names block 13 uses.

import Foundation
import FoundationModels
import RegexBuilder

// MARK: - Block 1 (Sessions): prompting a session

func respond(userInput: String) async throws -> String {
    let session = LanguageModelSession(
        instructions: """
            You are a friendly barista in a world full of pixels.
            Respond to the player’s question.
            """
    )
    let response = try await session.respond(to: userInput)
    return response.content
}

// MARK: - Block 2 (Sessions): handling context size errors with a new session

func deepDiveBlock2(prompt: String) async throws {
    var session = LanguageModelSession()

    do {
        let answer = try await session.respond(to: prompt)
        print(answer.content)
    } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
        // New session, without any history from the previous session.
        session = LanguageModelSession()
    }
}

// MARK: - Block 3 (Sessions): carrying some history over to a new session

func deepDiveBlock3(prompt: String) async throws {
    var session = LanguageModelSession()

    do {
        let answer = try await session.respond(to: prompt)
        print(answer.content)
    } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
        // New session, with some history from the previous session.
        session = newSession(previousSession: session)
    }
}

private func newSession(previousSession: LanguageModelSession) -> LanguageModelSession {
    let allEntries = previousSession.transcript.entries
    var condensedEntries = [Transcript.Entry]()
    if let firstEntry = allEntries.first {
        condensedEntries.append(firstEntry)
        if allEntries.count > 1, let lastEntry = allEntries.last {
            condensedEntries.append(lastEntry)
        }
    }
    let condensedTranscript = Transcript(entries: condensedEntries)
    // Note: transcript includes instructions.
    return LanguageModelSession(transcript: condensedTranscript)
}

/// Block 3's `newSession(previousSession:)`, for the tests (it is private to this file, as in the
/// sample).
func deepDiveNewSession(previousSession: LanguageModelSession) -> LanguageModelSession {
    newSession(previousSession: previousSession)
}

// MARK: - Block 4 (Sessions): sampling options
// The block declares `response` three times in one scope, as three alternatives; each one is
// wrapped in its own function.

func deepDiveBlock4Deterministic(session: LanguageModelSession, prompt: String) async throws -> LanguageModelSession.Response<String> {
    // Deterministic output
    let response = try await session.respond(
        to: prompt,
        options: GenerationOptions(sampling: .greedy)
    )
    return response
}

func deepDiveBlock4LowVariance(session: LanguageModelSession, prompt: String) async throws -> LanguageModelSession.Response<String> {
    // Low-variance output
    let response = try await session.respond(
        to: prompt,
        options: GenerationOptions(temperature: 0.5)
    )
    return response
}

func deepDiveBlock4HighVariance(session: LanguageModelSession, prompt: String) async throws -> LanguageModelSession.Response<String> {
    // High-variance output
    let response = try await session.respond(
        to: prompt,
        options: GenerationOptions(temperature: 2.0)
    )
    return response
}

// MARK: - Block 5 (Sessions): unsupported languages

func deepDiveBlock5(userInput: String) async throws {
    var session = LanguageModelSession()

    do {
        let answer = try await session.respond(to: userInput)
        print(answer.content)
    } catch LanguageModelSession.GenerationError.unsupportedLanguageOrLocale {
        // Unsupported language in prompt.
    }

    let supportedLanguages = SystemLanguageModel.default.supportedLanguages
    guard supportedLanguages.contains(Locale.current.language) else {
        // Show message
        return
    }
}

// MARK: - Block 6 (Generable): generating a type

enum DeepDive6 {
    @Generable
    struct NPC {
        let name: String
        let coffeeOrder: String
    }

    static func makeNPC() async throws -> NPC { // EDIT: `static`, inside the namespace
        let session = LanguageModelSession(instructions: "You are a game designer.") // EDIT: the sample elides the instructions (`...`)
        let response = try await session.respond(generating: NPC.self) {
            "Generate a character that orders a coffee."
        }
        return response.content
    }
}

// MARK: - Block 7 (Generable): the generable type alone

enum DeepDive7 {
    @Generable
    struct NPC {
        let name: String
        let coffeeOrder: String
    }
}

// MARK: - Block 8 (Generable): an enum with associated values

enum DeepDive8 {
    @Generable
    struct NPC {
        let name: String
        let encounter: Encounter

        @Generable
        enum Encounter {
            case orderCoffee(String)
            case wantToTalkToManager(complaint: String)
        }
    }
}

// MARK: - Block 9 (Generable): guides

enum DeepDive9 {
    @Generable
    struct NPC {
        @Guide(description: "A full name")
        let name: String
        @Guide(.range(1...10))
        let level: Int
        @Guide(.count(3))
        let attributes: [Attribute]
        let encounter: Encounter

        @Generable
        enum Attribute {
            case sassy
            case tired
            case hungry
        }
        @Generable
        enum Encounter {
            case orderCoffee(String)
            case wantToTalkToManager(complaint: String)
        }
    }
}

// MARK: - Block 10 (Generable): a regex guide

enum DeepDive10 {
    @Generable
    struct NPC {
        @Guide(
            Regex {
                Capture {
                    ChoiceOf {
                        "Mr"
                        "Mrs"
                    }
                }
                ". "
                OneOrMore(.word)
            })
        let name: String
    }

    static func generate(session: LanguageModelSession) async throws {
        try await session.respond(to: "Generate a fun NPC", generating: NPC.self) // EDIT: `try await`, missing in the sample
        // > {name: "Mrs. Brewster"}
    }
}

// MARK: - Block 11 (Dynamic schemas): a nested generable type

enum DeepDive11 {
    @Generable
    struct Riddle {
        let question: String
        let answers: [Answer]

        @Generable
        struct Answer {
            let text: String
            let isCorrect: Bool
        }
    }
}

// MARK: - Block 12 (Dynamic schemas): building the same schema at run time

enum DeepDive12 {
    struct LevelObjectCreator {
        var properties: [DynamicGenerationSchema.Property] = []
        var name: String // EDIT: the sample uses `name` and `LevelObjectCreator(name:)` but never declares it

        mutating func addStringProperty(name: String) {
            let property = DynamicGenerationSchema.Property(
                name: name,
                schema: DynamicGenerationSchema(type: String.self)
            )
            properties.append(property)
        }

        mutating func addArrayProperty(name: String, customType: String) {
            let property = DynamicGenerationSchema.Property(
                name: name,
                schema: DynamicGenerationSchema(
                    arrayOf: DynamicGenerationSchema(referenceTo: customType)
                )
            )
            properties.append(property)
        }

        var root: DynamicGenerationSchema {
            DynamicGenerationSchema(
                name: name,
                properties: properties
            )
        }
    }

    static func run() async throws -> (question: String, answers: [GeneratedContent]) {
        var riddleBuilder = LevelObjectCreator(name: "Riddle")
        riddleBuilder.addStringProperty(name: "question")
        riddleBuilder.addArrayProperty(name: "answers", customType: "Answer")

        var answerBuilder = LevelObjectCreator(name: "Answer")
        answerBuilder.addStringProperty(name: "text")
        answerBuilder.addBoolProperty(name: "isCorrect")

        let riddleDynamicSchema = riddleBuilder.root
        let answerDynamicSchema = answerBuilder.root

        let schema = try GenerationSchema(
            root: riddleDynamicSchema,
            dependencies: [answerDynamicSchema]
        )

        let session = LanguageModelSession()
        let response = try await session.respond(
            to: "Generate a fun riddle about coffee",
            schema: schema
        )
        let generatedContent = response.content
        let question = try generatedContent.value(String.self, forProperty: "question")
        let answers = try generatedContent.value([GeneratedContent].self, forProperty: "answers")
        return (question, answers)
    }
}

extension DeepDive12.LevelObjectCreator {
    // EDIT: the sample calls `addBoolProperty(name:)` but shows only its string sibling.
    mutating func addBoolProperty(name: String) {
        properties.append(DynamicGenerationSchema.Property(name: name, schema: DynamicGenerationSchema(type: Bool.self)))
    }
}

// MARK: - Blocks 13 and 14 (Tool calling): a tool, and a session that uses it

enum DeepDive13 {
    struct FindContactTool: Tool {
        let name = "findContact"
        let description = "Finds a contact from a specified age generation."

        @Generable
        struct Arguments {
            let generation: Generation

            @Generable
            enum Generation {
                case babyBoomers
                case genX
                case millennial
                case genZ
            }
        }

        func call(arguments: Arguments) async throws -> ToolOutput {
            let store = CNContactStore()

            let keysToFetch = [CNContactGivenNameKey, CNContactBirthdayKey] as [CNKeyDescriptor]
            let request = CNContactFetchRequest(keysToFetch: keysToFetch)

            var contacts: [CNContact] = []
            try store.enumerateContacts(with: request) { contact, stop in
                if let year = contact.birthday?.year {
                    if arguments.generation.yearRange.contains(year) {
                        contacts.append(contact)
                    }
                }
            }
            guard let pickedContact = contacts.randomElement() else {
                return ToolOutput("Could not find a contact.")
            }
            return ToolOutput(pickedContact.givenName)
        }
    }

    // Block 14
    static func makeSession() -> LanguageModelSession {
        let session = LanguageModelSession(
            tools: [FindContactTool()],
            instructions: "Generate fun NPCs"
        )
        return session
    }
}

extension DeepDive13.FindContactTool.Arguments.Generation {
    // EDIT: the sample uses `yearRange` but never shows it.
    var yearRange: ClosedRange<Int> {
        switch self {
        case .babyBoomers: 1946...1964
        case .genX: 1965...1980
        case .millennial: 1981...1996
        case .genZ: 1997...2012
        }
    }
}

// MARK: - Block 15 (Tool calling): a stateful tool that avoids picking a contact twice

enum DeepDive15 {
    class FindContactTool: Tool {
        let name = "findContact"
        let description = "Finds a contact from a specified age generation."

        var pickedContacts = Set<String>()

        // EDIT: the sample elides these (`...`): block 13's arguments, and the fetched contacts.
        typealias Arguments = DeepDive13.FindContactTool.Arguments
        var contacts: [CNContact] = CNContactStore.book

        func call(arguments: Arguments) async throws -> ToolOutput {
            contacts.removeAll(where: { pickedContacts.contains($0.givenName) })
            guard let pickedContact = contacts.randomElement() else {
                return ToolOutput("Could not find a contact.")
            }
            return ToolOutput(pickedContact.givenName)
        }
    }
}

// A class with mutable state is not `Sendable` (which `Tool` requires) in Swift 6 mode, and the
// sample does not say how its state is protected; it is only called serially in the tests.
extension DeepDive15.FindContactTool: @unchecked Sendable {}

// MARK: - Block 16 (Tool calling): a tool with a stored property

enum DeepDive16 {
    struct GetContactEventTool: Tool {
        let name = "getContactEvent"
        let description = "Get an event with a contact."

        let contactName: String

        @Generable
        struct Arguments {
            let day: Int
            let month: Int
            let year: Int
        }

        func call(arguments: Arguments) async throws -> ToolOutput {
            ToolOutput("No event with \(contactName) on \(arguments.year)-\(arguments.month)-\(arguments.day).")
        } // EDIT: the sample elides the body (`...`)
    }
}
