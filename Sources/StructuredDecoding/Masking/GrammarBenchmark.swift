/// Latency figures for constrained decoding, for `fm schema bench` and the README: compile a
/// schema repeatedly, then replay instances token by token through a `GrammarMatcher`, timing
/// every mask and every commit.
///
/// ```swift
/// let (index, preprocessing) = GrammarBenchmark.prepare(vocabulary)
/// let report = try GrammarBenchmark.run(schema: graph, index: index, instances: [#"{"name": "Ada"}"#])
/// print(report.mask)    // p50 12.1 µs, p90 …, max …
/// ```
///
/// Instances are tokenized by longest match over the vocabulary trie (the decoder has no
/// tokenizer); an instance the grammar rejects is counted in `rejectedInstances`, not timed.
public enum GrammarBenchmark {
    /// Percentiles of one measured operation, in microseconds.
    public struct Distribution: Sendable, CustomStringConvertible {
        /// The number of measurements.
        public var count: Int
        /// The median, 90th, 99th and 99.9th percentiles, the maximum and the mean (µs).
        public var p50: Double, p90: Double, p99: Double, p999: Double, max: Double, mean: Double

        /// Summarizes `samples` (microseconds).
        public init(_ samples: [Double]) {
            let sorted = samples.sorted()
            func at(_ q: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.down)))]
            }
            count = sorted.count
            p50 = at(0.5); p90 = at(0.9); p99 = at(0.99); p999 = at(0.999)
            max = sorted.last ?? 0
            mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        }

        /// One line: count and percentiles.
        public var description: String {
            func f(_ x: Double) -> String { x < 10 ? "\(Double(Int(x * 100)) / 100)" : "\(Double(Int(x * 10)) / 10)" }
            return "n \(count): p50 \(f(p50)) µs, p90 \(f(p90)), p99 \(f(p99)), p99.9 \(f(p999)), max \(f(max)), mean \(f(mean))"
        }
    }

    /// The figures of one run.
    public struct Report: Sendable {
        /// Time to compute each mask.
        public var mask: Distribution
        /// The masks among `mask` that first computed a lexeme state's memoized mask (a walk of
        /// the whole trie); the others only reused memoized ones.
        public var coldMask: Distribution
        /// Time to commit each token.
        public var commit: Distribution
        /// Time to compile the schema (grammar cache bypassed, lexeme automata already built).
        public var compile: Distribution
        /// The first compile of the run, which also builds lexeme automata not seen before in
        /// the process (regex patterns, bounds), in microseconds.
        public var firstCompile: Double
        /// Instances the grammar did not accept (a token refused or the output incomplete).
        public var rejectedInstances: Int
        /// Tokens replayed.
        public var tokens: Int
    }

    /// Builds a `VocabularyIndex` and reports how long it took.
    public static func prepare(_ vocabulary: some Vocabulary) -> (VocabularyIndex, Duration) {
        let clock = ContinuousClock()
        var index: VocabularyIndex?
        let elapsed = clock.measure { index = VocabularyIndex(vocabulary) }
        return (index!, elapsed)
    }

    /// Compiles `schema` `compileRepetitions` times, then replays each instance.
    public static func run(schema: SchemaGraph, options: GrammarOptions = .appleCompact, index: VocabularyIndex,
                           instances: [String], compileRepetitions: Int = 20) throws(GrammarError) -> Report {
        let clock = ContinuousClock()
        var compileTimes: [Double] = []
        let first = clock.now
        var grammar = try Grammar(compiling: schema, options: options)
        let firstCompile = microseconds(clock.now - first)
        for _ in 0..<Swift.max(compileRepetitions, 1) {
            let start = clock.now
            grammar = try Grammar(compiling: schema, options: options)
            compileTimes.append(microseconds(clock.now - start))
        }
        var maskTimes: [Double] = [], coldTimes: [Double] = [], commitTimes: [Double] = []
        var rejected = 0, replayed = 0
        var mask = TokenMask(count: index.tokenCount)
        for instance in instances {
            var matcher = GrammarMatcher(grammar: grammar, index: index)
            var ok = true
            for token in tokenize(Array(instance.utf8), index: index) + [index.endOfSequenceTokens.first ?? -1] where token >= 0 {
                let memoized = index.memoizedMaskCount
                let t0 = clock.now
                matcher.fillMask(&mask)
                let t1 = clock.now
                maskTimes.append(microseconds(t1 - t0))
                if index.memoizedMaskCount != memoized { coldTimes.append(microseconds(t1 - t0)) }
                guard mask.contains(token) else { ok = false; break }
                do { try matcher.commit(token) } catch { ok = false; break }
                commitTimes.append(microseconds(clock.now - t1))
                replayed += 1
            }
            if !ok || !matcher.isFinished { rejected += 1 }
        }
        return Report(mask: Distribution(maskTimes), coldMask: Distribution(coldTimes), commit: Distribution(commitTimes), compile: Distribution(compileTimes),
                      firstCompile: firstCompile, rejectedInstances: rejected, tokens: replayed)
    }

    /// Longest-match tokenization over the vocabulary trie (bytes no token covers are skipped).
    public static func tokenize(_ bytes: [UInt8], index: VocabularyIndex) -> [Int] {
        var tokens: [Int] = []
        var position = 0
        let trie = index.trie
        while position < bytes.count {
            var node: Int?
            var best: (token: Int, length: Int)?
            var cursor = position
            while cursor < bytes.count, let child = index.child(of: node, byte: bytes[cursor]) {
                node = child
                cursor += 1
                if trie.tokenStarts[child] < trie.tokenStarts[child + 1] {
                    best = (Int(trie.tokens[Int(trie.tokenStarts[child])]), cursor - position)
                }
            }
            guard let chosen = best else { position += 1; continue }
            tokens.append(chosen.token)
            position += chosen.length
        }
        return tokens
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
