import FMSupport
import StructuredDecoding

/// Raw measurements, kept so that runs over many schemas can be pooled before percentiles are
/// taken (`fm schema bench` reports one distribution per schema set).
extension GrammarBenchmark {
    /// Every timing of one or more runs, in microseconds, and what happened to the instances.
    ///
    /// ```swift
    /// var samples = GrammarBenchmark.Samples()
    /// for graph in graphs {
    ///     let grammar = try GrammarBenchmark.measureCompile(graph, into: &samples)
    ///     GrammarBenchmark.replay(tokens, grammar: grammar, index: index, into: &samples)
    /// }
    /// print(GrammarBenchmark.Report(samples).mask)
    /// ```
    package struct Samples: Sendable {
        /// Every mask computation.
        package var mask: [Double] = []
        /// The masks among `mask` that computed a new memoized lexeme-state mask.
        package var coldMask: [Double] = []
        /// Every commit.
        package var commit: [Double] = []
        /// Every compile after the first of each schema (lexeme automata already interned).
        package var compile: [Double] = []
        /// The first compile of each schema, which also builds lexeme automata not yet seen in
        /// the process.
        package var firstCompile: [Double] = []
        /// Instances (or random walks) the grammar refused or that did not complete.
        package var rejectedInstances = 0
        /// Tokens committed (end of sequence included).
        package var tokens = 0
        /// Random walks that reached their token cap before completing (also counted in
        /// `rejectedInstances`).
        package var cappedWalks = 0

        /// Empty samples.
        package init() {}

        /// Records one mask time.
        mutating func record(mask time: Double, cold: Bool) {
            mask.append(time)
            if cold { coldMask.append(time) }
        }

        /// Appends every measurement of `other`.
        package mutating func append(_ other: Samples) {
            mask += other.mask
            coldMask += other.coldMask
            commit += other.commit
            compile += other.compile
            firstCompile += other.firstCompile
            rejectedInstances += other.rejectedInstances
            tokens += other.tokens
            cappedWalks += other.cappedWalks
        }
    }
}
