// Guided generation as a property (design tier 3): for seeded random `GenerationSchema`s
// (RandomGenerationSchema.swift: Apple's `DynamicGenerationSchema` -> `GenerationSchema(root:
// dependencies:)`) and seeded random sampling, every output that completes
//   1. decodes into its schema: `GeneratedContent(json:)` parses it and `isComplete` holds;
//   2. is accepted by the decoder's own IR validator (`SchemaGraph.Validator`, the graph of
//      `GenerationSchema.decodingGraph()`);
//   3. validates against the schema's JSON encoding with an independent validator, Python's
//      `jsonschema` (Draft 2020-12), all cases of a tier in one python3 process.
// On top, a random mutation of each output (a member added or removed, a value of another type,
// a bound or count broken) is judged by both validators, which must agree.
//
// Tier A — hundreds of cases, no forward pass: the product's `GrammarLogitProcessor` over the
// real Qwen2.5 vocabulary, run by the glue's own token loop (`GenerationDriver`, forced tokens
// fed without sampling; else mask -> `Sampler.select` -> accept) over a synthetic
// `LogitsSource` instead of the forward pass: 0 everywhere, a boost for tokens that close things
// (`"`, `]`, `}`, `,`) and for the end-of-turn tokens, and fresh seeded noise on a few thousand ids each step. Two `@Generable`
// structs with guides run the same loop and decode into their types. At least 90% of the cases
// must finish within 400 tokens.
// Tier B — 12 real generations: `LanguageModelSession().respond(to:schema:options:)` on the
// installed model with `.random(top: 40, seed:)`; at most 2 may be cut off at 300 tokens.
//
// What Python sees is Apple's encoding (`JSONEncoder().encode(schema)`: `title`, `x-order`,
// `$defs`, `#/$defs/Name`, `#` for the root) with two adjustments the dialect needs: Apple's
// `pattern` matches the whole string while JSON Schema's searches, so each pattern p becomes
// `^(?:p)$`; and the encoding does not record `representNilExplicitlyInGeneratedContent`, so the
// optional properties of those structures become required and nullable, as generation writes them.

import Foundation
import LLMEngine
import StructuredDecoding
import Testing

@testable import FoundationModels
@testable import LocalInference

/// Random schemas x random sampling: every completed output decodes into its schema and is valid
/// according to both the decoder's IR validator and Python's `jsonschema` (see the file header).
@Suite(.serialized) struct GuidedGenerationPropertyTests {
    /// Random schemas in tier A.
    static let syntheticCases = 480
    /// Tokens after which a tier-A case counts as truncated.
    static let maximumSteps = 400

    @Test func randomSchemasOverSyntheticLogits() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let model = try LocalTestModels.qwen()
        var logits = SyntheticLogits(model: model)
        var tally = Tally()
        var oracle: [OracleCase] = []
        for n in 0..<Self.syntheticCases {
            let seed = UInt64(10_000 + n)
            let generated = try RandomGenerationSchema.make(seed: seed)
            let schemaJSON = try Self.json(generated.schema)
            let graph = try generated.schema.decodingGraph()
            let sampling = Self.sampling(case: n, seed: seed)
            let run = try SyntheticDecoding.run(
                model: model, grammar: Grammar.compile(graph), sampling: sampling,
                logits: &logits, seed: seed, maximumTokens: Self.maximumSteps)
            tally.add(run)
            let label = "schema seed \(seed) (\(Self.describe(sampling)))"
            guard run.isFinished else {
                if run.isDeadEnd { Issue.record("\(label): every token was masked after \(run.text)\nschema: \(schemaJSON)") }
                continue
            }
            let target = OracleTarget(schema: schemaJSON, explicitNilTypes: generated.explicitNilTypes)
            guard
                let content = Self.check(
                    run.text, bytes: run.response, graph: graph, target: target, label: label,
                    tally: &tally, oracle: &oracle)
            else { continue }
            var random = SeededGenerator(seed: seed ^ 0x5EED)
            Self.mutate(content, graph: graph, target: target, label: label, random: &random, oracle: &oracle)
        }
        let generable = try Self.generableCases(model: model, logits: &logits, tally: &tally, oracle: &oracle)

