import LLMEngine
import StructuredDecoding
import Synchronization
import Tokenizers

/// The token loop — the project's one: sessions, the server, `fm generate` and the benchmarks all
/// run it. Prefill (in chunks, cancellable), then until the turn ends — logits -> the sampler
/// chain's stages (the constraint's mask) -> selection -> token, fed to the model in one step
/// with the run of forced tokens (the only continuations the chain allows) that follows it,
/// without sampling them, and with the few tokens the chain can allow next when it knows them
/// (`candidateTokens`: the step computes only their logits) — and response text streamed as
/// whole characters.
///
/// The loop talks to the constraint through the engine's `Sampler` and `LogitProcessor` chain
/// (`isFinished`, `forcedTokens()`, `process`, `select`, `accept`); it reads the grammar
/// processor itself only for what a token was part of (response text, a tool call, markup), which
/// decides what it streams.
///
/// It runs on the calling thread; `LocalModel.generate` runs it on a thread of its own, off
/// Swift's cooperative pool.
enum GenerationDriver {
    /// Runs `request` on `context` (a `ModelContext`, or a test's stand-in); `isCancelled` is
    /// polled before every forward pass.
    static func run(
        model: LocalModel, context: some LogitsSource, request: GenerationRequest,
        isCancelled: () -> Bool, onEvent: (GenerationEvent) -> Void
    ) throws -> GenerationOutcome {
        let clock = ContinuousClock()
        let capacity = context.capacity
        guard request.prompt.count < capacity else {
            throw TokenLoopError.promptTooLong(tokens: request.prompt.count, capacity: capacity)
        }
        let tools = request.toolCallGrammar.flatMap { grammar in
            model.toolCallFormat.map {
                GrammarLogitProcessor.Tools(
                    format: $0, grammar: grammar, isRequired: request.requiresToolCall,
                    maximumCalls: request.maximumToolCalls)
            }
        }
        let processor = GrammarLogitProcessor(
            plan: request.plan, tools: tools, allowsBareCalls: request.allowsBareToolCalls, reasoning: request.reasoning, model: model)
        var chain = Sampler(request.sampling, processors: [processor])

        var outcome = GenerationOutcome(
            text: "", responseTokens: [], reasoning: "", reasoningTokens: 0, tokens: [], toolCalls: [], stopReason: .endOfTurn,
            reusedPromptTokens: 0,
            prefilledTokens: 0, prefillDuration: .zero, forcedTokens: 0, decodeDuration: .zero, maskDuration: .zero)
        // A raw completion may sample control tokens; like llama.cpp's completion it does not
        // print them. (The other plans never allow them.)
        var isRaw = false
        if case .raw = request.plan { isRaw = true }
        var detokenizer = model.tokenizer.makeStreamingDetokenizer(skipSpecialTokens: isRaw)
        let limit = request.maximumTokens ?? Int.max
        // Text that may be the fence of a bare tool call, held until the next token tells.
        var held = (text: "", tokens: 0)
        // The thoughts, streamed apart from the response (`.reasoning` events), with the tokens
        // not yet reported in an event.
        var thoughtDetokenizer = model.tokenizer.makeStreamingDetokenizer(skipSpecialTokens: true)
        var thoughts = request.reasoning.map { ReasoningText(label: $0.format.label, closer: $0.format.closerText) }
        var unreportedThoughtTokens = 0
        func reportThoughts(_ text: String) {
            guard !text.isEmpty else { return }
            outcome.reasoning += text
            onEvent(.reasoning(text, tokenCount: unreportedThoughtTokens))
            unreportedThoughtTokens = 0
        }
        // The thoughts are over: what was held back is shown (once).
        func finishThoughts() {
            guard var cleaner = thoughts else { return }
            let shown = cleaner.append(thoughtDetokenizer.finish())
            reportThoughts(shown + cleaner.finish())
            thoughts = nil
        }
        func emit(_ token: Int) {
            switch processor.lastRole {
            case .reasoning:
                outcome.reasoningTokens += 1
                unreportedThoughtTokens += 1
                if thoughts != nil { reportThoughts(thoughts!.append(thoughtDetokenizer.append(token))) }
                return
            case .reasoningMarkup:
                outcome.reasoningTokens += 1
                unreportedThoughtTokens += 1
                return
            default:
                finishThoughts()
            }
            switch processor.lastRole {
            case .reasoning, .reasoningMarkup:
                break
            case .response:
                outcome.responseTokens.append(token)
                held.text += detokenizer.append(token)
                held.tokens += 1
                if processor.mayStillBeBareCall { return }
                outcome.text += held.text
                onEvent(.text(held.text, tokenCount: held.tokens))
                held = ("", 0)
            case .callOpener(let index):
                outcome.responseTokens.removeLast(held.tokens) // the fence belongs to the call
                held = ("", 0)
                onEvent(.toolCallStarted(index: index))
            case .call, .markup, .end:
                break
            }
        }
        // The tokens the constraint allows alone from here (within the token limit).
        func forcedRun() -> [Int] {
            var forced = chain.forcedTokens()
            if forced.count > limit - outcome.tokens.count { forced.removeLast(forced.count - (limit - outcome.tokens.count)) }
            return forced
        }
        // Accepts and emits `forced`; the caller feeds them to the model in one step.
        func take(_ forced: [Int]) {
            for token in forced {
                chain.accept(token)
                outcome.tokens.append(token)
                emit(token)
            }
            outcome.forcedTokens += forced.count
        }
        // The few tokens the chain can allow after what it has accepted, if it knows them (the
        // constraint's mask, filled here instead of after the pass: counted as the mask's time).
        func candidatesAfter() -> [Int]? {
            let start = clock.now
            defer { outcome.maskDuration += clock.now - start }
            return chain.candidateTokens(atMost: context.candidateLimit)
        }
        func takeForced() -> [Int] {
            let forced = forcedRun()
            take(forced)
            return forced
        }

        // Prefill: the model's scheduler runs it chunk by chunk, between other generations'
        // decode steps; cancellation is seen between chunks. The forced run the answer opens
        // with (a JSON answer's `{"name": "`) joins the prompt's last chunk: one forward pass
        // fewer before the first choice. (It is left to the loop when it would fill the context.)
        let reused = context.reusablePrefixLength(of: request.prompt)
        var opening = chain.isFinished ? [] : forcedRun()
        if request.prompt.count + opening.count >= capacity { opening = [] }
        let prefillStart = clock.now
        var logits = try engine { try context.prefill(request.prompt + opening, isCancelled: isCancelled) }
        outcome.reusedPromptTokens = reused
        outcome.prefilledTokens = request.prompt.count - reused
        outcome.prefillDuration = clock.now - prefillStart
        onEvent(.prefilled(promptTokens: request.prompt.count, reusedTokens: reused))
        let decodeStart = clock.now
        take(opening)
        generation: while !chain.isFinished {
            if outcome.tokens.count >= limit { outcome.stopReason = .maximumTokens; break }
            if isCancelled() { throw CancellationError() }
            let forced = takeForced()
            if !forced.isEmpty {
                guard context.count + forced.count < capacity else {
                    throw TokenLoopError.contextFull(tokens: context.count + forced.count + 1, capacity: capacity)
                }
                let candidates = candidatesAfter()
                logits = try engine { try context.append(contentsOf: forced, candidates: candidates) }
                continue
            }
            let maskStart = clock.now
            chain.process(&logits)
            outcome.maskDuration += clock.now - maskStart
            guard let token = chain.select(logits) else {
                throw TokenLoopError.noAllowedToken(position: context.count)
            }
            chain.accept(token)
            if chain.isFinished { break generation }
            outcome.tokens.append(token)
            emit(token)
            guard context.count < capacity else { throw TokenLoopError.contextFull(tokens: context.count + 1, capacity: capacity) }
            if outcome.tokens.count >= limit { outcome.stopReason = .maximumTokens; break }
            // The forced run the token opens joins its step: one forward pass computes the
            // token's row and theirs, and only the last row's logits (the next choice).
            let run = takeForced()
            // (a forced run leaves a position for the token after it, as when it runs alone)
            guard run.isEmpty || context.count + 1 + run.count < capacity else {
                throw TokenLoopError.contextFull(tokens: context.count + 2 + run.count, capacity: capacity)
            }
            // When the constraint allows only a few tokens next (an enum's choices, `,` or `]`),
            // the pass computes only their logits: the rest would be masked anyway.
            let step = [token] + run, candidates = candidatesAfter()
            logits = try engine { try context.append(contentsOf: step, candidates: candidates) }
        }
        finishThoughts()
        if let violation = processor.violation {
            throw TokenLoopError.engine("the constraint refused a token it had allowed: \(violation)")
        }
        let rest = held.text + detokenizer.finish()
        if !rest.isEmpty {
            outcome.text += rest
            onEvent(.text(rest, tokenCount: held.tokens))
        }
        outcome.toolCalls = processor.calls.map { String(decoding: $0, as: UTF8.self) }
        outcome.decodeDuration = clock.now - decodeStart
        return outcome
    }

    /// Runs an engine step, mapping its failures to `TokenLoopError`.
    private static func engine<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GenerationFailure {
            switch error {
            case .contextFull(let capacity): throw TokenLoopError.contextFull(tokens: capacity + 1, capacity: capacity)
            case let .exceedsContext(tokens, used, capacity):
                throw TokenLoopError.contextFull(tokens: used + tokens, capacity: capacity)
            case .cancelled: throw CancellationError()
            default: throw TokenLoopError.engine(error.description)
            }
        }
    }
}
