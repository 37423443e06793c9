import Foundation
import Testing

@testable import FoundationModels

@Suite struct PromptAndInstructionsTests {
    @Test func builderJoinsLinesAndHandlesControlFlow() {
        let verbose = true
        let brief = false
        let prompt = Prompt {
            "Write a haiku."
            if verbose { "Explain it." }
            if brief { "Be brief." } else { "Take your time." }
            for topic in ["tea", "coffee"] { topic }
            Prompt("End.")
        }
        #expect(prompt.text == "Write a haiku.\nExplain it.\nTake your time.\ntea\ncoffee\nEnd.")
        #expect(prompt.segments.count == 1)
        let instructions = Instructions {
            "You are a barista."
            if brief { "Unused." }
        }
        #expect(instructions.text == "You are a barista.")
        #expect(Instructions("x").text == "x")
        #expect(Prompt(["a", "b"]).text == "a\nb")
    }

    @Test func generableValuesBecomeStructuredSegments() {
        let bean = try! Bean(GeneratedContent(properties: ["origin": "Peru", "roast": "light"]))
        let prompt = Prompt {
            "Describe this bean:"
            bean
            3
        }
        #expect(prompt.segments.count == 3)
        #expect(prompt.segments[1] == .structure(source: "Bean", content: bean.generatedContent))
        #expect(prompt.text == "Describe this bean:\n{\"origin\": \"Peru\", \"roast\": \"light\"}\n3")
        #expect(bean.instructionsRepresentation.segments.count == 1)
    }

    @Test func optionsAndSampling() {
        let options = GenerationOptions(samplingMode: .random(top: 5, seed: 1), temperature: 0.7)
        #expect(options != GenerationOptions())
        #expect(options.maximumResponseTokens == nil)
        #expect(GenerationOptions.SamplingMode.greedy == .greedy)
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: 0.9) != .random(probabilityThreshold: 0.9, seed: 2))
    }
}

@Suite struct GenerationErrorTests {
    @available(*, deprecated, message: "Tests 26.x's GenerationError, which 27.0 deprecates.")
    typealias GenerationError = LanguageModelSession.GenerationError

    /// Every case, in Apple's order.
    @available(*, deprecated, message: "Tests 26.x's GenerationError, cases 27.0 deprecates included.")
    static func allCases(_ context: GenerationError.Context) -> [GenerationError] {
        [
            .exceededContextWindowSize(context), .assetsUnavailable(context), .guardrailViolation(context),
            .unsupportedGuide(context), .unsupportedLanguageOrLocale(context), .decodingFailure(context),
            .rateLimited(context), .concurrentRequests(context), .refusal(.init(transcriptEntries: []), context),
        ]
    }

    /// The position of a case in Apple's declaration order (an exhaustive switch keeps this
    /// list honest).
    @available(*, deprecated, message: "Tests 26.x's GenerationError, cases 27.0 deprecates included.")
    static func ordinal(_ error: GenerationError) -> Int {
        switch error {
        case .exceededContextWindowSize: 0
        case .assetsUnavailable: 1
        case .guardrailViolation: 2
        case .unsupportedGuide: 3
        case .unsupportedLanguageOrLocale: 4
        case .decodingFailure: 5
        case .rateLimited: 6
        case .concurrentRequests: 7
        case .refusal: 8
        }
    }

    @available(*, deprecated, message: "Tests 26.x's GenerationError, cases 27.0 deprecates included.")
    @Test func casesInOrderWithDescriptions() {
        let errors = Self.allCases(.init(debugDescription: "details"))
        #expect(errors.map(Self.ordinal) == Array(0..<9))
        let descriptions = errors.compactMap(\.errorDescription)
        #expect(Set(descriptions).count == 9)
        for error in errors {
            #expect(error.failureReason == "details")
            #expect(error.recoverySuggestion?.isEmpty == false)
            #expect(error.localizedDescription == error.errorDescription)
        }
    }

    @Test func schemaErrorsDescribeThemselves() {
        let context = GenerationSchema.SchemaError.Context(debugDescription: "d")
        let errors: [GenerationSchema.SchemaError] = [
            .duplicateType(schema: nil, type: "A", context: context),
            .duplicateProperty(schema: "S", property: "p", context: context),
            .emptyTypeChoices(schema: "E", context: context),
            .undefinedReferences(schema: "R", references: ["X", "Y"], context: context),
        ]
        #expect(
            errors.compactMap(\.errorDescription) == [
                "The type 'A' is defined more than once.",
                "The schema 'S' has more than one property named 'p'.",
                "The schema 'E' has no choices.",
                "The schema 'R' refers to undefined types: 'X', 'Y'.",
            ])
        #expect(errors.allSatisfy { $0.recoverySuggestion != nil })
    }

    @Test func feedbackTypes() {
        #expect(LanguageModelFeedback.Sentiment.allCases == [.positive, .negative, .neutral])
        #expect(LanguageModelFeedback.Issue.Category.allCases.count == 8)
        _ = LanguageModelFeedback.Issue(category: .incorrect, explanation: "wrong year")
    }
}