        let verdicts = try PythonJSONSchema.verdicts(oracle)
        let (invalidMutations, mutations) = Self.compare(oracle, verdicts)
        let completion = Double(tally.completed) / Double(tally.cases)
        print(
            """
            [GuidedGenerationPropertyTests] tier A: \(tally.cases) cases (\(Self.syntheticCases) random schemas + \
            \(generable) @Generable), \(tally.completed) completed (\(Int(completion * 1000) / 10)%), \
            \(tally.truncated) truncated at \(Self.maximumSteps) tokens; \(tally.tokens) tokens (\(tally.forced) forced), \
            mean \(tally.tokens / max(1, tally.cases)) per case; \(tally.renderedDifferently) outputs whose jsonString differs; \
            \(oracle.count) instances checked by jsonschema (\(mutations) mutations, \(invalidMutations) invalid); \
            \(clock.now - start)
            """)
        #expect(completion >= 0.9, "only \(tally.completed) of \(tally.cases) tier-A cases completed")
        #expect(invalidMutations > mutations / 4, "the mutations should mostly break their schema")
    }

    @Test func realModelGenerations() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        var oracle: [OracleCase] = []
        var truncated: [String] = []
        var characters = 0
        for (seed, generated) in try Self.realModelSchemas() {
            let schemaJSON = try Self.json(generated.schema)
            let graph = try generated.schema.decodingGraph()
            let label = "tier B, schema seed \(seed)"
            let session = LanguageModelSession()
            let options = GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumResponseTokens: 300)
            let content: GeneratedContent
            do {
                content = try await session.respond(to: "Generate an example value.", schema: generated.schema, options: options).content
            } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
                // Tolerated only when the token limit cut the JSON short: what was written is a
                // viable prefix of the grammar's language.
                let marker = "(a maximumResponseTokens limit?): "
                let message = context.debugDescription
                guard let range = message.range(of: marker) else {
                    Issue.record("\(label): \(message)\nschema: \(schemaJSON)"); continue
                }
                var excerpt = String(message[range.upperBound...])
                if excerpt.hasSuffix("…") { excerpt.removeLast() }
                let bytes = Array(excerpt.utf8)
                #expect(
                    try Grammar.compile(graph).firstRejectedOffset(bytes) == bytes.count,
                    "\(label): the cut-off response is not a prefix of the schema's language: \(excerpt)")
                truncated.append(label)
                continue
            }
            let text = content.jsonString
            characters += text.count
            #expect(content.isComplete, "\(label): incomplete content \(text)")
            #expect(
                SchemaGraph.Validator(graph).accepts(jsonBytes: Array(text.utf8)),
                "\(label): the IR validator rejects \(text)\nschema: \(schemaJSON)")
            oracle.append(
                OracleCase(
                    label: label, target: OracleTarget(schema: schemaJSON, explicitNilTypes: generated.explicitNilTypes),
                    instance: text, expectation: .valid))
        }
        let verdicts = try PythonJSONSchema.verdicts(oracle)
        _ = Self.compare(oracle, verdicts)
        print(
            """
            [GuidedGenerationPropertyTests] tier B: 12 generations, \(oracle.count) validated, \(truncated.count) cut off at \
            300 tokens \(truncated); \(characters) characters of JSON; \(clock.now - start)
            """)
        #expect(truncated.count <= 2, "too many responses hit maximumResponseTokens: \(truncated)")
    }

    /// The 12 schemas of tier B: the first seeds from 90 000 whose encoding (which the prompt
    /// holds) has 150 to 549 characters — not trivial, and short enough that prefill stays
    /// within the time budget (a 2,000-character schema costs ~9 s on 2 busy cores).
    static func realModelSchemas() throws -> [(seed: UInt64, schema: RandomGenerationSchema.Case)] {
        var schemas: [(seed: UInt64, schema: RandomGenerationSchema.Case)] = []
        var seed: UInt64 = 90_000
        while schemas.count < 12 {
            let generated = try RandomGenerationSchema.make(seed: seed, maximumDepth: 2)
            if (150..<550).contains(try json(generated.schema).count) { schemas.append((seed, generated)) }
            seed += 1
        }
        return schemas
    }

    // MARK: - Checks

    /// Checks a completed output (properties 1-2), queues it (and its `jsonString`, when that
    /// reads differently) for Python, and returns its content.
    @discardableResult
    static func check(
        _ text: String, bytes: [UInt8], graph: SchemaGraph, target: OracleTarget, label: String,
        tally: inout Tally, oracle: inout [OracleCase]
    ) -> GeneratedContent? {
        let detail = "\(label)\noutput: \(text)\nschema: \(target.schema)"
        #expect(String(validating: bytes, as: UTF8.self) != nil, "not UTF-8: \(detail)")
        let validator = SchemaGraph.Validator(graph)
        #expect(validator.accepts(jsonBytes: bytes), "the IR validator rejects the output: \(detail)")
        oracle.append(OracleCase(label: label, target: target, instance: text, expectation: .valid))
        guard let content = try? GeneratedContent(json: text) else {
            Issue.record("GeneratedContent(json:) fails: \(detail)"); return nil
        }
        #expect(content.isComplete, "GeneratedContent is incomplete: \(detail)")
        let rendered = content.jsonString
        if rendered != text {
            tally.renderedDifferently += 1
            #expect(validator.accepts(jsonBytes: Array(rendered.utf8)), "the IR validator rejects jsonString \(rendered): \(detail)")
            oracle.append(OracleCase(label: label + " (jsonString)", target: target, instance: rendered, expectation: .valid))
        }
        return content
    }

    /// Queues a random mutation of `content`, with the IR validator's verdict Python must agree with.
    static func mutate(
        _ content: GeneratedContent, graph: SchemaGraph, target: OracleTarget, label: String,
        random: inout SeededGenerator, oracle: inout [OracleCase]
    ) {
        let mutated = ContentMutation.mutate(content, using: &random).jsonString
        let accepted = SchemaGraph.Validator(graph).accepts(jsonBytes: Array(mutated.utf8))
        oracle.append(
            OracleCase(
                label: label + " (mutation of \(content.jsonString))", target: target, instance: mutated,
                expectation: .agrees(irAccepts: accepted)))
    }

    /// Records every case whose Python verdict is not the expected one; returns how many
    /// mutations Python found invalid, and how many mutations there were.
    static func compare(_ oracle: [OracleCase], _ verdicts: [String?]) -> (invalidMutations: Int, mutations: Int) {
        var invalidMutations = 0
        var mutations = 0
        for (item, verdict) in zip(oracle, verdicts) {
            let where_ = "\(item.label)\ninstance: \(item.instance)\nschema: \(item.target.schema)"
            switch item.expectation {
            case .valid:
                if let verdict { Issue.record("jsonschema rejects a generated output: \(verdict)\n\(where_)") }
            case .agrees(let irAccepts):
                mutations += 1
                if verdict != nil { invalidMutations += 1 }
                if irAccepts != (verdict == nil) {
                    Issue.record("validators disagree: IR \(irAccepts ? "accepts" : "rejects"), jsonschema says \(verdict ?? "valid")\n\(where_)")
                }
            }
        }
        return (invalidMutations, mutations)
    }

    // MARK: - @Generable types

    /// Runs each `@Generable` type's schema through tier A and decodes every completed output
    /// into the type, whose guides must hold. Returns the number of cases.
    static func generableCases(
        model: LocalModel, logits: inout SyntheticLogits, tally: inout Tally, oracle: inout [OracleCase]
    ) throws -> Int {
        let perType = 16
        for n in 0..<(2 * perType) {
            let isOrder = n >= perType
            let schema = isOrder ? PropertyOrder.generationSchema : PropertyDrink.generationSchema
            let seed = UInt64(70_000 + n)
            let graph = try schema.decodingGraph()
            let sampling = Self.sampling(case: n, seed: seed)
            let run = try SyntheticDecoding.run(
                model: model, grammar: Grammar.compile(graph), sampling: sampling,
                logits: &logits, seed: seed, maximumTokens: maximumSteps)
            tally.add(run)
            guard run.isFinished else { continue }
            let target = OracleTarget(schema: try json(schema), explicitNilTypes: isOrder ? [schema.rootName ?? ""] : [])
            let label = "@Generable \(isOrder ? "PropertyOrder" : "PropertyDrink"), seed \(seed)"
            guard
                let content = check(
                    run.text, bytes: run.response, graph: graph, target: target, label: label,
                    tally: &tally, oracle: &oracle)
            else { continue }
            do {
                if isOrder {
                    let order = try PropertyOrder(content)
                    #expect((1...999).contains(order.number) && (1...2).contains(order.drinks.count), "\(label): \(run.text)")
                    #expect(order.pickup.map { (try? #/\d{3}-\d{4}/#.wholeMatch(in: $0)) != nil } ?? true, "\(label): \(run.text)")
                    order.drinks.forEach { checkGuides($0, label: label, text: run.text) }
                } else {
                    checkGuides(try PropertyDrink(content), label: label, text: run.text)
                }
            } catch {
                Issue.record("\(label): does not decode into its type (\(error)): \(run.text)")
            }
        }
        return 2 * perType
    }

    static func checkGuides(_ drink: PropertyDrink, label: String, text: String) {
        #expect((try? #/[A-Z][a-z]{2,6}/#.wholeMatch(in: drink.name)) != nil, "\(label): \(text)")
        #expect(["tea", "coffee", "cocoa"].contains(drink.kind) && (1...4).contains(drink.shots), "\(label): \(text)")
        #expect((0.5...9.5).contains(drink.price) && (1...3).contains(drink.tags.count), "\(label): \(text)")
    }

    // MARK: - Helpers

    /// Apple's `.random(top: 40, seed:)` at temperature 1 for most cases, with a 0.9 nucleus
    /// for some, and Apple's `.random(probabilityThreshold: 0.95, seed:)` for a quarter (at
    /// temperature 0.25, so that the boosted closers are not drowned by the 150k-token tail).
    static func sampling(case n: Int, seed: UInt64) -> SamplingParameters {
        switch n % 4 {
        case 0, 1: SamplingParameters(temperature: 1, topK: 40, seed: seed)
        case 2: SamplingParameters(temperature: 1, topK: 40, topP: 0.9, seed: seed)
        default: SamplingParameters(temperature: 0.25, topP: 0.95, seed: seed)
        }
    }

    static func describe(_ sampling: SamplingParameters) -> String {
        "temperature \(sampling.temperature)" + (sampling.topK.map { ", top-k \($0)" } ?? "") + (sampling.topP.map { ", top-p \($0)" } ?? "")
    }

    /// The schema in Apple's JSON dialect, as `JSONEncoder` writes it.
    static func json(_ schema: GenerationSchema) throws -> String {
        String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
    }
}

