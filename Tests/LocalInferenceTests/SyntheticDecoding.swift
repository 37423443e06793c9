import Foundation
import LLMEngine
import StructuredDecoding
import Testing

@testable import FoundationModels
@testable import LocalInference

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
