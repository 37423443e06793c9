import LLMEngine
import StructuredDecoding
import Synchronization

/// The constraint of one response, as a stage of the engine's sampler chain: free text, JSON
/// that follows a grammar, and — when tools are enabled — tool calls in the model's format with
/// arguments that follow each tool's parameters. A token that would break the constraint is
/// masked to `-infinity` before sampling, so it can never be chosen.
///
/// The phases of a response:
///
/// ```text
/// text:    [any text token]* (EOS | opener call)        -- plain answers (a first token that
///                                                        starts a call's bare JSON is a call)
/// json:    grammar EOS | opener call                    -- structured answers (opener: first token only)
/// call:    opener afterOpener <call grammar> beforeCloser closer (betweenCalls (opener ... | EOS))* EOS
///          (the model decides twice whether another call follows: before and after the text
///          between calls — once when there is none; at most `maximumCalls` per response)
/// ```
///
/// Where only one token can follow (the literals around calls, a grammar with a single way
/// forward), `forcedTokens()` lists the tokens so the driver feeds them without sampling.
///
/// A model that thinks (a `ReasoningPlan`) writes its thoughts first, under a `ReasoningGate`:
/// any text while it thinks, then its closer, and only then the phases above, from their start.
///
/// ```swift
/// let processor = GrammarLogitProcessor(plan: .json(grammar), model: model)
/// var sampler = Sampler(parameters, processors: [processor])
/// ```
package final class GrammarLogitProcessor: LogitProcessor, @unchecked Sendable {
    /// What the response may be.
    package enum Plan: Sendable {
        /// Free text: text tokens and the end-of-turn tokens (no control tokens).
        case text
        /// A raw completion (`fm generate`): every token, control tokens included; an
        /// end-of-turn token still ends it.
        case raw
        /// JSON that follows the grammar.
        case json(Grammar)
    }

    /// What an accepted token was part of.
    package enum Role: Sendable, Equatable {
        /// Response text (or JSON of a structured response).
        case response
        /// The opener of tool call number `index` (0-based).
        case callOpener(index: Int)
        /// JSON of tool call `index`.
        case call(index: Int)
        /// Markup around calls (literals, closers).
        case markup
        /// An end-of-turn token.
        case end
        /// The model's thoughts (text between its thinking markers).
        case reasoning
        /// The thinking markers, and the whitespace between the closer and the answer.
        case reasoningMarkup
    }

    /// Tool calling: the format and the grammar of one call.
    package struct Tools: Sendable {
        /// How calls are written.
        package var format: ToolCallFormat
        /// The grammar of one call's JSON (`SchemaGraph.toolCall(tools:)`).
        package var grammar: Grammar
        /// Whether the response must be tool calls (OpenAI's `tool_choice` `required` or a
        /// named function): the opener is forced as the first token, and no text comes before.
        package var isRequired: Bool
        /// The most calls one response may make (1 when parallel calls are off).
        package var maximumCalls: Int

        /// Tools.
        package init(
            format: ToolCallFormat, grammar: Grammar, isRequired: Bool = false,
            maximumCalls: Int = GrammarLogitProcessor.maximumCalls
        ) {
            self.format = format
            self.grammar = grammar
            self.isRequired = isRequired
            self.maximumCalls = max(1, min(maximumCalls, GrammarLogitProcessor.maximumCalls))
        }
    }

    private enum Phase {
        case text
        case json(GrammarMatcher, isFirst: Bool)
        case literal([Int], then: After)
        case call(GrammarMatcher)
        case afterCall
        case callOrEnd
        case finished
    }

    private enum After {
        case call // the call's JSON follows
        case afterCall // the call is closed: another call or the end follows
        case callOrEnd // the text between calls is written: another opener, or the end
        case opened // the opener of a required call was fed: the call begins
    }

    /// The most tool calls one response may make (then it must end).
    package static let maximumCalls = 16

    private let plan: Plan
    private let tools: Tools?
    private let model: LocalModel
    private var phase: Phase
    private var callCount = 0
    /// The response's first bytes, while they may still be the opening of a fenced call.
    private var leadingText: [UInt8] = []
    private var mask: TokenMask
    /// Whether `mask` holds what the current state allows (filled by `candidateTokens` before
    /// the forward pass, used by `apply` after it); every `accept` and `reset` clears it.
    private var maskIsCurrent = false
    /// The role of the last accepted token.
    package private(set) var lastRole: Role = .response
    /// Bytes of each tool call's JSON, in order.
    package private(set) var calls: [[UInt8]] = []
    /// Why a token was refused by the grammar, if one ever was (the mask makes this impossible;
    /// the driver checks it anyway and fails rather than emit output outside the schema).
    package private(set) var violation: GrammarMatcherError?

    private let allowsBareCalls: Bool
    /// The thinking the response starts with, if any.
    private let reasoningPlan: ReasoningPlan?
    /// The thinking block's state (active until the closer and the whitespace after it).
    private var gate: ReasoningGate?

    /// Tokens of thoughts taken so far (markers excluded).
    package var thoughtTokens: Int { gate?.thoughtTokens ?? 0 }

    /// A processor for one response of `model`. With `allowsBareCalls`, a response that starts
    /// with a call's JSON (without the opener) is read as a call; without it (once tools have
    /// answered), such a start is not allowed at all.
    ///
    /// With `reasoning`, the response starts with the model's thinking (not for `.raw`, which
    /// lets every token through anyway).
    package init(plan: Plan, tools: Tools?, allowsBareCalls: Bool = true, reasoning: ReasoningPlan? = nil, model: LocalModel) {
        self.plan = plan
        self.tools = tools
        self.allowsBareCalls = allowsBareCalls
        if case .raw = plan { reasoningPlan = nil } else { reasoningPlan = reasoning }
        self.model = model
        mask = TokenMask(count: model.vocabulary.tokenCount)
        phase = .text
        reset()
    }

    /// Whether the response is over (an end-of-turn token was accepted).
    package var isFinished: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// Whether the response so far (non-empty) might still turn out to be the wrapper of a bare
    /// tool call (a Markdown fence before the call's JSON): the driver holds such text back, so
    /// a call's fence is never streamed as response text.
    package var mayStillBeBareCall: Bool {
        guard case .text = phase, allowsBareCalls, tools != nil, !leadingText.isEmpty, gate?.isActive != true else { return false }
        return Self.callWrappers.contains { $0.starts(with: leadingText) }
    }

    /// Back to the start of a response.
    package func reset() {
        maskIsCurrent = false
        callCount = 0
        leadingText = []
        calls = []
        violation = nil
        lastRole = .response
        gate = reasoningPlan.map { ReasoningGate(plan: $0, model: model) }
        if let tools, tools.isRequired {
            phase = .literal([tools.format.opener], then: .opened)
            return
        }
        switch plan {
        case .text, .raw: phase = .text
        case .json(let grammar): phase = .json(GrammarMatcher(grammar: grammar, index: model.index), isFirst: true)
        }
    }

    /// Tokens that must come next, in order (empty when the model has a choice).
    package func forcedTokens() -> [Int] {
        if let gate, let forced = gate.forcedTokens(model: model) { return forced }
        switch phase {
        case .literal(let tokens, _): return tokens
        case .json(let matcher, let isFirst): return isFirst && tools != nil ? [] : matcher.forcedTokens()
        case .call(let matcher): return matcher.forcedTokens()
        case .text, .afterCall, .callOrEnd, .finished: return []
        }
    }

    /// Masks every token the constraint does not allow.
    package func apply(to logits: inout [Float]) {
        if let gate, gate.isActive {
            gate.apply(to: &logits, model: model) { applyResponse(to: &$0) }
            return
        }
        applyResponse(to: &logits)
    }

    /// Masks what the response's phase does not allow.
    private func applyResponse(to logits: inout [Float]) {
        if case .text = phase {
            if case .raw = plan { return }
            Self.apply(model.textMask(toolOpener: tools?.format.opener), to: &logits)
            if !allowsBareCalls, let tools, Self.callWrappers.contains(leadingText) {
                // Tools have answered: a call must use the opener; the bare JSON of a call (which a
                // small model would otherwise echo forever) may not start the answer.
                GrammarMatcher(grammar: tools.grammar, index: model.index).fillMask(&mask)
                maskIsCurrent = false
                for id in mask.allowed { logits[id] = -.infinity }
            }
            return
        }
        if !maskIsCurrent { fillMask() }
        Self.apply(mask, to: &logits)
    }

    /// The tokens `apply` would allow next, when there are at most `limit` (free text: `nil`,
    /// it allows most of the vocabulary). The mask computed here is the one `apply` uses.
    package func candidateTokens(atMost limit: Int) -> [Int]? {
        if let gate, gate.isActive { return gate.candidateTokens(model: model).flatMap { $0.count <= limit ? $0 : nil } }
        if case .text = phase { return nil }
        if !maskIsCurrent { fillMask() }
        var count = 0
        for word in mask.words {
            count += word.nonzeroBitCount
            if count > limit { return nil }
        }
        return Array(mask.allowed)
    }

    /// Fills `mask` with what the phase (any but free text) allows.
    private func fillMask() {
        switch phase {
        case .text:
            preconditionFailure("free text is masked by the model's text mask")
        case .json(let matcher, let isFirst):
            matcher.fillMask(&mask)
            if isFirst, let tools { mask.insert(tools.format.opener) }
        case .call(let matcher):
            matcher.fillMask(&mask)
            for eos in model.vocabulary.endOfSequenceTokens { mask.remove(eos) }
        case .literal(let tokens, _):
            mask.removeAll()
            if let first = tokens.first { mask.insert(first) }
        case .afterCall:
            mask.removeAll()
            for eos in model.vocabulary.endOfSequenceTokens { mask.insert(eos) }
            if let tools, callCount < tools.maximumCalls {
                // The text between calls, or (none: Phi-4-mini's blocks) the next opener.
                mask.insert(model.literalTokens(tools.format.betweenCalls).first ?? tools.format.opener)
            }
        case .callOrEnd:
            mask.removeAll()
            for eos in model.vocabulary.endOfSequenceTokens { mask.insert(eos) }
            if let tools { mask.insert(tools.format.opener) }
        case .finished:
            mask.removeAll()
        }
        maskIsCurrent = true
    }

    /// Advances past `token` (which `apply` allowed, or `forcedTokens()` listed).
    package func accept(_ token: Int) {
        maskIsCurrent = false
        if gate?.isActive == true, let role = gate?.accept(token, model: model) {
            lastRole = role
            return
        }
        let isEnd = model.vocabulary.endOfSequenceTokens.contains(token)
        switch phase {
        case .text:
            if isEnd {
                finish()
            } else if let tools, token == tools.format.opener {
                phase = afterOpening(tools)
            } else if allowsBareCalls, let tools, let bare = bareCall(starting: token, tools) {
                phase = bare
            } else {
                lastRole = .response
                if leadingText.count <= Self.longestWrapper { leadingText += model.index.tokenBytes(token) }
            }
        case .json(var matcher, let isFirst):
            if isFirst, let tools, token == tools.format.opener { phase = afterOpening(tools); return }
            guard commit(token, to: &matcher) else { return }
            if isEnd { finish(); return }
            phase = .json(matcher, isFirst: false)
            lastRole = .response
        case .literal(var tokens, let after):
            if !tokens.isEmpty { tokens.removeFirst() }
            lastRole = .markup
            guard tokens.isEmpty else { phase = .literal(tokens, then: after); return }
            guard let tools else { finish(); return }
            switch after {
            case .opened: phase = afterOpening(tools)
            case .call: phase = .call(GrammarMatcher(grammar: tools.grammar, index: model.index))
            case .afterCall: phase = .afterCall
            case .callOrEnd: phase = .callOrEnd
            }
        case .call(var matcher):
            guard commit(token, to: &matcher) else { return }
            calls[callCount - 1] += model.index.tokenBytes(token)
            lastRole = .call(index: callCount - 1)
            if matcher.isComplete, let tools {
                phase = .literal(model.literalTokens(tools.format.beforeCloser) + [tools.format.closer], then: .afterCall)
            } else {
                phase = .call(matcher)
            }
        case .afterCall:
            if isEnd { finish(); return }
            guard let tools else { return }
            let between = model.literalTokens(tools.format.betweenCalls)
            if between.isEmpty { phase = afterOpening(tools); return }
            lastRole = .markup
            let rest = Array(between.dropFirst())
            phase = rest.isEmpty ? .callOrEnd : .literal(rest, then: .callOrEnd)
        case .callOrEnd:
            if isEnd { finish(); return }
            guard let tools else { return }
            phase = afterOpening(tools)
        case .finished:
            break
        }
    }

    /// Commits `token` to `matcher`; on a refusal records the violation and ends the response.
    private func commit(_ token: Int, to matcher: inout GrammarMatcher) -> Bool {
        do {
            try matcher.commit(token)
            return true
        } catch {
            violation = error
            finish()
            return false
        }
    }

    /// What may precede a call's bare JSON at the start of a response: nothing, or a Markdown
    /// code fence.
    static let callWrappers: Set<[UInt8]> = [[], Array("```json\n".utf8), Array("```\n".utf8)]
    static let longestWrapper = callWrappers.map(\.count).max() ?? 0

    /// A call the model began without its opener: small models (Qwen2.5 0.5B among them) often
    /// answer a tool-worthy prompt with the call's bare JSON, sometimes in a code fence, as other
    /// engines' Hermes-format parsers also accept. When the response so far is a wrapper and
    /// `token` starts a valid call (`{"name": "getWeather"...`), the response is read as that call,
    /// and the call grammar holds it from there on. Returns `nil` when the token is ordinary text.
    private func bareCall(starting token: Int, _ tools: Tools) -> Phase? {
        let bytes = Array(model.index.tokenBytes(token))
        let text = leadingText + bytes
        for wrapper in Self.callWrappers
        where leadingText.count <= wrapper.count && text.count > wrapper.count
            && text.starts(with: wrapper) && text[wrapper.count] == UInt8(ascii: "{")
        {
            var matcher = GrammarMatcher(grammar: tools.grammar, index: model.index)
            let json = Array(text[wrapper.count...])
            guard (try? matcher.feed(json)) != nil else { continue }
            callCount += 1
            calls.append(json)
            lastRole = .callOpener(index: callCount - 1)
            if matcher.isComplete {
                return .literal(model.literalTokens(tools.format.beforeCloser) + [tools.format.closer], then: .afterCall)
            }
            return .call(matcher)
        }
        return nil
    }

    /// The phase after a call's opener: the literal before its JSON, or the JSON itself.
    private func afterOpening(_ tools: Tools) -> Phase {
        callCount += 1
        calls.append([])
        lastRole = .callOpener(index: callCount - 1)
        let literal = model.literalTokens(tools.format.afterOpener)
        if literal.isEmpty { return .call(GrammarMatcher(grammar: tools.grammar, index: model.index)) }
        return .literal(literal, then: .call)
    }

    private func finish() {
        phase = .finished
        lastRole = .end
    }

    /// Sets every logit outside `mask` to `-infinity`, a 64-bit word at a time.
    static func apply(_ mask: TokenMask, to logits: inout [Float]) {
        let words = mask.words
        logits.withUnsafeMutableBufferPointer { buffer in
            let count = buffer.count
            for (w, word) in words.enumerated() where word != ~0 {
                let base = w << 6
                var forbidden = ~word
                while forbidden != 0 {
                    let i = base + forbidden.trailingZeroBitCount
                    if i < count { buffer[i] = -.infinity }
                    forbidden &= forbidden - 1
                }
            }
            if words.count * 64 < count {
                for i in (words.count * 64)..<count { buffer[i] = -.infinity }
            }
        }
    }
}
