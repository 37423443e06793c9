import FMSupport
import StructuredDecoding

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
package enum GrammarBenchmark {
    /// Percentiles of one measured operation, in microseconds.
    package struct Distribution: Sendable, CustomStringConvertible {
        /// The number of measurements.
        package var count: Int
        /// The median, 90th, 99th and 99.9th percentiles, the maximum and the mean (µs).
        package var p50: Double, p90: Double, p99: Double, p999: Double, max: Double, mean: Double

        /// Summarizes `samples` (microseconds).
        package init(_ samples: [Double]) {
            let sorted = samples.sorted()
            func at(_ q: Double) -> Double { SampleStatistics.percentile(sorted: sorted, q) }
            count = sorted.count
            p50 = at(0.5); p90 = at(0.9); p99 = at(0.99); p999 = at(0.999)
            max = sorted.last ?? 0
            mean = SampleStatistics.mean(sorted)
        }

        /// One line: count and percentiles.
        package var description: String {
            func f(_ x: Double) -> String { x < 10 ? "\(Double(Int(x * 100)) / 100)" : "\(Double(Int(x * 10)) / 10)" }
            return "n \(count): p50 \(f(p50)) µs, p90 \(f(p90)), p99 \(f(p99)), p99.9 \(f(p999)), max \(f(max)), mean \(f(mean))"
        }
    }

    /// The figures of one run.
    package struct Report: Sendable {
        /// Time to compute each mask.
        package var mask: Distribution
        /// The masks among `mask` that first computed a lexeme state's memoized mask (a walk of
        /// the whole trie); the others only reused memoized ones.
        package var coldMask: Distribution
        /// Time to commit each token.
        package var commit: Distribution
        /// Time to compile the schema (grammar cache bypassed, lexeme automata already built).
        package var compile: Distribution
        /// The first compile of the run, which also builds lexeme automata not seen before in
        /// the process (regex patterns, bounds), in microseconds.
        package var firstCompile: Double
        /// Instances the grammar did not accept (a token refused or the output incomplete).
        package var rejectedInstances: Int
        /// Tokens replayed.
        package var tokens: Int

        /// Summarizes raw samples (`firstCompile` is their first first-compile, 0 if none).
        package init(_ samples: Samples) {
            mask = Distribution(samples.mask)
            coldMask = Distribution(samples.coldMask)
            commit = Distribution(samples.commit)
            compile = Distribution(samples.compile)
            firstCompile = samples.firstCompile.first ?? 0
            rejectedInstances = samples.rejectedInstances
            tokens = samples.tokens
        }
    }

    /// Builds a `VocabularyIndex` and reports how long it took.
    package static func prepare(_ vocabulary: some Vocabulary) -> (VocabularyIndex, Duration) {
        let clock = ContinuousClock()
        var index: VocabularyIndex?
        let elapsed = clock.measure { index = VocabularyIndex(vocabulary) }
        return (index!, elapsed)
    }

    /// Compiles `schema` `compileRepetitions` times, then replays each instance.
    package static func run(
        schema: SchemaGraph, options: GrammarOptions = .appleCompact, index: VocabularyIndex,
        instances: [String], compileRepetitions: Int = 20
    ) throws(GrammarError) -> Report {
        var samples = Samples()
        let grammar = try measureCompile(schema, options: options, repetitions: compileRepetitions, into: &samples)
        for instance in instances {
            replay(tokenize(Array(instance.utf8), index: index), grammar: grammar, index: index, into: &samples)
        }
        return Report(samples)
    }

    /// Compiles `schema` once (recorded as `firstCompile`) and then `repetitions` more times
    /// without the grammar cache (each recorded in `compile`); returns the grammar.
    package static func measureCompile(
        _ schema: SchemaGraph, options: GrammarOptions = .appleCompact, repetitions: Int = 20,
        timer: Timer = .wall, into samples: inout Samples
    ) throws(GrammarError) -> Grammar {
        let first = timer.now()
        var grammar = try Grammar(compiling: schema, options: options)
        samples.firstCompile.append((timer.now() - first).microseconds)
        for _ in 0..<Swift.max(repetitions, 1) {
            let start = timer.now()
            grammar = try Grammar(compiling: schema, options: options)
            samples.compile.append((timer.now() - start).microseconds)
        }
        return grammar
    }

    /// Replays `tokens` (an instance, without end of sequence) through a fresh matcher, timing
    /// every mask and commit, then the end-of-sequence token; returns whether the grammar
    /// accepted the whole instance (otherwise it counts in `rejectedInstances`).
    @discardableResult
    package static func replay(
        _ tokens: [Int], grammar: Grammar, index: VocabularyIndex, timer: Timer = .wall,
        into samples: inout Samples
    ) -> Bool {
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        var mask = TokenMask(count: index.tokenCount)
        var ok = true
        for token in tokens + [index.endOfSequenceTokens.first ?? -1] where token >= 0 {
            let memoized = index.memoizedMaskCount
            let t0 = timer.now()
            matcher.fillMask(&mask)
            let t1 = timer.now()
            samples.record(mask: (t1 - t0).microseconds, cold: index.memoizedMaskCount != memoized)
            guard mask.contains(token) else { ok = false; break }
            do { try matcher.commit(token) } catch { ok = false; break }
            samples.commit.append((timer.now() - t1).microseconds)
            samples.tokens += 1
        }
        if !ok || !matcher.isFinished { samples.rejectedInstances += 1; return false }
        return true
    }

    /// Longest-match tokenization over the vocabulary trie (bytes no token covers are skipped).
    package static func tokenize(_ bytes: [UInt8], index: VocabularyIndex) -> [Int] {
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
}