// MARK: - Tier A: the driver's loop over synthetic logits

/// Counts over tier-A cases.
struct Tally {
    var cases = 0
    var completed = 0
    var truncated = 0
    var tokens = 0
    var forced = 0
    var renderedDifferently = 0

    mutating func add(_ run: SyntheticDecoding.Outcome) {
        cases += 1
        if run.isFinished { completed += 1 } else if !run.isDeadEnd { truncated += 1 }
        tokens += run.tokens
        forced += run.forced
    }
}

/// Synthetic logits over the model's output vocabulary: 0 everywhere; `boost` for tokens whose
/// bytes hold `"`, `]`, `}` or `,` and for the end-of-turn tokens, so that strings, containers
/// and the response close in reasonable length; plus, on each step, seeded noise in
/// `0 ..< noiseScale` on `noisyCount` random ids, so that content varies.
struct SyntheticLogits {
    private var base: [Float]
    let noisyCount: Int
    let noiseScale: Float

    init(model: LocalModel, boost: Float = 4, noisyCount: Int = 3000, noiseScale: Float = 4) {
        let count = model.transformer.hyperparameters.vocabularySize
        base = [Float](repeating: 0, count: count)
        let closers: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ",")]
        for id in 0..<min(count, model.vocabulary.tokenCount) where !model.vocabulary.isSpecial(id) {
            if model.index.tokenBytes(id).contains(where: closers.contains) { base[id] = boost }
        }
        for id in model.vocabulary.endOfSequenceTokens where id < count { base[id] = boost }
        self.noisyCount = noisyCount
        self.noiseScale = noiseScale
    }

    /// The number of logits.
    var count: Int { base.count }

    /// Writes this step's logits into `logits` (`count` entries): noise is added to the base,
    /// copied out, and the base is restored.
    mutating func fill(_ logits: inout [Float], using random: inout SeededGenerator) {
        var touched: [(id: Int, value: Float)] = []
        touched.reserveCapacity(noisyCount)
        for _ in 0..<noisyCount {
            let id = Int(random.next() % UInt64(base.count))
            touched.append((id, base[id]))
            base[id] += random.nextUnitFloat() * noiseScale
        }
        logits.withUnsafeMutableBufferPointer { target in
            base.withUnsafeBufferPointer { source in target.baseAddress!.update(from: source.baseAddress!, count: source.count) }
        }
        for (id, value) in touched.reversed() { base[id] = value }
    }
}

