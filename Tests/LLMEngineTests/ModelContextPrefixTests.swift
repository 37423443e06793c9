import GGUF
import LLMEngine
import TestSupport
import Testing

/// The context under the token loop: a prompt that extends, shortens or diverges from the tokens
/// a context holds reuses their common prefix and computes what a fresh context would. (The loop
/// itself, `GenerationDriver`, is tested in LocalInferenceTests' `TokenLoopTests`.)
@Suite("context prefix")
struct ModelContextPrefixTests {
    static let model: Transformer = {
        // force-try: the synthetic writer's output is a valid model by construction (tested elsewhere)
        let file = try! GGUFFile(bytes: SyntheticModel(architecture: "llama").writer().encoded())
        return try! Transformer(file: file, threads: 2, batchCapacity: 8)
    }()

    static let prompt = [5, 17, 42, 99, 3, 250, 7, 11, 64, 128, 2]

    @Test func prefillReusesTheCommonPrefixAndComputesTheSameLogits() throws {
        let model = Self.model
        let a = Self.prompt, b = a + [77, 78, 79]
        let context = ModelContext(model: model, capacity: 64)
        _ = try context.prefill(a)
        #expect(context.reusablePrefixLength(of: b) == a.count)
        let extended = try context.prefill(b)
        #expect(extended == (try ModelContext(model: model, capacity: 64).prefill(b)))
        #expect(context.tokens == b)

        // Back to the shorter prompt: all but its last position are kept, and that one is recomputed.
        #expect(context.reusablePrefixLength(of: a) == a.count - 1)
        let again = try context.prefill(a)
        #expect(again == (try ModelContext(model: model, capacity: 64).prefill(a)))
        #expect(context.tokens == a)

        // A diverging prompt keeps only the shared head.
        let c = Array(a[..<4]) + [1, 2, 3]
        #expect(context.reusablePrefixLength(of: c) == 4)
        #expect(try context.prefill(c) == (try ModelContext(model: model, capacity: 64).prefill(c)))
    }
}
