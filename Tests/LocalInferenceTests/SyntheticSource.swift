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

    /// Candidates are honoured as the model honours them: every other entry `-infinity`.
    func append(contentsOf forced: [Int], candidates: [Int]?) throws -> [Float] {
        tokens += forced
        var logits = next()
        if let candidates {
            candidatesAsked.append(candidates)
            let kept = candidates.map { logits[$0] }
            logits = [Float](repeating: -.infinity, count: logits.count)
            for (token, value) in zip(candidates, kept) { logits[token] = value }
        }
        return logits
    }

    /// Every candidate list `append` was given, in order.
    var candidatesAsked: [[Int]] = []
    /// The most candidates `append` is asked for (the loop passes none when more are allowed).
    var candidateLimit = 64

    private func next() -> [Float] {
        var buffer = [Float](repeating: 0, count: logits.count)
        logits.fill(&buffer, using: &noise)
        return buffer
    }
}
