import ArgumentParser
import Benchmarks
import Foundation
import StructuredDecoding

/// `fm schema bench`: mask latency over a set of schemas on one model's vocabulary, single
/// threaded. Each schema is compiled (timed), then valid instances are replayed token by token
/// (tokenized as the model does) or, where it has none, seeded random walks sample among the
/// allowed tokens; every mask and commit is timed and pooled over the set.
///
/// ```sh
/// fm schema bench Benchmarks/schemas/ --walks 16
/// fm schema bench --model gemma3-270m --suite ../shared/data/json-schema-test-suite/tests/draft2020-12
/// ```
struct SchemaBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure mask, commit and compile times and vocabulary preprocessing.",
        discussion: """
            Schemas are files, directories of .json files or globs; --suite adds every group of \
            JSON Schema Test Suite files (schemas our importer refuses are counted, not run). \
            Instances: --instance FILE (for every schema), --instances DIR (DIR/NAME/*.json for \
            NAME.json, or DIR/*.json for a single schema), a suite group's valid tests; schemas \
            without instances get --walks random walks. Apple-layout runs rewrite instances in \
            that layout. Figures are microseconds; cold masks are those that computed a new \
            memoized lexeme-state mask.
            """)

    @OptionGroup var options: ModelOptions

    @Option(help: "The schema language of schema files: auto, json-schema or apple.")
    var dialect: SchemaDialect = .auto

    @Option(help: "The layout the grammars accept: apple (generation's) or flexible.")
    var layout: SchemaLayout = .apple

    @Option(name: .customLong("suite"), help: "A JSON Schema Test Suite file or directory (repeatable).")
    var suites: [String] = []

    @Option(name: .customLong("instance"), help: "An instance file replayed for every schema (repeatable).")
    var instanceFiles: [String] = []

    @Option(name: .customLong("instances"), help: "A directory of instance files.")
    var instanceDirectory: String?

    @Option(help: "Random walks for each schema without instances.")
    var walks = 4

    @Option(help: "The most tokens of one random walk.")
    var maxTokens = 1000

    @Option(help: "The random walks' seed.")
    var seed: UInt64 = 42

    @Option(help: "Compiles per schema after the first.")
    var compileRepetitions = 10

    @Option(help: "What to time with: wall, or thread (the thread's CPU time; steadier on a loaded machine).")
    var clock: BenchmarkClock = .wall

    @Flag(help: "Print one line per schema.")
    var perSchema = false

    @Flag(name: .customLong("no-trie-cache"), help: "Do not read or write MODEL.gguf.fmtrie.")
    var noTrieCache = false

    @Argument(help: "Schema files, directories or globs.")
    var schemas: [String] = []

    func validate() throws {
        if schemas.isEmpty && suites.isEmpty { throw ValidationError("give schema files or --suite") }
        if walks < 0 || maxTokens < 1 || compileRepetitions < 1 {
            throw ValidationError("--walks must not be negative; --max-tokens and --compile-repetitions must be positive")
        }
    }

    func run() throws {
        try SchemaExit.run {
            let cases =
                try SchemaBenchSources.schemaCases(
                    schemas, dialect: dialect, instanceFiles: instanceFiles,
                    instanceDirectory: instanceDirectory)
                + suites.flatMap(SchemaBenchSources.suiteCases)
            let vocabulary = try SchemaVocabulary.load(options, useCache: !noTrieCache, measureBoth: true)
            var run = SchemaBenchRun(
                vocabulary: vocabulary, options: layout.options,
                walk: GrammarBenchmark.WalkOptions(maxTokens: maxTokens), walks: walks, seed: seed, timer: clock.timer,
                compileRepetitions: compileRepetitions, perSchema: perSchema)
            for benchCase in cases { run.measure(benchCase) }
            SchemaBenchReport(run: run, vocabulary: vocabulary, layout: layout).print()
        }
    }
}
