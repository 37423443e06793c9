import Foundation

/// Prefill and decode throughput of a `Transformer`, in the manner of llama.cpp's `llama-bench`:
/// `ppN` runs N random tokens through one forward call from an empty cache; `tgN` decodes N
/// tokens one at a time from an empty cache. Each repetition is timed on its own; a warm-up run
/// comes first.
///
/// ```swift
/// let pp = EngineBenchmark.run(.prefill(512), model: model, repetitions: 5)   // tokens/s per run
/// print(pp.median, pp.mean, pp.standardDeviation)
/// ```
public enum EngineBenchmark {
    /// What to time.
    public enum Test: Sendable, Equatable, CustomStringConvertible {
        /// N tokens in one forward call (batched prefill).
        case prefill(Int)
        /// N tokens one after another (decode).
        case decode(Int)

        /// `pp512`, `tg128`: llama-bench's names.
        public var description: String {
            switch self {
            case .prefill(let n): "pp\(n)"
            case .decode(let n): "tg\(n)"
            }
        }

        /// Tokens per run.
        public var tokens: Int {
            switch self {
            case .prefill(let n), .decode(let n): n
            }
        }
    }

    /// The throughputs of a test's repetitions.
    public struct Measurement: Sendable {
        /// The test.
        public let test: Test
        /// Tokens per second of each repetition.
        public let samples: [Double]

        /// The mean of the samples.
        public var mean: Double { samples.reduce(0, +) / Double(max(1, samples.count)) }
        /// The median of the samples.
        public var median: Double {
            let s = samples.sorted()
            guard !s.isEmpty else { return 0 }
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        /// The sample standard deviation.
        public var standardDeviation: Double {
            guard samples.count > 1 else { return 0 }
            let m = mean
            return (samples.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(samples.count - 1)).squareRoot()
        }
    }

    /// Times `test` on `model` `repetitions` times (after one warm-up run), with seeded random
    /// tokens.
    public static func run(_ test: Test, model: Transformer, repetitions: Int, seed: UInt64 = 1) throws(GenerationFailure) -> Measurement {
        var rng = SeededGenerator(seed: seed)
        let vocabulary = model.hyperparameters.vocabularySize
        let tokens = (0..<test.tokens).map { _ in Int(rng.next() % UInt64(vocabulary)) }
        var cache = model.makeCache(capacity: max(1, test.tokens))
        let clock = ContinuousClock()
        var samples: [Double] = []
        for repetition in 0...max(1, repetitions) {
            cache.truncate(to: 0)
            var failure: GenerationFailure?
            let elapsed = clock.measure {
                do {
                    switch test {
                    case .prefill: _ = try model.forward(tokens: tokens, cache: &cache)
                    case .decode: for token in tokens { _ = try model.forward(tokens: [token], cache: &cache) }
                    }
                } catch { failure = error as? GenerationFailure }
            }
            if let failure { throw failure }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if repetition > 0 { samples.append(Double(test.tokens) / max(seconds, 1e-9)) }
        }
        return Measurement(test: test, samples: samples)
    }
}
