import Benchmarks
import Foundation
import StructuredDecoding

/// The printed figures of a `fm schema bench` run: vocabulary preprocessing, what was run and
/// refused, then one distribution line per measured operation (microseconds).
struct SchemaBenchReport {
    let run: SchemaBenchRun
    let vocabulary: SchemaVocabulary
    let layout: SchemaLayout

    /// Prints the report to stdout.
    func print() {
        let index = vocabulary.index
        let pooled = run.pooled
        out("model: \(vocabulary.modelPath) (\(index.tokenCount) tokens, \(index.trie.nodeCount) trie nodes), layout \(layout.rawValue)")
        let build = vocabulary.buildSeconds.map { String(format: "build %.3f s", $0) } ?? "build -"
        let load = vocabulary.loadSeconds.map { String(format: "trie cache load %.3f s", $0) } ?? "trie cache load -"
        out("vocabulary: \(build), \(load) (cache \(vocabulary.cacheNote))")
        out(
            String(
                format: "clock: %@, %.3f µs per reading; load average %@", run.timer.name, run.timer.overhead(),
                BenchmarkClock.loadAverage() ?? "-"))
        let compiled = run.outcomes.count
        out(
            "schemas: \(compiled + run.refusedByImporter + run.refusedByCompiler) given, \(compiled) compiled, "
                + "\(run.refusedByImporter) refused by the importer, \(run.refusedByCompiler) refused by the compiler")
        // The twelve commonest reasons; every one with `--per-schema`.
        for (reason, count) in run.refused.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(run.perSchema ? .max : 12) {
            out("  refused \(count): \(reason)")
        }
        out(
            "instances: \(run.givenInstances) replayed, \(run.walked) random walks (\(pooled.cappedWalks) capped), "
                + "\(pooled.rejectedInstances) rejected, \(run.unusableInstances) not tokenizable; \(pooled.tokens) tokens")
        line("mask", pooled.mask)
        line("mask (cold)", pooled.coldMask)
        line("mask (warm)", warmMasks())
        line("commit", pooled.commit)
        line("import", run.importTimes)
        line("compile", run.compileMedians)
        line("first compile", pooled.firstCompile)
        line("import+first", zip(run.importTimes, pooled.firstCompile).map(+))
        let slowest = run.outcomes.sorted { ($0.samples.mask.max() ?? 0) > ($1.samples.mask.max() ?? 0) }.prefix(
            run.perSchema ? run.outcomes.count : 3)
        out(run.perSchema ? "per schema (slowest mask first):" : "slowest masks:")
        for outcome in slowest {
            let masks = GrammarBenchmark.Distribution(outcome.samples.mask)
            out(
                String(
                    format: "  %@: %d tokens, mask p50 %.1f max %.1f µs, %d cold, import %.0f µs, first compile %.0f µs, rejected %d",
                    outcome.name, outcome.samples.tokens, masks.p50, masks.max, outcome.samples.coldMask.count,
                    outcome.importMicroseconds, outcome.samples.firstCompile.first ?? 0, outcome.samples.rejectedInstances))
        }
    }

    /// The masks that only reused memoized lexeme-state masks.
    private func warmMasks() -> [Double] {
        var cold = run.pooled.coldMask.sorted()
        var warm: [Double] = []
        warm.reserveCapacity(run.pooled.mask.count)
        for time in run.pooled.mask.sorted(by: >) {
            if let last = cold.last, last == time { cold.removeLast() } else { warm.append(time) }
        }
        return warm
    }

    private func line(_ label: String, _ samples: [Double]) {
        out(label.padding(toLength: 14, withPad: " ", startingAt: 0) + GrammarBenchmark.Distribution(samples).description)
    }

    private func out(_ text: String) { Swift.print(text) }
}
