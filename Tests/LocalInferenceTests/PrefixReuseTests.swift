import LLMEngine
import LocalInference
import StructuredDecoding
import Testing

/// The glue's token loop on the real default model: turn 2 prefills only its new tokens,
/// forced tokens skip sampling, the constraint holds.
@Suite(.serialized) struct PrefixReuseTests {
    @Test func turnTwoPrefillsOnlyItsNewTokens() throws {
        let model = try LocalTestModels.qwen()
        var messages = [
            ChatMessage(role: .system, content: "You answer in a few words. (prefix test)"),
            ChatMessage(role: .user, content: "Name a coffee drink."),
        ]
        let first = try model.renderer.tokens(for: ChatPrompt(messages: messages))
        let turn1 = try model.generateSynchronously(GenerationRequest(prompt: first, maximumTokens: 24))
        #expect(turn1.prefilledTokens > 0)
        messages.append(ChatMessage(role: .assistant, content: turn1.text))
        messages.append(ChatMessage(role: .user, content: "And a tea?"))
        let second = try model.renderer.tokens(for: ChatPrompt(messages: messages))
        // The earlier answer is re-entered as the tokens generated for it.
        #expect(Array(second.prefix(first.count + turn1.responseTokens.count)) == first + turn1.responseTokens)
        let turn2 = try model.generateSynchronously(GenerationRequest(prompt: second, maximumTokens: 8))
        #expect(turn2.reusedPromptTokens >= first.count + turn1.responseTokens.count - 1)
        #expect(turn2.prefilledTokens == second.count - turn2.reusedPromptTokens)
        #expect(turn2.prefilledTokens < 16)
    }

    @Test func prewarmingPrefillsWhatTheNextPromptStartsWith() throws {
        let model = try LocalTestModels.qwen()
        let system = ChatMessage(role: .system, content: "You are a barista. (prewarm test)")
        let prefix = try model.renderer.prefixTokens(for: ChatPrompt(messages: [system]))
        let full = try model.renderer.tokens(for: ChatPrompt(messages: [system, ChatMessage(role: .user, content: "A latte, please.")]))
        #expect(prefix.count > 5 && Array(full.prefix(prefix.count)) == prefix)
        // A prompt prefix: cut after the user's text, before its end of turn.
        let started = try model.renderer.prefixTokens(for: ChatPrompt(messages: [system, ChatMessage(role: .user, content: "A latte")]))
        #expect(started.count > prefix.count)
        #expect(model.tokenizer.decode(started).hasSuffix("A latte"))
        try model.prefill(started)
        let outcome = try model.generateSynchronously(GenerationRequest(prompt: full, maximumTokens: 1))
        #expect(outcome.reusedPromptTokens >= prefix.count)
    }

    @Test func textStreamsAsItIsGeneratedInWholeCharacters() throws {
        let model = try LocalTestModels.qwen()
        let prompt = try model.renderer.tokens(
            for: ChatPrompt(messages: [ChatMessage(role: .user, content: "Write a long story about a café ☕ in Paris.")]))
        var pieces: [String] = []
        let outcome = try model.generateSynchronously(
            GenerationRequest(prompt: prompt, maximumTokens: 32),
            onEvent: { event in
                if case .text(let text, _) = event { pieces.append(text) }
            })
        #expect(pieces.filter { !$0.isEmpty }.count > 8, "\(pieces)")
        #expect(pieces.joined() == outcome.text)
        #expect(!outcome.text.contains("\u{FFFD}"))
    }

    @Test func forcedTokensAreFedWithoutSampling() throws {
        let model = try LocalTestModels.qwen()
        var graph = SchemaGraph()
        let name = graph.add(.string(StringNode()))
        let kind = graph.add(.enumeration([.string("espresso-based drink"), .string("filter coffee")]))
        graph.root = graph.add(
            .object(
                ObjectNode(properties: [
                    .init(name: "name", node: name, isRequired: true),
                    .init(name: "kind", node: kind, isRequired: true),
                ])))
        let prompt = try model.renderer.tokens(for: ChatPrompt(messages: [ChatMessage(role: .user, content: "A latte as JSON.")]))
        let outcome = try model.generateSynchronously(GenerationRequest(prompt: prompt, plan: .json(try Grammar.compile(graph)), maximumTokens: 64))
        #expect(outcome.stopReason == .endOfTurn)
        #expect(outcome.forcedTokens >= 3) // `{"name": "` at least
        let value = try JSONValue(parsing: outcome.text)
        #expect(graph.accepts(value))
        #expect(outcome.text.hasPrefix(#"{"name": ""#))
    }
}