/// The glue's token loop (`GenerationDriver.run`) over synthetic logits instead of the model:
/// forced tokens are fed without sampling, otherwise the processor masks and the sampler picks.
enum SyntheticDecoding {
    /// What one run produced.
    struct Outcome {
        /// Bytes of the tokens accepted in the `.response` role.
        var response: [UInt8] = []
        /// Whether the processor finished (an end-of-turn token was accepted).
        var isFinished = false
        /// Whether every token was masked (the driver's "no token is allowed" engine error).
        var isDeadEnd = false
        /// Tokens generated (the driver's `outcome.tokens`), and how many of them were forced.
        var tokens = 0
        var forced = 0

        var text: String { String(decoding: response, as: UTF8.self) }
    }

    /// Runs the glue's own token loop (`GenerationDriver`) with `SyntheticLogits` standing in
    /// for the forward pass.
    static func run(
        model: LocalModel, grammar: Grammar, sampling: SamplingParameters, logits: inout SyntheticLogits,
        seed: UInt64, maximumTokens limit: Int
    ) throws -> Outcome {
        let source = SyntheticSource(logits: logits, seed: seed)
        defer { logits = source.logits }
        let request = GenerationRequest(prompt: [0], plan: .json(grammar), sampling: sampling, maximumTokens: limit)
        var outcome = Outcome()
        do {
            let run = try GenerationDriver.run(model: model, context: source, request: request, isCancelled: { false }, onEvent: { _ in })
            outcome.response = run.responseTokens.flatMap { Array(model.index.tokenBytes($0)) }
            outcome.isFinished = run.stopReason == .endOfTurn
            outcome.tokens = run.tokens.count
            outcome.forced = run.forcedTokens
        } catch TokenLoopError.noAllowedToken {
            outcome.isDeadEnd = true
        }
        return outcome
    }
}

