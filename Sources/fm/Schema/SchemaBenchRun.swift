import Benchmarks
import FMSupport
import Foundation
import StructuredDecoding

/// The measuring loop of `fm schema bench`: one schema at a time, pooling every sample.
struct SchemaBenchRun {
    /// One schema's outcome, for `--per-schema` and the slowest-schema list.
    struct Outcome {
        var name: String
        var samples: GrammarBenchmark.Samples
        var importMicroseconds: Double
        var instances: Int
        var walks: Int
    }

    let vocabulary: SchemaVocabulary
    let options: GrammarOptions
    let walk: GrammarBenchmark.WalkOptions
    let walks: Int
    let seed: UInt64
    /// What every operation is timed with.
    let timer: GrammarBenchmark.Timer
    let compileRepetitions: Int
    let perSchema: Bool
    /// The tokens that close a value (random walks lean on them).
    let closing: TokenMask

    /// Every timing pooled over the schemas run.
    private(set) var pooled = GrammarBenchmark.Samples()
    /// Per schema: import time, the median of its repeated compiles.
    private(set) var importTimes: [Double] = [], compileMedians: [Double] = []
    /// Schemas refused, by reason (the importer's keyword or the compiler's error kind).
    private(set) var refused: [String: Int] = [:]
    private(set) var refusedByImporter = 0, refusedByCompiler = 0
    private(set) var givenInstances = 0, walked = 0, unusableInstances = 0
    private(set) var outcomes: [Outcome] = []

    init(
        vocabulary: SchemaVocabulary, options: GrammarOptions, walk: GrammarBenchmark.WalkOptions, walks: Int, seed: UInt64,
        timer: GrammarBenchmark.Timer, compileRepetitions: Int, perSchema: Bool
    ) {
        self.vocabulary = vocabulary
        self.options = options
        self.walk = walk
        self.walks = walks
        self.seed = seed
        self.timer = timer
        self.compileRepetitions = compileRepetitions
        self.perSchema = perSchema
        closing = GrammarBenchmark.closingTokens(vocabulary.index)
    }

    /// Imports, compiles and exercises one schema.
    mutating func measure(_ benchCase: SchemaBenchCase) {
        let document: SchemaDocument
        do {
            document = try SchemaDocument(name: benchCase.name, document: benchCase.document, dialect: benchCase.dialect, timer: timer)
        } catch {
            refusedByImporter += 1
            refused["importer: " + Self.reason(error), default: 0] += 1
            return
        }
        var samples = GrammarBenchmark.Samples()
        let grammar: Grammar
        do {
            grammar = try GrammarBenchmark.measureCompile(
                document.graph, options: options, repetitions: compileRepetitions, timer: timer,
                into: &samples)
        } catch {
            refusedByCompiler += 1
            refused["compiler: " + Self.reason(error), default: 0] += 1
            return
        }
        var replayed = 0
        for (instance, written) in zip(benchCase.instances, benchCase.instanceTexts) {
            // Apple's layout accepts only what generation writes; the flexible one replays the
            // instance as written.
            let text = options == .appleCompact ? JSONText.text(instance) : written
            guard let tokens = try? vocabulary.tokenize(text, name: "an instance of \(benchCase.name)") else {
                unusableInstances += 1
                continue
            }
            GrammarBenchmark.replay(tokens, grammar: grammar, index: vocabulary.index, timer: timer, into: &samples)
            replayed += 1
        }
        var walksDone = 0
        if benchCase.instances.isEmpty && walks > 0 {
            var random = SplitMix64(seed: seed &+ UInt64(outcomes.count))
            for _ in 0..<walks {
                GrammarBenchmark.randomWalk(
                    grammar: grammar, index: vocabulary.index, closing: closing, options: walk,
                    random: &random, timer: timer, into: &samples)
                walksDone += 1
            }
        }
        givenInstances += replayed
        walked += walksDone
        importTimes.append(document.importMicroseconds)
        compileMedians.append(GrammarBenchmark.Distribution(samples.compile).p50)
        pooled.append(samples)
        outcomes.append(
            Outcome(
                name: benchCase.name, samples: samples, importMicroseconds: document.importMicroseconds,
                instances: replayed, walks: walksDone))
    }

    /// A short reason for a refusal, grouping alike errors: `unsupported keyword contains`.
    static func reason(_ error: Error) -> String {
        if let error = error as? JSONSchemaImportError {
            switch error.reason {
            case .unsupportedKeyword(let name): return "unsupported keyword `\(name)`"
            case .unknownKeyword: return "unknown keyword"
            case .unsupportedFormat(let name): return "unsupported format `\(name)`"
            case .invalidPattern: return "invalid or unsupported pattern"
            case .unsupportedReference: return "unsupported `$ref`"
            case .unsupportedDialect: return "unsupported `$schema`"
            default:
                return error.keyword.map { "`\($0)`: " }.map { $0 + String(describing: error.reason).prefix(while: { $0 != "(" }) }
                    ?? String(describing: error.reason).prefix(while: { $0 != "(" }).description
            }
        }
        if let error = error as? GrammarError {
            return String(describing: error).replacingOccurrences(of: #"schema node \d+"#, with: "node", options: .regularExpression)
        }
        return String(describing: error)
    }
}
