import Foundation
import TestSupport
import Testing

@testable import FoundationModels

@Suite struct SessionRespondTests {
    @Test func textResponseJoinsThePiecesAndRecordsTheTurn() async throws {
        let model = ScriptedLanguageModel([.text(["Try the ", "house ", "blend."])])
        let session = LanguageModelSession(model: model, instructions: "You are a barista.")
        let response = try await session.respond(to: "What do you recommend?")

        #expect(response.content == "Try the house blend.")
        #expect(response.rawContent == GeneratedContent("Try the house blend."))
        #expect(kinds(session.transcript) == ["instructions", "prompt", "response"])
        #expect(kinds(response.transcriptEntries) == ["prompt", "response"])
        #expect(response.transcriptEntries.startIndex == 1)
        #expect(Array(response.transcriptEntries) == Array(session.transcript[1...]))

        guard case .instructions(let instructions) = session.transcript[0],
            case .prompt(let prompt) = session.transcript[1],
            case .response(let answer) = session.transcript[2]
        else {
            Issue.record("unexpected entries: \(session.transcript)")
            return
        }
        #expect(text(of: instructions.segments) == "You are a barista.")
        #expect(instructions.toolDefinitions.isEmpty)
        #expect(text(of: prompt.segments) == "What do you recommend?")
        #expect(prompt.responseFormat == nil)
        #expect(text(of: answer.segments) == "Try the house blend.")
    }

    @Test func requestCarriesTheTranscriptOptionsAndNoSchemaForText() async throws {
        let model = ScriptedLanguageModel([.text(["Hi"])])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        let options = GenerationOptions(samplingMode: .greedy, temperature: 0.3, maximumResponseTokens: 12)
        try await session.respond(to: "Hello", options: options)

        let request = try #require(model.requests.first)
        #expect(model.requests.count == 1)
        #expect(kinds(request.transcript) == ["instructions", "prompt"])
        #expect(request.schema == nil)
        #expect(request.generationOptions == options)
        #expect(request.contextOptions.includeSchemaInPrompt == nil)
        #expect(request.enabledToolDefinitions.isEmpty)
    }

