import Foundation
import LLMEngine
import StructuredDecoding
import Testing

@testable import FoundationModels
@testable import LocalInference

/// A thinking model's tokens at the seam — the grammar processor and the token loop over
/// scripted logits (`ScriptedThinker`) on a vocabulary with Qwen3's `<think>`/`</think>` tokens
/// and Qwen3's template: thoughts are unconstrained (but cannot end the turn), the answer's
/// constraint starts after the closer, the budget forces the closer, and the thoughts are
/// reported apart from the answer.
@Suite(.serialized) struct ReasoningGateTests {
    @Generable struct Weather {
        var city: String
        var degrees: Int
    }

    static let fixture: (model: LocalModel, path: String) = {
        // force-try: the synthetic model and Qwen3's template are valid by construction.
        let made = try! ThinkingModel.qwen3()
        TemplateErrorTests.remove(model: made.path)
        return made
    }()
    static var model: LocalModel { fixture.model }
    static var format: ReasoningFormat { model.reasoningFormat! }

    static func id(_ piece: String) -> Int { model.tokenizer.configuration.tokens.firstIndex(of: piece)! }
    static var think: Int { id("<think>") }
    static var unthink: Int { id("</think>") }
    static var end: Int { id("<|im_end|>") }

    static func weatherGrammar() throws -> Grammar {
        try Grammar.compile(Weather.generationSchema.decodingGraph(), options: .appleCompact)
    }

    /// Logits of 0 everywhere, masked by `processor`: the allowed ids.
    static func allowed(by processor: GrammarLogitProcessor) -> Set<Int> {
        var logits = [Float](repeating: 0, count: model.vocabulary.tokenCount)
        processor.apply(to: &logits)
        return Set(logits.indices.filter { logits[$0].isFinite })
    }

    @Test func theFormatIsFoundFromTheTemplateAndTheVocabulary() throws {
        #expect(Self.format.opener == .token(Self.think) && Self.format.closer == .token(Self.unthink))
        #expect(Self.format.state(atEndOf: "<|im_start|>assistant\n<think>\n\n</think>\n\n") == .closed)
        #expect(Self.format.state(atEndOf: "<|im_start|>assistant\n<think>\n") == .open)
        #expect(Self.format.state(atEndOf: "<|im_start|>assistant\n") == .outside)
        let (plain, path) = try ThinkingModel.qwen3(thinkTokens: false)
        TemplateErrorTests.remove(model: path)
        #expect(plain.reasoningFormat?.opener == .text("<think>") && plain.reasoningFormat?.closer == .text("</think>"))
        let gemma = ReasoningFormat.detect(template: try ThinkingModel.template("google-gemma-4-31B-it"), vocabulary: plain.vocabulary)
        #expect(gemma?.openerText == "<|channel>" && gemma?.closerText == "<channel|>" && gemma?.label == "thought\n")
        #expect(gemma?.state(atEndOf: "<|turn>model\n<|channel>thought\n<channel|>") == .closed)
        #expect(ReasoningFormat.detect(template: try ThinkingModel.template("Qwen-Qwen2.5-7B-Instruct"), vocabulary: plain.vocabulary) == nil)
        #expect(ReasoningFormat.detect(template: try ThinkingModel.template("microsoft-Phi-4-mini-instruct"), vocabulary: plain.vocabulary) == nil)
    }

    @Test func thePlanFollowsThePromptAndTheSwitch() {
        let format = Self.format
        #expect(ReasoningPlan.plan(format: format, renderedPrompt: "x<think>\n\n</think>\n\n", thinking: nil, budget: 9) == nil)
        #expect(ReasoningPlan.plan(format: format, renderedPrompt: "x<think>\n", thinking: false, budget: 9)?.start == .open)
        #expect(ReasoningPlan.plan(format: format, renderedPrompt: "assistant\n", thinking: true, budget: 9)?.start == .forced)
        #expect(ReasoningPlan.plan(format: format, renderedPrompt: "assistant\n", thinking: nil, budget: 9)?.start == .optional)
        #expect(ReasoningPlan.plan(format: format, renderedPrompt: "assistant\n", thinking: false, budget: 9) == nil)
        #expect(ReasoningPlan.plan(format: nil, renderedPrompt: "assistant\n", thinking: true, budget: 9) == nil)
        var plain = format
        plain.opener = .text("<think>")
        #expect(ReasoningPlan.plan(format: plain, renderedPrompt: "assistant\n", thinking: nil, budget: 9)?.start == .forced)
    }