// MARK: - Mutations

/// Small random changes to generated content, to check that both validators reject (or accept)
/// the same instances: a member added or removed, a value of another kind, a bound or count broken.
enum ContentMutation {
    /// `content` with one value, chosen at random (pre-order), changed.
    static func mutate(_ content: GeneratedContent, using random: inout SeededGenerator) -> GeneratedContent {
        var remaining = Int.random(in: 0..<count(content), using: &random)
        return rewrite(content, remaining: &remaining, using: &random)
    }

    private static func count(_ content: GeneratedContent) -> Int {
        switch content.kind {
        case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
        case .structure(let properties, _): 1 + properties.values.reduce(0) { $0 + count($1) }
        default: 1
        }
    }

    /// Changes the value `remaining` steps ahead in pre-order (`remaining` ends below 0).
    private static func rewrite(_ content: GeneratedContent, remaining: inout Int, using random: inout SeededGenerator) -> GeneratedContent {
        remaining -= 1
        if remaining == -1 { return GeneratedContent(kind: change(content.kind, using: &random)) }
        switch content.kind {
        case .array(let items):
            return GeneratedContent(kind: .array(items.map { remaining >= 0 ? rewrite($0, remaining: &remaining, using: &random) : $0 }))
        case .structure(var properties, let keys):
            for key in keys where remaining >= 0 { properties[key] = rewrite(properties[key]!, remaining: &remaining, using: &random) }
            return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
        default:
            return content
        }
    }

    private static func change(_ kind: GeneratedContent.Kind, using random: inout SeededGenerator) -> GeneratedContent.Kind {
        let choice = Int.random(in: 0..<4, using: &random)
        switch kind {
        case .structure(var properties, var keys):
            switch choice {
            case 0, 1:
                properties["zz_extra"] = GeneratedContent(kind: .number(1))
                keys.append("zz_extra")
            case 2 where !keys.isEmpty:
                properties[keys.remove(at: Int.random(in: 0..<keys.count, using: &random))] = nil
            default:
                return .array([])
            }
            return .structure(properties: properties, orderedKeys: keys)
        case .array(let items):
            let copy = items.last ?? GeneratedContent(kind: .null)
            return [.array(items + [copy]), .array(items + [copy, copy]), .array([]), .structure(properties: [:], orderedKeys: [])][choice]
        case .string(let text):
            return [.string(text + "~"), .number(7), .string(""), .null][choice]
        case .number(let value):
            return [.number(100_000), .number(-100_000), .number(0.5), .string("\(value)")][choice]
        case .bool(let flag):
            return [.bool(!flag), .null, .string("true"), .number(1)][choice]
        case .null:
            return [.bool(false), .string("null"), .number(0), .array([])][choice]
        }
    }
}

// MARK: - Python's jsonschema

/// A schema in Apple's dialect and the structures whose absent values are written as `null`.
struct OracleTarget {
    var schema: String
    var explicitNilTypes: [String]
}

