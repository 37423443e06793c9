import FMSupport
import Foundation
import Kernels
import LLMEngine

/// Prefill and decode throughput of a `Transformer`, measured as llama.cpp's `llama-bench` does:
/// `ppN` runs N random tokens through one forward call; `tgN` decodes N random tokens one at a
/// time. At depth D (llama-bench's `-d`) the cache first holds D random positions, prefilled once
/// and untimed; every repetition then starts from exactly those D positions (the cache is
/// truncated back to them, as llama-bench restores its saved state). A warm-up comes first: the
/// whole prefill, or one decoded token.
///
/// A `ppN` sample is also the time to first token of an N-token prompt: the prefill ends with
/// the logits the first token is sampled from.
///
/// ```swift
/// let pp = try EngineBenchmark.run(.prefill(512), model: model, repetitions: 5)
/// print(pp.median, pp.mean, pp.standardDeviation)   // tokens/s
/// let tg = try EngineBenchmark.run(.decode(128, depth: 2048), model: model, repetitions: 3)
/// ```
package enum EngineBenchmark {
    /// What to time.
    package enum Test: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// N tokens in one forward call (batched prefill) after `depth` cached positions.
        case prefill(Int, depth: Int = 0)
        /// N tokens one after another (decode) after `depth` cached positions.
        case decode(Int, depth: Int = 0)
        /// N tokens one after another in each of `sequences` contexts decoding at the same time
        /// (threads calling `ModelContext.append`, whose steps the model batches), after `depth`
        /// cached positions each: the aggregate throughput of concurrent generations.
        case parallelDecode(Int, sequences: Int, depth: Int = 0)

        /// `pp512`, `tg128 @ d2048`: llama-bench's names.
        package var description: String {
            let name =
                switch self {
                case .prefill(let n, _): "pp\(n)"
                case .decode(let n, _): "tg\(n)"
                case .parallelDecode(let n, let sequences, _): "tg\(n) ×\(sequences)"
                }
            return depth > 0 ? "\(name) @ d\(depth)" : name
        }

        /// Tokens per timed run (all sequences together).
        package var tokens: Int {
            switch self {
            case .prefill(let n, _), .decode(let n, _): n
            case .parallelDecode(let n, let sequences, _): n * sequences
            }
        }

        /// Positions already in the cache (of each sequence) when the timed run starts.
        package var depth: Int {
            switch self {
            case .prefill(_, let d), .decode(_, let d), .parallelDecode(_, _, let d): d
            }
        }

        /// Cache positions the test needs (per sequence).
        package var capacity: Int {
            switch self {
            case .parallelDecode(let n, _, let d): max(1, d + n)
            default: max(1, depth + tokens)
            }
        }
    }

    /// The timed repetitions of a test.
    package struct Measurement: Sendable {
        /// The test.
        package let test: Test
        /// Wall time of each repetition, in nanoseconds.
        package let nanoseconds: [UInt64]
        /// For `.parallelDecode`: the mean rows of the model's forward passes during the timed
        /// repetitions (how well the sequences' steps were batched; at most `sequences`).
        package var meanBatch: Double?

        /// Tokens per second of each repetition.
        package var samples: [Double] { nanoseconds.map { 1e9 * Double(test.tokens) / Double(max($0, 1)) } }
        /// The mean tokens per second.
        package var mean: Double { SampleStatistics.mean(samples) }
        /// The median tokens per second.
        package var median: Double { SampleStatistics.median(samples) }
        /// The sample standard deviation of the tokens per second.
        package var standardDeviation: Double { SampleStatistics.standardDeviation(samples) }
        /// The median wall time of one repetition, in nanoseconds (for `ppN`: the time to first
        /// token of an N-token prompt).
        package var medianNanoseconds: Double { SampleStatistics.median(nanoseconds.map { Double($0) }) }
    }

    /// Times `test` on `model` `repetitions` times (after a warm-up), with seeded random tokens.
    package static func run(_ test: Test, model: Transformer, repetitions: Int, seed: UInt64 = 1) throws(GenerationFailure) -> Measurement {
        var cache = model.makeCache(capacity: test.capacity)
        try prefillDepth(test.depth, model: model, cache: &cache, seed: seed)
        return try run(test, model: model, cache: &cache, repetitions: repetitions, seed: seed)
    }

    /// Fills `cache` (emptied first) with `depth` random positions: the context a test at that
    /// depth starts from. Share one cache between the tests of a depth to prefill it once.
    package static func prefillDepth(_ depth: Int, model: Transformer, cache: inout KVCache, seed: UInt64 = 1) throws(GenerationFailure) {
        cache.truncate(to: 0)
        guard depth > 0 else { return }
        var rng = SeededGenerator(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        cache.keepStates(at: [depth]) // a recurrent model's tests return here
        _ = try model.forward(tokens: randomTokens(depth, model: model, rng: &rng), cache: &cache)
    }

    /// Times `test` on a `cache` that already holds its `depth` positions (`prefillDepth`); the
    /// cache is left at that depth.
    package static func run(
        _ test: Test, model: Transformer, cache: inout KVCache, repetitions: Int,
        seed: UInt64 = 1
    ) throws(GenerationFailure) -> Measurement {
        precondition(cache.count == test.depth, "the cache must hold the test's depth")
        precondition(cache.capacity >= test.capacity, "the cache is too small for the test")
        var rng = SeededGenerator(seed: seed)
        let tokens = randomTokens(test.tokens, model: model, rng: &rng)
        let clock = ContinuousClock()
        var samples: [UInt64] = []
        for repetition in 0...max(1, repetitions) {
            cache.truncate(to: test.depth)
            var failure: GenerationFailure?
            let elapsed = clock.measure {
                do {
                    switch test {
                    case .prefill: _ = try model.forward(tokens: tokens, cache: &cache)
                    case .decode:
                        let run = repetition == 0 ? tokens.prefix(1) : tokens[...] // warm-up: one token
                        for token in run { _ = try model.forward(tokens: [token], cache: &cache) }
                    case .parallelDecode:
                        preconditionFailure("parallel decode runs on contexts: runParallelDecode")
                    }
                } catch { failure = error as? GenerationFailure }
            }
            if let failure { throw failure }
            if repetition > 0 { samples.append(elapsed.nanoseconds) }
        }
        cache.truncate(to: test.depth)
        return Measurement(test: test, nanoseconds: samples)
    }

    /// Times a `.parallelDecode` test: `sequences` contexts, each prefilled with its own `depth`
    /// random positions (once, untimed), decode `n` random tokens each on threads of their own,
    /// started together; a repetition lasts until the last one is done. Warm-up: one token each.
    package static func runParallelDecode(
        _ test: Test, model: Transformer, repetitions: Int, seed: UInt64 = 1, format: KVFormat = .f16
    ) throws -> Measurement {
        guard case .parallelDecode(let n, let sequences, let depth) = test else {
            preconditionFailure("runParallelDecode takes a .parallelDecode test")
        }
        var rng = SeededGenerator(seed: seed)
        let contexts = try (0..<sequences).map { s in
            let context = ModelContext(model: model, capacity: test.capacity, format: format)
            if depth > 0 {
                var depthRNG = SeededGenerator(seed: seed ^ 0x9E37_79B9_7F4A_7C15 &+ UInt64(s))
                try context.prefill(randomTokens(depth, model: model, rng: &depthRNG))
            }
            return context
        }
        let tokens = (0..<sequences).map { _ in randomTokens(n, model: model, rng: &rng) }
        let clock = ContinuousClock()
        var samples: [UInt64] = []
        var batching = (steps: 0, rows: 0)
        for repetition in 0...max(1, repetitions) {
            for context in contexts { context.rewind(to: depth) }
            let before = model.decodeStatistics
            let failures = FailureBox()
            let group = DispatchGroup()
            let start = clock.now
            for (context, run) in zip(contexts, tokens) {
                let run = repetition == 0 ? Array(run.prefix(1)) : run // warm-up: one token
                group.enter()
                Thread {
                    do { for token in run { _ = try context.append(token) } } catch { failures.record(error) }
                    group.leave()
                }.start()
            }
            group.wait()
            let elapsed = clock.now - start
            if let failure = failures.first { throw failure }
            if repetition > 0 {
                samples.append(elapsed.nanoseconds)
                let after = model.decodeStatistics
                batching.steps += after.steps - before.steps
                batching.rows += after.rows - before.rows
            }
        }
        var measurement = Measurement(test: test, nanoseconds: samples)
        measurement.meanBatch = Double(batching.rows) / Double(max(1, batching.steps))
        return measurement
    }

    static func randomTokens(_ count: Int, model: Transformer, rng: inout SeededGenerator) -> [Int] {
        let vocabulary = UInt64(model.hyperparameters.vocabularySize)
        return (0..<count).map { _ in Int(rng.next() % vocabulary) }
    }
}

/// The first error of several threads.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    func record(_ error: any Error) { lock.withLock { if self.error == nil { self.error = error } } }

    var first: (any Error)? { lock.withLock { error } }
}