    @Test func thoughtsAreUnconstrainedAndTheSchemaStartsAfterTheCloser() throws {
        let plan = ReasoningPlan(format: Self.format, start: .forced)
        let processor = GrammarLogitProcessor(plan: .json(try Self.weatherGrammar()), tools: nil, reasoning: plan, model: Self.model)
        #expect(processor.forcedTokens() == [Self.think])
        processor.accept(Self.think)
        #expect(processor.lastRole == .reasoningMarkup)
        // Inside: every text token and the closer; no end of turn, no other markup.
        let thinking = Self.allowed(by: processor)
        #expect(thinking == Set(0..<256).union([Self.unthink]))
        #expect(processor.forcedTokens().isEmpty)
        for token in ThinkingModel.bytes("Hmm, {\"bogus\": [1, <b>") {
            #expect(Self.allowed(by: processor).contains(token))
            processor.accept(token)
            #expect(processor.lastRole == .reasoning)
        }
        processor.accept(Self.unthink)
        #expect(processor.lastRole == .reasoningMarkup)
        // After the closer: whitespace (markup), or the schema's first token; nothing else.
        let afterCloser = Self.allowed(by: processor)
        #expect(afterCloser.contains(Int(UInt8(ascii: "\n"))) && afterCloser.contains(Int(UInt8(ascii: "{"))))
        #expect(!afterCloser.contains(Int(UInt8(ascii: "H"))) && !afterCloser.contains(Self.end))
        for token in ThinkingModel.bytes("\n\n") { processor.accept(token) }
        #expect(processor.lastRole == .reasoningMarkup)
        // Two separators at most: now exactly what the grammar allows from its start state.
        let fresh = GrammarLogitProcessor(plan: .json(try Self.weatherGrammar()), tools: nil, model: Self.model)
        #expect(Self.allowed(by: processor) == Self.allowed(by: fresh))
        #expect(processor.forcedTokens() == fresh.forcedTokens())
        processor.accept(Int(UInt8(ascii: "{")))
        #expect(processor.lastRole == .response)
    }

    @Test func theBudgetForcesTheCloser() {
        let processor = GrammarLogitProcessor(
            plan: .text, tools: nil, reasoning: ReasoningPlan(format: Self.format, start: .open, budget: 3), model: Self.model)
        for token in ThinkingModel.bytes("abc") {
            #expect(processor.forcedTokens().isEmpty)
            processor.accept(token)
        }
        #expect(processor.thoughtTokens == 3)
        #expect(processor.forcedTokens() == [Self.unthink])
        #expect(Self.allowed(by: processor) == [Self.unthink])
        // A closer spelled as text is forced token by token.
        let (plain, path) = try! ThinkingModel.qwen3(thinkTokens: false)
        TemplateErrorTests.remove(model: path)
        let text = GrammarLogitProcessor(
            plan: .text, tools: nil, reasoning: ReasoningPlan(format: plain.reasoningFormat!, start: .open, budget: 1), model: plain)
        text.accept(Int(UInt8(ascii: "a")))
        #expect(text.forcedTokens() == ThinkingModel.bytes("</think>"))
        for token in ThinkingModel.bytes("</think>") { text.accept(token) }
        #expect(text.lastRole == .reasoningMarkup)
        #expect(Self.allowed(by: text).contains(Int(UInt8(ascii: "H"))))
    }

