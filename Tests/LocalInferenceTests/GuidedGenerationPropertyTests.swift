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
            } catch let context as GeneratedContent.ParsingError {
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