/// One instance for Python's `jsonschema`, and what its verdict must be.
struct OracleCase {
    enum Expectation {
        /// A generated output: valid.
        case valid
        /// A mutation: valid exactly when the IR validator accepts it.
        case agrees(irAccepts: Bool)
    }

    var label: String
    var target: OracleTarget
    var instance: String
    var expectation: Expectation
}

/// Runs Python's `jsonschema` (Draft 2020-12) over many instances in one python3 process, after
/// adapting Apple's dialect (whole-match patterns, explicit nulls; see the file header). Fails
/// loudly when python3 or the package is missing, and when a schema is not valid Draft 2020-12.
enum PythonJSONSchema {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let script = #"""
        import json, sys
        try:
            from jsonschema import Draft202012Validator
        except ImportError as error:
            print(f"cannot import jsonschema: {error}")
            sys.exit(3)

        def adapt(node, nullable):
            if isinstance(node, list):
                return [adapt(item, nullable) for item in node]
            if not isinstance(node, dict):
                return node
            out = {}
            for key, value in node.items():
                if key in ("properties", "$defs"):
                    out[key] = {name: adapt(schema, nullable) for name, schema in value.items()}
                elif key in ("items", "anyOf", "allOf"):
                    out[key] = adapt(value, nullable)
                elif key == "pattern":
                    out[key] = "^(?:" + value + ")$"
                else:
                    out[key] = value
            if out.get("type") == "object" and out.get("title") in nullable:
                properties = out.get("properties", {})
                for name in properties:
                    if name not in out.get("required", []):
                        properties[name] = {"anyOf": [properties[name], {"type": "null"}]}
                out["required"] = list(properties)
            return out

        validators = {}
        for n, line in enumerate(open(sys.argv[1], encoding="utf-8")):
            case = json.loads(line)
            key = (json.dumps(case["schema"], sort_keys=True), tuple(case["nullable"]))
            if key not in validators:
                schema = adapt(case["schema"], set(case["nullable"]))
                Draft202012Validator.check_schema(schema)
                validators[key] = Draft202012Validator(schema)
            try:
                instance = json.loads(case["instance"])
            except ValueError as error:
                print(json.dumps([n, f"not JSON: {error}"]))
                continue
            errors = list(validators[key].iter_errors(instance))
            message = "; ".join(f"at /{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:3])
            print(json.dumps([n, message or None]))
        print(f"checked {n + 1} cases")
        """#

    /// Python's verdict on each case, in order: `nil` when valid, else its messages.
    static func verdicts(_ cases: [OracleCase]) throws -> [String?] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guided-property-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let encoder = JSONEncoder()
        var lines = ""
        for item in cases {
            let nullable = String(decoding: try encoder.encode(item.target.explicitNilTypes), as: UTF8.self)
            let instance = String(decoding: try encoder.encode(item.instance), as: UTF8.self)
            lines += #"{"schema": \#(item.target.schema), "nullable": \#(nullable), "instance": \#(instance)}"# + "\n"
        }
        try lines.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run python3 (python3 with jsonschema is required): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, text.contains("checked \(cases.count) cases") else {
            throw Failure(description: "jsonschema did not check the cases (python3 with jsonschema is required):\n\(text.suffix(4000))")
        }
        var verdicts = [String?](repeating: "no verdict", count: cases.count)
        for line in text.split(separator: "\n") where line.hasPrefix("[") {
            guard let pair = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
                let n = pair.first as? Int, verdicts.indices.contains(n)
            else { continue }
            verdicts[n] = pair.last as? String
        }
        return verdicts
    }
}

// MARK: - @Generable types with guides

/// A drink whose every property carries a guide.
@Generable
struct PropertyDrink {
    @Guide(description: "A capitalized name", .pattern(/[A-Z][a-z]{2,6}/)) var name: String
    @Guide(.anyOf(["tea", "coffee", "cocoa"])) var kind: String
    @Guide(.range(1...4)) var shots: Int
    @Guide(.range(0.5...9.5)) var price: Double
    @Guide(.count(1...3)) var tags: [String]
    var iced: Bool
    var note: String?
}

/// Sizes, an enumeration.
@Generable
enum PropertySize {
    case small, medium, large
}

/// An order that writes its absent values as `null`.
@Generable(representNilExplicitlyInGeneratedContent: true)
struct PropertyOrder {
    @Guide(.range(1...999)) var number: Int
    var size: PropertySize
    @Guide(.count(1...2)) var drinks: [PropertyDrink]
    @Guide(.pattern(/\d{3}-\d{4}/)) var pickup: String?
}
