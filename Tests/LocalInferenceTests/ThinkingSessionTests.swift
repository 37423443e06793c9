import Foundation
import Synchronization
import Testing

@_spi(LocalEngine) @testable import FoundationModels
@testable import LocalInference

/// A thinking model through Apple's API: `LanguageModelSession` on the local backend over a
/// synthetic model with Qwen3's template and think tokens, its logits scripted
/// (`ScriptedThinker`) so that it thinks, then answers. The thoughts become the step's
/// `Transcript.Entry.reasoning` (and usage's `reasoningTokenCount`), never response text; a
/// `@Generable` answer parses after thinking; `reasoningLevel` switches thinking and sets the
/// budget; earlier thinking is rendered back as Qwen3's template wants.
@Suite(.serialized) struct ThinkingSessionTests {
    @Generable struct Weather {
        var city: String
        var degrees: Int
    }

    /// A session on a fresh thinking model whose every generation follows `script` (made from
    /// the model's vocabulary); `body` gets the session and the sources each generation used.
    static func withSession(
        script: @escaping @Sendable (LocalModel) -> ScriptedThinker,
        _ body: (LanguageModelSession, LocalModel, () -> [ScriptedThinker]) async throws -> Void
    ) async throws {
        let (local, path) = try ThinkingModel.qwen3()
        defer { TemplateErrorTests.remove(model: path) }
        let sources = Mutex<[ScriptedThinker]>([])
        local.scriptedLogits.withLock {
            $0 = {
                let source = script(local)
                sources.withLock { $0.append(source) }
                return source
            }
        }
        let backend = LocalModelBackend(location: ModelLocation(path: path), contextSize: 256)
        let model = SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
        try await body(LanguageModelSession(model: model), local, { sources.withLock { $0 } })
    }

    static func id(_ piece: String, in model: LocalModel) -> Int { model.tokenizer.configuration.tokens.firstIndex(of: piece)! }

    /// `<think>` thought `</think>` answer `<|im_end|>`.
    static func script(thought: String, answer: String, detours: [String: Int] = [:]) -> @Sendable (LocalModel) -> ScriptedThinker {
        { model in
            let (think, unthink, end) = (id("<think>", in: model), id("</think>", in: model), id("<|im_end|>", in: model))
            let tokens = [think] + ThinkingModel.bytes(thought) + [unthink] + ThinkingModel.bytes(answer) + [end]
            // A detour ("S" at "{") makes the model prefer junk where the answer's first `{` is.
            var at: [Int: Int] = [:]
            if let junk = detours["{"], let brace = answer.utf8.firstIndex(of: UInt8(ascii: "{")) {
                at[thought.utf8.count + 2 + answer.utf8.distance(from: answer.utf8.startIndex, to: brace)] = junk
            }
            return ScriptedThinker(script: tokens, detours: at, vocabularySize: model.vocabulary.tokenCount, closer: unthink)
        }
    }

    static let greedy = GenerationOptions(samplingMode: .greedy)

    static func prompt(of source: ScriptedThinker, _ model: LocalModel) -> String {
        model.tokenizer.decode(Array(source.tokens.prefix(source.promptCount)))
    }

    @Test func thoughtsBecomeTheReasoningEntryAndOnlyTheAnswerIsTheResponse() async throws {
        try await Self.withSession(script: Self.script(thought: "\nThe user says hi.\n", answer: "\n\nHello!")) { session, local, sources in
            let response = try await session.respond(to: "Hi", options: Self.greedy)
            #expect(response.content == "Hello!")
            let entries = Array(session.transcript)
            try #require(entries.count == 3)
            guard case .prompt = entries[0], case .reasoning(let reasoning) = entries[1], case .response(let answer) = entries[2] else {
                Issue.record("entries: \(entries)")
                return
            }
            #expect(reasoning.description == "The user says hi.")
            #expect(answer.segments.map(\.description).joined() == "Hello!")
            // <think>, 19 characters of thoughts, </think>, two newlines; then "Hello!".
            #expect(response.usage.output.reasoningTokenCount == 1 + 19 + 1 + 2)
            #expect(response.usage.output.totalTokenCount == 23 + 6)
            // No level: the template's default (Qwen3 thinks), the generation prompt as it is.
            #expect(Self.prompt(of: sources()[0], local).hasSuffix("<|im_start|>assistant\n"))

            // The next turn: Qwen3's template drops an earlier turn's thinking from the history.
            _ = try await session.respond(to: "Again", options: Self.greedy)
            let second = Self.prompt(of: sources()[1], local)
            #expect(second.contains("<|im_start|>assistant\nHello!<|im_end|>") && !second.contains("The user says hi."), "\(second)")
        }
    }

    @Test func aGenerableAnswerParsesAfterUnconstrainedThoughts() async throws {
        let script = Self.script(
            thought: "\nThey want {\"bogus\": [1, 2} and <b>no</b> schema here.\n",
            answer: "\n\n{\"city\": \"Paris\", \"degrees\": 21}", detours: ["{": Int(UInt8(ascii: "S"))])
        try await Self.withSession(script: script) { session, local, sources in
            let response = try await session.respond(
                to: "Weather in Paris?", generating: Weather.self, options: Self.greedy,
                contextOptions: ContextOptions(includeSchemaInPrompt: true, reasoningLevel: .moderate))
            #expect(response.content.city == "Paris" && response.content.degrees == 21)
            let reasoning = session.transcript.compactMap { if case .reasoning(let r) = $0 { r } else { nil } }
            #expect(reasoning.map(\.description) == ["They want {\"bogus\": [1, 2} and <b>no</b> schema here."])
            #expect(Self.prompt(of: sources()[0], local).hasSuffix("<|im_start|>assistant\n"))
        }
    }

