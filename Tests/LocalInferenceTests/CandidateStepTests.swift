import LLMEngine
import StructuredDecoding
import Testing

@testable import LocalInference

/// Where the constraint allows only a few tokens next (a choice among an enum's values, a digit,
/// `,` or `]`), the token loop asks the forward pass for those tokens' logits alone. That must
/// change nothing the loop produces: the same schema, greedy, on the real models gives the same
/// tokens with the candidates' sparse projection as with every logit computed.
@Suite("candidate steps", .serialized)
struct CandidateStepTests {
    /// A `ModelContext` that can refuse candidate lists (`candidateLimit` 0: every step computes
    /// the whole projection) and records the lists the loop passed.
    final class RecordingContext: LogitsSource {
        let context: ModelContext
        let candidateLimit: Int
        var asked: [[Int]] = []

        init(_ context: ModelContext, sparse: Bool) {
            self.context = context
            candidateLimit = sparse ? context.candidateLimit : 0
        }

        var capacity: Int { context.capacity }
        var count: Int { context.count }
        var tokens: [Int] { context.tokens }
        func reusablePrefixLength(of prompt: [Int]) -> Int { context.reusablePrefixLength(of: prompt) }
        func prefill(_ prompt: [Int], isCancelled: () -> Bool) throws -> [Float] { try context.prefill(prompt, isCancelled: isCancelled) }
        func append(_ token: Int) throws -> [Float] { try context.append(token) }
        func append(contentsOf tokens: [Int], candidates: [Int]?) throws -> [Float] {
            if let candidates { asked.append(candidates) }
            return try context.append(contentsOf: tokens, candidates: candidates)
        }
    }

    /// Enums, a bounded integer, a Boolean and an array: many narrow choices.
    static let schema = #"""
        {"type": "object", "additionalProperties": false,
         "required": ["drink", "size", "shots", "iced", "toppings", "note"],
         "properties": {
           "drink": {"enum": ["espresso", "latte", "cappuccino", "mocha"]},
           "size": {"enum": ["small", "medium", "large"]},
           "shots": {"type": "integer", "minimum": 0, "maximum": 4},
           "iced": {"type": "boolean"},
           "toppings": {"type": "array", "maxItems": 3, "items": {"enum": ["cinnamon", "cocoa", "foam"]}},
           "note": {"type": "string", "maxLength": 40}}}
        """#

    @Test(arguments: ["qwen", "gemma"])
    func sparseStepsGiveTheSameAnswer(model name: String) throws {
        let model = try name == "qwen" ? LocalTestModels.qwen() : LocalTestModels.gemma()
        let grammar = try Grammar.compile(JSONSchemaImporter().importSchema(Self.schema))
        let prompt = try model.renderer.tokens(
            for: ChatPrompt(messages: [ChatMessage(role: .user, content: "Order a coffee as JSON, with toppings.")]))
        var outcomes: [GenerationOutcome] = [], asked: [[[Int]]] = []
        for sparse in [false, true] {
            let context = RecordingContext(ModelContext(model: model.transformer, capacity: 512), sparse: sparse)
            let request = GenerationRequest(prompt: prompt, plan: .json(grammar), maximumTokens: 120)
            outcomes.append(try GenerationDriver.run(model: model, context: context, request: request, isCancelled: { false }, onEvent: { _ in }))
            asked.append(context.asked)
        }
        #expect(asked[0].isEmpty)
        #expect(asked[1].count >= 3, "\(name): \(asked[1].count) sparse steps")
        #expect(asked[1].allSatisfy { !$0.isEmpty && $0.count <= model.transformer.candidateLimit })
        #expect(outcomes[1].tokens == outcomes[0].tokens, "\(name): \(outcomes[0].text) vs \(outcomes[1].text)")
        #expect(outcomes[1].text == outcomes[0].text)
        #expect(outcomes[0].stopReason == .endOfTurn)
        let value = try JSONValue(parsing: outcomes[1].text)
        #expect(try JSONSchemaImporter().importSchema(Self.schema).accepts(value))
    }
}