    @Test func optionsAndResponseFormatAreRecordedInThePromptEntry() async throws {
        let model = ScriptedLanguageModel([.text([#"{"name": "Mochi", "age": 3}"#])])
        let session = LanguageModelSession(model: model)
        let options = GenerationOptions(samplingMode: .random(top: 5, seed: 42), temperature: 0.7, maximumResponseTokens: 64)
        let response = try await session.respond(to: "A cat", generating: CatProfile.self, options: options)

        guard case .prompt(let prompt) = session.transcript[0] else {
            Issue.record("first entry is not the prompt: \(session.transcript)")
            return
        }
        #expect(prompt.options == options)
        #expect(prompt.responseFormat == Transcript.ResponseFormat(type: CatProfile.self))
        #expect(prompt.responseFormat?.name == "CatProfile")
        #expect(response.content == CatProfile(name: "Mochi", age: 3))
    }

    @Test func noInstructionsAndNoToolsMeansNoInstructionsEntry() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel([.text(["ok"])]))
        #expect(session.transcript.isEmpty)
        try await session.respond(to: "Hi")
        #expect(kinds(session.transcript) == ["prompt", "response"])
    }

    @Test func generatingATypeConstrainsToItsSchemaAndDecodesTheContent() async throws {
        let model = ScriptedLanguageModel([.text([#"{"name": "Mo"#, #"chi", "age": "#, "3}"])])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "A cat", generating: CatProfile.self, includeSchemaInPrompt: false)

        #expect(response.content == CatProfile(name: "Mochi", age: 3))
        #expect(response.rawContent.jsonString == #"{"name": "Mochi", "age": 3}"#)
        let request = try #require(model.requests.first)
        #expect(request.schema.map { $0.isSame(as: CatProfile.generationSchema) } == true)
        #expect(request.contextOptions.includeSchemaInPrompt == false)

        guard case .response(let entry) = session.transcript[1], case .structure(let segment) = entry.segments.first else {
            Issue.record("the response is not structured: \(session.transcript)")
            return
        }
        #expect(entry.segments.count == 1)
        #expect(segment.schemaName == "CatProfile")
        #expect(segment.content == response.rawContent)
    }

    @Test func schemaRequestsReturnGeneratedContent() async throws {
        let model = ScriptedLanguageModel([.text([#"{"origin": "Kenya", "roast": "dark"}"#])])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "A bean", schema: Bean.generationSchema)

        #expect(try response.content.value(String.self, forProperty: "origin") == "Kenya")
        #expect(try response.content.value(Roast.self, forProperty: "roast") == .dark)
        let request = try #require(model.requests.first)
        #expect(request.contextOptions.includeSchemaInPrompt == true)
        guard case .prompt(let prompt) = session.transcript[0] else {
            Issue.record("no prompt entry")
            return
        }
        #expect(prompt.responseFormat == Transcript.ResponseFormat(schema: Bean.generationSchema))
    }

    @Test func builderPromptsAreJoinedWithNewlines() async throws {
        let model = ScriptedLanguageModel([.text(["a"]), .text(["{}"]), .text([#""latte""#])])
        let session = LanguageModelSession(model: model)
        let seasonal = true
        try await session.respond {
            "Write a haiku."
            if seasonal { "Mention autumn." }
        }
        try await session.respond(schema: GenerationSchema(root: .any, definitions: [])) { "Anything" }
        let drink = try await session.respond(generating: String.self) { "A drink" }

        #expect(drink.content == "latte")
        let prompts = model.requests.map { request -> String in
            guard case .prompt(let prompt) = request.transcript.last else { return "?" }
            return text(of: prompt.segments)
        }
        #expect(prompts == ["Write a haiku.\nMention autumn.", "Anything", "A drink"])
    }

    @Test func promptOverloadsTakeAPromptValue() async throws {
        let model = ScriptedLanguageModel([.text(["one"]), .text(["{}"]), .text([#"{"name": "Z", "age": 1}"#])])
        let session = LanguageModelSession(model: model)
        #expect(try await session.respond(to: Prompt("1")).content == "one")
        #expect(
            try await session.respond(to: Prompt("2"), schema: GenerationSchema(root: .any, definitions: [])).content
                == GeneratedContent(properties: [:]))
        #expect(try await session.respond(to: Prompt("3"), generating: CatProfile.self).content == CatProfile(name: "Z", age: 1))
        #expect(session.transcript.count == 6)
    }

    @Test func cutOffStructuredResponsesAreDecodingFailuresAndCommitNothing() async throws {
        let model = ScriptedLanguageModel([.text([#"{"name": "Mo"#]), .text(["not json"]), .text([#"{"name": "Mochi"}"#])])
        let session = LanguageModelSession(model: model)

        let cutOff = await thrownError(GeneratedContent.ParsingError.self) {
            try await session.respond(to: "A cat", generating: CatProfile.self)
        }
        #expect(cutOff != nil)
        #expect(cutOff?.debugDescription.contains("ended before its JSON was complete") == true)

        let notJSON = await thrownError(GeneratedContent.ParsingError.self) {
            try await session.respond(to: "A cat", generating: CatProfile.self)
        }
        #expect(notJSON != nil)

        // Complete JSON that lacks a required property fails in CatProfile's initializer.
        let missing = await thrownError(GeneratedContent.ParsingError.self) {
            try await session.respond(to: "A cat", generating: CatProfile.self)
        }
        #expect(missing != nil)
        #expect(missing?.debugDescription.contains("age") == true)
        #expect(session.transcript.isEmpty)
        #expect(!session.isResponding)
    }

    @Test func unsupportedGuidesAreRejectedBeforeTheModelIsAsked() async throws {
        let model = ScriptedLanguageModel([.text(["{}"])])
        let session = LanguageModelSession(model: model)
        let broken = GenerationSchema(type: Roast.self, anyOf: [] as [any Generable.Type])
        let error = await thrownError(LanguageModelError.self) {
            try await session.respond(to: "A roast", schema: broken)
        }
        guard case .unsupportedGenerationGuide(let guide)? = error else {
            Issue.record("expected unsupportedGenerationGuide, got \(String(describing: error))")
            return
        }
        #expect(guide.debugDescription.contains("no type choices"))
        #expect(guide.schemaName == "Roast")
        #expect(model.requests.isEmpty)
        #expect(session.transcript.isEmpty)
    }

    @Test func executorEntryAndSegmentIDsAreKept() async throws {
        typealias Event = LanguageModelExecutorGenerationChannel.Event
        let model = ScriptedLanguageModel([
            .events([
                Event.response(entryID: "R-1", action: .appendText("Hello", segmentID: "A", tokenCount: 1)),
                Event.response(action: .appendText(", world", tokenCount: 2)),
                Event.response(action: .appendText("Second", segmentID: "B", tokenCount: 1)),
                Event.response(action: .replaceTextSegment("Hi", segmentID: "A", tokenCount: 1)),
                Event.response(action: .appendText("!", segmentID: "A", tokenCount: 1)),
            ])
        ])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "Greet")

        #expect(response.content == "Hi!Second")
        guard case .response(let entry) = session.transcript[1] else {
            Issue.record("no response entry")
            return
        }
        #expect(entry.id == "R-1")
        #expect(entry.segments.map(\.id) == ["A", "B"])
        #expect(entry.segments.map(\.description) == ["Hi!", "Second"])
        #expect(entry.assetIDs.isEmpty)
    }

    @Test func aFailingModelLeavesTheSessionUsable() async throws {
        struct Overheated: Error {}
        let model = ScriptedLanguageModel([.failure(Overheated()), .text(["fine"])])
        let session = LanguageModelSession(model: model, instructions: "x")
        let error = await anyError { try await session.respond(to: "Hi") }
        #expect(error is Overheated)
        #expect(kinds(session.transcript) == ["instructions"])
        #expect(!session.isResponding)
        #expect(try await session.respond(to: "Again").content == "fine")
        #expect(kinds(session.transcript) == ["instructions", "prompt", "response"])
    }

    @available(*, deprecated, message: "A third-party executor's 26.x refusal, which 27.0 deprecates.")
    @Test func aRefusalExplainsItselfWithTheModelThatRefused() async throws {
        let refused = LanguageModelSession.GenerationError.refusal(.init(transcriptEntries: []), .init(debugDescription: "declined"))
        let model = ScriptedLanguageModel([.failure(refused), .text(["It asked ", "for secrets."]), .text(["Secrets."])])
        let session = LanguageModelSession(model: model, instructions: "Keep secrets.")
        var caught: LanguageModelSession.GenerationError.Refusal?
        do {
            try await session.respond(to: "Tell me the secret.")
        } catch LanguageModelSession.GenerationError.refusal(let refusal, let context) {
            caught = refusal
            #expect(context.debugDescription == "declined")
        }
        let refusal = try #require(caught)
        #expect(kinds(session.transcript) == ["instructions"])

        let explanation = try await refusal.explanation
        #expect(explanation.content == "It asked for secrets.")
        let asked = try #require(model.requests.last)
        #expect(kinds(asked.transcript) == ["instructions", "prompt", "prompt"])
        #expect(try await refusal.explanationStream.collect().content == "Secrets.")
    }

    @Test func anExhaustedScriptSaysWhichRequest() async throws {
        let model = ScriptedLanguageModel([.text(["one"])])
        let session = LanguageModelSession(model: model)
        try await session.respond(to: "1")
        let error = await thrownError(ScriptedLanguageModel.ScriptError.self) { try await session.respond(to: "2") }
        #expect(error == .scriptExhausted(requestNumber: 2))
    }
}
