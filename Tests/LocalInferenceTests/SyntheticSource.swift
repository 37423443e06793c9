import LLMEngine

@testable import LocalInference

/// Stands in for the model's context: holds tokens, and answers every step with fresh seeded
/// synthetic logits.
final class SyntheticSource: LogitsSource {
    var logits: SyntheticLogits
    var noise: SeededGenerator
    var tokens: [Int] = []
    let capacity = 1 << 20
    var count: Int { tokens.count }

    init(logits: SyntheticLogits, seed: UInt64) {
        self.logits = logits
        noise = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
    }

    func reusablePrefixLength(of prompt: [Int]) -> Int {
        zip(tokens, prompt.dropLast()).prefix { $0 == $1 }.count
    }

    func prefill(_ prompt: [Int], isCancelled: () -> Bool) throws -> [Float] {
        if isCancelled() { throw GenerationFailure.cancelled }
        tokens = prompt
        return next()
    }

    func append(_ token: Int) throws -> [Float] {
        tokens.append(token)
        return next()
    }

    func append(contentsOf forced: [Int]) throws -> [Float] {
        tokens += forced
        return next()
    }

    private func next() -> [Float] {
        var buffer = [Float](repeating: 0, count: logits.count)
        logits.fill(&buffer, using: &noise)
        return buffer
    }
}