    @Test func thinkingOffRendersTheEmptyBlockAndRecordsNoReasoning() async throws {
        // The model would open a block first, but with thinking off `<think>` is not allowed.
        let script: @Sendable (LocalModel) -> ScriptedThinker = { model in
            ScriptedThinker(
                script: ThinkingModel.bytes("Hello!") + [Self.id("<|im_end|>", in: model)], detours: [0: Self.id("<think>", in: model)],
                vocabularySize: model.vocabulary.tokenCount)
        }
        try await Self.withSession(script: script) { session, local, sources in
            let response = try await session.respond(
                to: "Hi", options: Self.greedy, contextOptions: ContextOptions(reasoningLevel: .custom("none")))
            #expect(response.content == "Hello!")
            #expect(Self.prompt(of: sources()[0], local).hasSuffix("<|im_start|>assistant\n<think>\n\n</think>\n\n"))
            #expect(!session.transcript.contains { if case .reasoning = $0 { true } else { false } })
            #expect(response.usage.output.reasoningTokenCount == 0)
        }
    }

    @Test func theBudgetForcesTheCloser() async throws {
        let script = Self.script(thought: String(repeating: "la ", count: 40), answer: "\n\nDone.")
        try await Self.withSession(script: script) { session, _, _ in
            // `.light` within 40 tokens: at most 20 tokens of thoughts.
            let response = try await session.respond(
                to: "Sing", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 40),
                contextOptions: ContextOptions(reasoningLevel: .light))
            #expect(response.content == "Done.")
            let reasoning = session.transcript.compactMap { if case .reasoning(let r) = $0 { r.description } else { nil } }
            #expect(reasoning == ["la la la la la la la"])
            #expect(response.usage.output.reasoningTokenCount == 1 + 20 + 1 + 2)
        }
    }

    @Test func theReasoningLevelMapsToTheSwitchAndTheBudget() {
        typealias LocalThinking = ThinkingSessionTests.Thinking
        #expect(LocalThinking(level: nil) == LocalThinking(enabled: nil, budget: 1024))
        #expect(LocalThinking(level: .light) == LocalThinking(enabled: true, budget: 256))
        #expect(LocalThinking(level: .moderate) == LocalThinking(enabled: true, budget: 1024))
        #expect(LocalThinking(level: .deep) == LocalThinking(enabled: true, budget: nil))
        #expect(LocalThinking(level: .custom("none")) == LocalThinking(enabled: false, budget: nil))
        #expect(LocalThinking(level: .custom("high")) == LocalThinking(enabled: true, budget: nil))
        #expect(LocalThinking(level: .deep, maximumResponseTokens: 300) == LocalThinking(enabled: true, budget: 150))
        #expect(LocalThinking(level: .custom("none"), maximumResponseTokens: 300) == LocalThinking(enabled: false, budget: nil))
    }

    @Test func earlierThinkingIsRenderedBackAsTheTemplateWants() throws {
        let (local, path) = try ThinkingModel.qwen3()
        TemplateErrorTests.remove(model: path)
        func text(_ content: String) -> [Transcript.Segment] { [.text(Transcript.TextSegment(content: content))] }
        let call = Transcript.ToolCall(id: "call1", toolName: "getWeather", arguments: GeneratedContent(properties: ["city": "Paris"]))
        let transcript = Transcript(entries: [
            .prompt(Transcript.Prompt(segments: text("Weather?"))),
            .reasoning(Transcript.Reasoning(segments: text("I should ask the tool."))),
            .response(Transcript.Response(assetIDs: [], segments: text("Let me see."))),
            .prompt(Transcript.Prompt(segments: text("In Paris?"))),
            .reasoning(Transcript.Reasoning(segments: text("Call getWeather."))),
            .toolCalls(Transcript.ToolCalls([call])),
            .toolOutput(Transcript.ToolOutput(id: "call1", toolName: "getWeather", segments: text("sunny"))),
        ])
        let messages = transcript.chatMessages(includeSchemaInLastPrompt: true)
        #expect(messages.map(\.reasoning) == [nil, "I should ask the tool.", nil, "Call getWeather.", nil])
        let rendered = try local.renderer.render(ChatPrompt(messages: messages))
        // The current turn's call keeps its thinking; the earlier turn's answer does not.
        #expect(rendered.contains("<|im_start|>assistant\n<think>\nCall getWeather.\n</think>\n\n<tool_call>"), "\(rendered)")
        #expect(!rendered.contains("I should ask the tool."))
    }
}

extension ThinkingSessionTests {
    /// `LocalThinking` from a level, or from the switch and budget it should have.
    struct Thinking: Equatable {
        var enabled: Bool?
        var budget: Int?

        init(enabled: Bool?, budget: Int?) {
            self.enabled = enabled
            self.budget = budget
        }

        init(level: ContextOptions.ReasoningLevel?, maximumResponseTokens: Int? = nil) {
            let thinking = FoundationModels.LocalThinking(level: level, maximumResponseTokens: maximumResponseTokens)
            self.init(enabled: thinking.enabled, budget: thinking.budget)
        }
    }
}
