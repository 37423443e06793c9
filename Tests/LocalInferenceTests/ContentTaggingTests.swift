import Foundation
import LocalInference
import TestSupport
import Testing

@testable import FoundationModels

/// `SystemLanguageModel(useCase: .contentTagging)` answers as Apple's tagging adapter does —
/// a short list of tags that apps split on commas — on the local model, which has no adapter
/// (`ContentTagging`); the general use case is left as it is.
@Suite(.serialized) struct ContentTaggingTests {
    static func model(_ useCase: SystemLanguageModel.UseCase) throws -> SystemLanguageModel {
        SystemLanguageModel(useCase: useCase, settings: LocalModelSettings(location: ModelLocation(path: try TestModels.qwenPath())))
    }

    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 40)

    /// The tags of `answer`, split as apps split them (commas and newlines).
    static func tags(_ answer: String) -> [String] {
        answer.split(whereSeparator: { $0 == "," || $0 == "\n" }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func theTaggerAnswersWithShortTagsAndTheTranscriptKeepsOnlyTheConversation() async throws {
        let session = LanguageModelSession(model: try Self.model(.contentTagging))
        let answer = try await session.respond(to: "A joyful dog playing in a sunny park.", options: Self.greedy).content
        let tags = Self.tags(answer)
        #expect((2...8).contains(tags.count), "\(answer)")
        #expect(tags.allSatisfy { $0.split(separator: " ").count <= 4 }, "\(answer)")
        // The tagging request is the model's, as Apple's adapter is: no entry of the session's.
        #expect(session.transcript.count == 2)
        #expect(!"\(session.transcript)".contains(ContentTagging.instructions))
    }

    @Test func theSessionsInstructionsFollowTheTaggingRequest() async throws {
        let session = LanguageModelSession(model: try Self.model(.contentTagging), instructions: "Only tag the animals.")
        let answer = try await session.respond(to: "A dog chased a cat past the bakery.", options: Self.greedy).content
        let tags = Self.tags(answer)
        #expect((1...8).contains(tags.count) && tags.allSatisfy { $0.split(separator: " ").count <= 4 }, "\(answer)")
    }

    @Generable struct Tags {
        @Guide(description: "Topics of the text", .count(3)) var topics: [String]
    }

    @Test func aSchemaStillShapesTheTaggersAnswer() async throws {
        let session = LanguageModelSession(model: try Self.model(.contentTagging))
        let tags = try await session.respond(
            to: "The stock market fell after the central bank raised interest rates.", generating: Tags.self,
            options: GenerationOptions(samplingMode: .greedy)
        ).content
        #expect(tags.topics.count == 3)
        #expect(tags.topics.allSatisfy { !$0.isEmpty })
    }

    /// `contextSize - tokenCount(for: transcript)` is the room a request has, so the tagger's
    /// count holds the tagging request it reads: the general model's count, plus the request
    /// merged into the instructions' system message.
    @Test func theTaggersTokenCountHoldsTheTaggingRequest() async throws {
        let transcript = Transcript(entries: [
            .instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [])),
            .prompt(.init(segments: [.text(.init(content: "A dog chased a cat past the bakery."))])),
        ])
        let general = try await Self.model(.general).tokenCount(for: transcript)
        let tagger = try await Self.model(.contentTagging).tokenCount(for: transcript)
        let engine = try LocalModel.shared(settings: LocalModelSettings(location: ModelLocation(path: try TestModels.qwenPath())))
        let request = engine.tokenizer.encode(ContentTagging.instructions + "\n\n", addSpecialTokens: false).count
        #expect(general > 0)
        #expect(tagger > general)
        #expect(abs(tagger - general - request) <= 2, "tagger \(tagger), general \(general), request \(request)")
    }

    @Test func theTaggingRequestGoesAheadOfTheInstructionsForTheTaggerOnly() {
        let conversation = [ChatMessage(role: .system, content: "Be brief."), ChatMessage(role: .user, content: "Hi")]
        let tagged = ContentTagging.messages(conversation, useCase: .contentTagging)
        #expect(tagged.count == 2)
        #expect(tagged[0].role == .system && tagged[0].content == ContentTagging.instructions + "\n\nBe brief.")
        #expect(tagged[1] == conversation[1])
        let bare = ContentTagging.messages([ChatMessage(role: .user, content: "Hi")], useCase: .contentTagging)
        #expect(bare.map(\.role) == [.system, .user] && bare[0].content == ContentTagging.instructions)
        #expect(ContentTagging.messages(conversation, useCase: .general) == conversation)
    }
}