    @Test func aCloserSpelledAsTextEndsTheThoughts() throws {
        let (plain, path) = try ThinkingModel.qwen3(thinkTokens: false)
        TemplateErrorTests.remove(model: path)
        let processor = GrammarLogitProcessor(
            plan: .json(try Self.weatherGrammar()), tools: nil, reasoning: ReasoningPlan(format: plain.reasoningFormat!, start: .forced),
            model: plain)
        #expect(processor.forcedTokens() == ThinkingModel.bytes("<think>"))
        for token in ThinkingModel.bytes("<think>\nok\n</think>") { processor.accept(token) }
        processor.accept(Int(UInt8(ascii: "{")))
        #expect(processor.lastRole == .response)
    }

    @Test func theLoopReportsThoughtsApartFromTheAnswer() throws {
        let script =
            [Self.think] + ThinkingModel.bytes("\nThe user wants JSON {like this}.\n") + [Self.unthink]
            + ThinkingModel.bytes("\n\n{\"city\": \"Paris\", \"degrees\": 21}") + [Self.end]
        // Where the answer's `{` is, the model would rather write "S" (JSON cannot start so).
        let answerBrace = script.lastIndex(of: Self.unthink)! + 3
        let source = ScriptedThinker(
            script: script, detours: [answerBrace: Int(UInt8(ascii: "S"))], vocabularySize: Self.model.vocabulary.tokenCount,
            closer: Self.unthink)
        let request = GenerationRequest(
            prompt: [1, 2, 3], plan: .json(try Self.weatherGrammar()), reasoning: ReasoningPlan(format: Self.format, start: .optional))
        var events: [GenerationEvent] = []
        let outcome = try GenerationDriver.run(model: Self.model, context: source, request: request, isCancelled: { false }) {
            events.append($0)
        }
        #expect(outcome.reasoning == "The user wants JSON {like this}.")
        #expect(outcome.text == "{\"city\": \"Paris\", \"degrees\": 21}")
        let thoughts = events.compactMap { if case .reasoning(let text, _) = $0 { text } else { nil } }.joined()
        let answer = events.compactMap { if case .text(let text, _) = $0 { text } else { nil } }.joined()
        #expect(thoughts == outcome.reasoning && answer == outcome.text)
        // <think>, the thoughts, </think>, and the two newlines.
        #expect(outcome.reasoningTokens == 1 + ThinkingModel.bytes("\nThe user wants JSON {like this}.\n").count + 1 + 2)
        #expect(outcome.tokens.count == outcome.reasoningTokens + outcome.responseTokens.count)
    }

    @Test func theLoopForcesTheCloserWhenTheBudgetRunsOut() throws {
        let script = ThinkingModel.bytes("la la la la la la la la") + [Self.unthink] + ThinkingModel.bytes("\n\nDone.") + [Self.end]
        let source = ScriptedThinker(script: script, vocabularySize: Self.model.vocabulary.tokenCount, closer: Self.unthink)
        let request = GenerationRequest(prompt: [1, 2, 3], reasoning: ReasoningPlan(format: Self.format, start: .open, budget: 5))
        let outcome = try GenerationDriver.run(model: Self.model, context: source, request: request, isCancelled: { false }) { _ in }
        #expect(outcome.reasoning == "la la")
        #expect(outcome.text == "Done.")
        #expect(Array(outcome.tokens.prefix(6)) == ThinkingModel.bytes("la la") + [Self.unthink])
    }

    @Test func theThoughtsAreCleanedAsTheyStream() {
        func clean(_ pieces: [String], label: String = "", closer: String = "</think>") -> (shown: [String], all: String) {
            var text = ReasoningText(label: label, closer: closer)
            var shown = pieces.map { text.append($0) }
            shown.append(text.finish())
            return (shown, shown.joined())
        }
        #expect(clean(["\n", "The user", " asks.\n", "</thi", "nk>"]).all == "The user asks.")
        #expect(clean(["\n", "The user", " asks.\n", "</thi", "nk>"]).shown == ["", "The user", " asks.", "", "", ""])
        #expect(clean(["a <", "b> c"]).all == "a <b> c")
        #expect(clean(["thou", "ght\nI think.", "\n"], label: "thought\n", closer: "<channel|>").all == "I think.")
        #expect(clean(["\n\n"]).all == "")
        #expect(clean(["though", " it rains"], label: "thought\n").all == "though it rains")
    }
}
