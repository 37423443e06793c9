import Foundation
import FoundationModels
import LocalInference
import Synchronization
import TestSupport
import Testing

/// A tool that records each call, whatever it is asked.
private final class LookupTool: Tool {
    let name = "lookup"
    let description = "Looks up a fact about a topic."

    @Generable struct Arguments {
        @Guide(description: "The topic to look up") var topic: String
    }

    let calls = Mutex(0)
    /// The call that throws `Enough` (ending a `.required` request, as Apple documents), if any.
    let throwsAtCall: Int?

    /// The error that ends a `.required` request.
    struct Enough: Error {}

    init(throwsAtCall: Int? = nil) {
        self.throwsAtCall = throwsAtCall
    }

    func call(arguments: Arguments) async throws -> String {
        let count = calls.withLock {
            $0 += 1; return $0
        }
        if count == throwsAtCall { throw Enough() }
        return "No more is known about \(arguments.topic)."
    }
}

/// `GenerationOptions.toolCallingMode` on the real model, enforced by the grammar: `.required`
/// makes every request start with a call, `.disallowed` makes a call impossible, over prompts
/// that do and do not invite one.
@Suite(.serialized) struct LocalToolCallingModeTests {
    static let prompts = [
        "Tell me about Paris.", "What is 2 + 2?", "Write a haiku about rain.", "Who wrote Hamlet?", "Say hello.",
        "What is the boiling point of water?", "Describe a cat.", "Name three colors.", "How far is the Moon?", "Translate 'bonjour'.",
        "What is photosynthesis?", "Give me a pun.", "When did World War II end?", "What is Swift?", "List two prime numbers.",
        "What does DNA stand for?", "Recommend a book.", "What is the capital of Japan?", "Explain gravity briefly.", "Thank you!",
    ]

    /// How many of the prompts made the model call the tool under `mode`. Under `.required` the
    /// session keeps calling tools until one throws (Apple's contract), so the tool throws at
    /// its first call and the request ends with that `ToolCallError`.
    private func requestsWithCalls(_ mode: GenerationOptions.ToolCallingMode) async throws -> Int {
        var withCalls = 0
        for prompt in Self.prompts {
            let tool = LookupTool(throwsAtCall: mode == .required ? 1 : nil)
            let session = LanguageModelSession(tools: [tool], instructions: "Answer the user. You may use the lookup tool.")
            do {
                _ = try await session.respond(
                    to: prompt, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60, toolCallingMode: mode))
            } catch let error as LanguageModelSession.ToolCallError where error.underlyingError is LookupTool.Enough {
            }
            if tool.calls.withLock({ $0 }) > 0 { withCalls += 1 }
        }
        return withCalls
    }

    @Test func requiredKeepsCallingToolsUntilOneThrows() async throws {
        let tool = LookupTool(throwsAtCall: 3)
        let session = LanguageModelSession(tools: [tool], instructions: "Answer the user. You may use the lookup tool.")
        await #expect(throws: LanguageModelSession.ToolCallError.self) {
            try await session.respond(
                to: "Say hello.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60, toolCallingMode: .required))
        }
        // Every step had to call: the answer never came before the third call threw.
        #expect(tool.calls.withLock { $0 } == 3)
    }

    @Test func requiredMakesEveryRequestCallATool() async throws {
        let withCalls = try await requestsWithCalls(.required)
        print("toolCallingMode(.required): \(withCalls)/\(Self.prompts.count) requests called the tool")
        #expect(withCalls == Self.prompts.count)
    }

    @Test func disallowedMakesNoRequestCallATool() async throws {
        let withCalls = try await requestsWithCalls(.disallowed)
        print("toolCallingMode(.disallowed): \(withCalls)/\(Self.prompts.count) requests called the tool")
        #expect(withCalls == 0)
    }

    @Test func usageCountsTheTokensTheModelRead() async throws {
        let session = LanguageModelSession(instructions: "Answer in one sentence.")
        let response = try await session.respond(
            to: "What is the capital of Japan?", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 30))
        let promptEntries = response.transcriptEntries.dropLast()
        let counted = try await SystemLanguageModel.default.tokenCount(for: Array(session.transcript.prefix(1)) + Array(promptEntries))
        print(
            "usage: input \(response.usage.input.totalTokenCount) (cached \(response.usage.input.cachedTokenCount)), output \(response.usage.output.totalTokenCount); tokenCount(for:) \(counted)"
        )
        #expect(response.usage.input.totalTokenCount > 0)
        #expect(response.usage.output.totalTokenCount > 0)
        // What the model read is the transcript as `tokenCount(for:)` counts it, plus the header
        // that opens its answer (`<|im_start|>assistant\n`), nothing cached in a fresh session.
        let renderer = try LocalModel.shared(at: ModelLocation(path: try TestModels.qwenPath())).renderer
        let message = [ChatMessage(role: .user, content: "x")]
        let header =
            try renderer.tokens(for: ChatPrompt(messages: message, addGenerationPrompt: true)).count
            - renderer.tokens(for: ChatPrompt(messages: message, addGenerationPrompt: false)).count
        #expect(response.usage.input.totalTokenCount == counted + header)
        #expect(session.usage.totalTokenCount == response.usage.totalTokenCount)
    }
}
