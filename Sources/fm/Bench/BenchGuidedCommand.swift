import ArgumentParser
import FMSupport
import Foundation
@_spi(Serving) import FoundationModels
import LLMEngine
import LocalInference
import StructuredDecoding

/// `fm bench-guided`: what constrained decoding costs inside the token loop, on the real model.
///
/// 1. Constrained vs free decoding of the same output: a greedy guided generation under the schema
///    (prompted as a session prompts: the schema's text before the question) is recorded, then
///    its tokens are replayed (a) free: one forward pass per token, no mask;
///    (b) masked: the same, plus the grammar mask before every token; (c) as the driver runs it:
///    masked, each sampled token fed with the forced tokens after it in one step. Same tokens
///    (checked: a run that generates others fails the command), so the times compare directly.
/// 2. Time to first token of a conversation's turn 1 and turn 2 (turn 2 prefills only its new
///    tokens, the rest of the prompt is held by the context).
/// 3. Through a session, as a user's code runs it (`--session-runs N`, 0 to skip): the whole
///    `respond(to:schema:)` call of a `LanguageModelSession` (template, the schema's text in the
///    prompt, prefill, grammar, decoding) against a free `respond(to:)` capped at the same number
///    of output tokens, both greedy from an empty context (each run's instructions differ, so no
///    KV prefix is reused), model load excluded; then a second structured question with the same
///    instructions and schema (their tokens reused from an idle context, as in a game or a
///    server) against a free answer whose instructions are reused too.
/// 4. With `--samples N`: N sampled generations (`top-k 40`, seeds 1...N) under the schema, each
///    checked by the decoder's validator; `--write-outputs FILE` writes them as JSON lines for an
///    independent validator (scripts/bench_guided runs Python's jsonschema over them).
struct BenchGuidedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-guided",
        abstract: "Measure constrained decoding in the token loop: mask cost, forced tokens, time to first token.")

    @OptionGroup var model: ModelOptions

    @Option(help: "A schema (Apple's dialect or JSON Schema).")
    var schema = "Benchmarks/schemas/npc-encounter.json"

    @Option(help: "The prompt.")
    var prompt = "Generate a customer for a coffee shop in a fantasy game."

    @Option(name: [.customShort("r"), .long], help: "Repetitions (medians are reported).")
    var repetitions = 5

    @Option(help: "Sampled generations to check for validity (0: none).")
    var samples = 0

    @Option(help: "Write the sampled outputs as JSON lines ({\"seed\", \"output\"}).")
    var writeOutputs: String?

    @Option(name: [.customShort("t"), .long], help: "Threads (default: physical cores).")
    var threads: Int?

    @Option(help: "Structured and free answers timed through a LanguageModelSession (0: none).")
    var sessionRuns = 3

    func run() async throws {
        let location = ModelLocation(path: try model.path())
        let local = try LocalModel(
            location: location, contextSize: 4096, threads: threads, instructionSet: ProcessEnvironment.kernels().isa)
        let schemaText = try String(contentsOfFile: schema, encoding: .utf8)
        let graph = try JSONSchemaImporter(mode: .generation).importSchema(schemaText)
        let grammar = try Grammar.compile(graph)
        // The prompt a session sends (the schema's text before the question): the answer
        // measured is the one a session gets, not the one of a model that never saw the schema
        // (which a small model may never finish).
        let shown = try GenerationSchema(jsonSchema: schemaText).promptText
        let tokens = try local.renderer.tokens(
            for: ChatPrompt(messages: [
                ChatMessage(role: .system, content: "You write JSON for a game."), ChatMessage(role: .user, content: shown + prompt),
            ]))
        Terminal.status("model \(location.path), schema \(schema), prompt \(tokens.count) tokens, \(repetitions) repetitions")

        // 1. The output, then three replays of it.
        // Every run starts from an empty context, as the replays do: a context still holding the
        // prompt would compute its last position again alone, with logits a rounding apart from
        // the whole prompt's, and greedy decoding may then take another path. So all three
        // decode the same tokens.
        let request = GenerationRequest(prompt: tokens, plan: .json(grammar), maximumTokens: 1024)
        local.discardIdleContexts()
        let before = local.transformer.decodeStatistics
        let reference = try local.generateSynchronously(request)
        let after = local.transformer.decodeStatistics
        let output = reference.tokens
        print("output: \(output.count) tokens, \(reference.forcedTokens) of them forced; \(reference.text.utf8.count) bytes")
        print(
            String(
                format: "prefill: %d prompt tokens in %.0f ms (%.0f tokens/s)", reference.prefilledTokens,
                reference.prefillDuration.seconds * 1e3, Double(reference.prefilledTokens) / reference.prefillDuration.seconds))
        var free: [Double] = [], masked: [Double] = [], driver: [Double] = [], maskTimes: [Double] = []
        for _ in 0..<repetitions {
            free.append(try replay(local, prompt: tokens, output: output, grammar: nil).seconds)
            let m = try replay(local, prompt: tokens, output: output, grammar: grammar)
            masked.append(m.seconds)
            maskTimes.append(m.maskSeconds / Double(max(1, output.count)))
            local.discardIdleContexts()
            let run = try local.generateSynchronously(request)
            guard run.tokens == output else {
                throw ValidationError(
                    "the driver generated \(run.tokens.count) tokens where the reference had \(output.count): "
                        + "the times would not be of the same tokens")
            }
            driver.append(run.decodeDuration.seconds)
        }
        let f = SampleStatistics.median(free), m = SampleStatistics.median(masked), d = SampleStatistics.median(driver)
        print(String(format: "decode of the same %d tokens (median of %d):", output.count, repetitions))
        print(String(format: "  free, token by token:          %7.1f ms  %6.1f tokens/s", f * 1e3, Double(output.count) / f))
        print(
            String(
                format: "  masked, token by token:        %7.1f ms  %6.1f tokens/s  (%+.1f%% vs free)", m * 1e3, Double(output.count) / m,
                (m / f - 1) * 100))
        print(
            String(
                format: "  masked, forced tokens batched: %7.1f ms  %6.1f tokens/s  (%+.1f%% vs free)", d * 1e3, Double(output.count) / d,
                (d / f - 1) * 100))
        print(
            String(
                format: "summary: free %.1f tokens/s; forced tokens batched / free = %.3f (%d forward passes for %d tokens)",
                Double(output.count) / f, d / f, after.steps - before.steps, output.count))
        print(
            String(
                format: "  constraint per token (forced-token check, mask, commit): %.1f µs (median of the runs' means)",
                SampleStatistics.median(maskTimes) * 1e6))

        // 2. Time to first token, turn 1 and turn 2 of a conversation.
        var first: [Double] = [], second: [Double] = [], secondPrefilled = 0
        for repetition in 0..<repetitions {
            var messages = [
                ChatMessage(role: .system, content: "You are a barista in a fantasy game. (run \(repetition))"),
                ChatMessage(role: .user, content: "What do you recommend today?"),
            ]
            let turn1 = try timeToFirstToken(local, ChatPrompt(messages: messages))
            first.append(turn1.seconds)
            messages.append(ChatMessage(role: .assistant, content: turn1.outcome.text))
            messages.append(ChatMessage(role: .user, content: "And something without caffeine?"))
            let turn2 = try timeToFirstToken(local, ChatPrompt(messages: messages))
            second.append(turn2.seconds)
            secondPrefilled = turn2.outcome.prefilledTokens
        }
        print(
            String(
                format: "time to first token: turn 1 %.0f ms, turn 2 %.0f ms (turn 2 prefilled %d new tokens; medians)",
                SampleStatistics.median(first) * 1e3, SampleStatistics.median(second) * 1e3, secondPrefilled))

        // 3. Through a session.
        // A greedy answer that never ends (a small model looping inside a string) is a figure
        // of this model and prompt, not a failure of the benchmark.
        if sessionRuns > 0 {
            do {
                try await sessionFigures(model: SystemLanguageModel(settings: try model.settings()), schemaText: schemaText)
            } catch {
                print("session: no figure, a run failed: \(error)")
            }
        }

        // 4. Validity of sampled generations.
        guard samples > 0 else { return }
        var valid = 0, truncated = 0, lines: [String] = []
        for seed in 1...samples {
            let run = try local.generateSynchronously(
                GenerationRequest(
                    prompt: tokens, plan: .json(grammar), sampling: SamplingParameters(temperature: 1, topK: 40, seed: UInt64(seed)),
                    maximumTokens: 1024))
            if run.stopReason == .maximumTokens { truncated += 1; continue }
            if let value = try? JSONValue(parsing: run.text), graph.accepts(value) { valid += 1 }
            lines.append(#"{"seed": \#(seed), "output": \#(run.text)}"#)
        }
        print("sampled: \(samples) generations, \(valid) valid, \(truncated) cut at 1024 tokens, \(samples - valid - truncated) invalid")
        if let writeOutputs { try (lines.joined(separator: "\n") + "\n").write(toFile: writeOutputs, atomically: true, encoding: .utf8) }
    }

    /// Times `respond(to:schema:)` against a free `respond(to:)` of as many output tokens, each
    /// from an empty context, on `systemModel` (the file of `--model`, loaded by the first run,
    /// which is not timed).
    func sessionFigures(model systemModel: SystemLanguageModel, schemaText: String) async throws {
        let schema = try GenerationSchema(jsonSchema: schemaText)
        let clock = ContinuousClock()
        _ = try await LanguageModelSession(model: systemModel).respond(
            to: "Hi", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1))
        var structured: [Double] = [], unshown: [Double] = [], free: [Double] = [], freeForBare: [Double] = []
        var promptTokens = 0, outputTokens = 0, bareTokens = 0, bareFailure: String?
        var warm: [Double] = [], freeWarm: [Double] = [], warmTokens = 0, warmCached = 0
        for run in 0..<sessionRuns {
            let guided = LanguageModelSession(model: systemModel, instructions: "You write JSON for a game. (run \(run))")
            var start = clock.now
            let answer = try await guided.respond(to: prompt, schema: schema, options: GenerationOptions(samplingMode: .greedy))
            structured.append((clock.now - start).seconds)
            outputTokens = answer.usage.output.totalTokenCount
            promptTokens = answer.usage.input.totalTokenCount
            // The same request without the schema's text in the prompt (Apple's
            // `includeSchemaInPrompt: false`): still every token constrained, no schema to prefill.
            let bare = LanguageModelSession(model: systemModel, instructions: "You write JSON for a game. (bare run \(run))")
            start = clock.now
            do {
                let bareAnswer = try await bare.respond(
                    to: prompt, schema: schema, includeSchemaInPrompt: false,
                    options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1024))
                unshown.append((clock.now - start).seconds)
                bareTokens = bareAnswer.usage.output.totalTokenCount
                freeForBare.append(try await freeAnswer(model: systemModel, tokens: bareTokens, run: run, clock: clock))
            } catch {
                // A model that does not see the schema may never close a string (greedy
                // decoding of a small model loops): a figure of its own, not a failure.
                bareFailure = "\(error)"
            }
            free.append(try await freeAnswer(model: systemModel, tokens: outputTokens, run: run, clock: clock))
            // Warm: another question with the same instructions and schema, as a game asking for
            // the same @Generable type again or a server's json_schema requests: the
            // instructions and the schema's text are held by an idle context already.
            let again = LanguageModelSession(model: systemModel, instructions: "You write JSON for a game. (run \(run))")
            start = clock.now
            let second = try await again.respond(
                to: prompt + " Make it someone else.", schema: schema, options: GenerationOptions(samplingMode: .greedy))
            warm.append((clock.now - start).seconds)
            warmTokens = second.usage.output.totalTokenCount
            warmCached = second.usage.input.cachedTokenCount
            freeWarm.append(try await freeAnswer(model: systemModel, tokens: warmTokens, run: run, clock: clock, warm: true))
        }
        let s = SampleStatistics.median(structured), f = SampleStatistics.median(free)
        print(
            String(
                format: "session (whole respond calls, medians of %d): structured %.0f ms against free %.0f ms for %d tokens "
                    + "= %.3f (prompt %d tokens, the schema's text included)",
                sessionRuns, s * 1e3, f * 1e3, outputTokens, s / f, promptTokens))
        let w = SampleStatistics.median(warm), fw = SampleStatistics.median(freeWarm)
        print(
            String(
                format: "session, same instructions and schema again: structured %.0f ms against free %.0f ms for %d tokens "
                    + "= %.3f (%d prompt tokens reused from an idle context; the free answer's instructions reused too)",
                w * 1e3, fw * 1e3, warmTokens, w / fw, warmCached))
        if let bareFailure {
            print("session without the schema in the prompt: no figure, a run failed: \(bareFailure)")
        } else {
            let u = SampleStatistics.median(unshown), fu = SampleStatistics.median(freeForBare)
            print(
                String(
                    format: "session without the schema in the prompt: %.0f ms against free %.0f ms for %d tokens = %.3f",
                    u * 1e3, fu * 1e3, bareTokens, u / fu))
        }
    }

    /// Times a free greedy `respond(to:)` capped at `tokens` output tokens; fails when the answer
    /// ends sooner (the times would not be of the same token count).
    /// With `warm`, the instructions are prefilled first by an untimed request, as the warm
    /// structured answer finds its own.
    func freeAnswer(model systemModel: SystemLanguageModel, tokens: Int, run: Int, clock: ContinuousClock, warm: Bool = false) async throws -> Double
    {
        let instructions = "You write text for a game. (\(warm ? "warm " : "")run \(run), \(tokens) tokens)"
        if warm {
            _ = try await LanguageModelSession(model: systemModel, instructions: instructions).respond(
                to: "Hi", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1))
        }
        let plain = LanguageModelSession(model: systemModel, instructions: instructions)
        let start = clock.now
        let text = try await plain.respond(to: prompt, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: tokens))
        let seconds = (clock.now - start).seconds
        guard text.usage.output.totalTokenCount == tokens else {
            throw ValidationError(
                "the free answer ended after \(text.usage.output.totalTokenCount) of \(tokens) tokens: "
                    + "the times would not be of the same token count (try a prompt that asks for more)")
        }
        return seconds
    }

    /// Replays `output` after `prompt` one token at a time, with the grammar's mask before each
    /// sampled token when `grammar` is given; returns the whole time and the constraint's share.
    func replay(_ local: LocalModel, prompt: [Int], output: [Int], grammar: Grammar?) throws -> (seconds: Double, maskSeconds: Double) {
        let context = ModelContext(model: local.transformer, capacity: 4096)
        var logits = try context.prefill(prompt)
        let processor = grammar.map { GrammarLogitProcessor(plan: .json($0), tools: nil, model: local) }
        let clock = ContinuousClock()
        var mask = Duration.zero
        let start = clock.now
        for token in output {
            if let processor {
                let t = clock.now
                let forced = processor.forcedTokens()
                if forced.first != token { processor.apply(to: &logits) }
                processor.accept(token)
                mask += clock.now - t
            }
            logits = try context.append(token) // as the driver does, to sample the end of turn

        }
        return ((clock.now - start).seconds, mask.seconds)
    }

    /// Generates a short answer and times its first token.
    func timeToFirstToken(_ local: LocalModel, _ prompt: ChatPrompt) throws -> (seconds: Double, outcome: GenerationOutcome) {
        let tokens = try local.renderer.tokens(for: prompt)
        let clock = ContinuousClock()
        let start = clock.now
        var firstAt: ContinuousClock.Instant?
        let outcome = try local.generateSynchronously(
            GenerationRequest(prompt: tokens, maximumTokens: 24),
            onEvent: { _ in
                if firstAt == nil { firstAt = clock.now }
            })
        return (((firstAt ?? clock.now) - start).seconds, outcome)
    }

}
