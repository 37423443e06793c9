import Foundation
import StructuredDecoding
import TestSupport
import Testing

/// The official JSON Schema Test Suite, one run per draft (draft-04, -06, -07, 2019-09,
/// 2020-12, each read with its own rules), against the committed per-draft baselines
/// (`Fixtures/json-schema-suite/baseline-<draft>.tsv`). Fails on any false accept, any
/// regression (a passing test now refused or wrong), and a baseline that no longer lists the
/// suite's tests. Regenerate after an improvement with `FM_UPDATE_BASELINE=1` (see the
/// baselines' header).
///
/// The suite lives outside the repository, in the shared directory (`SharedDirectory`); a
/// draft whose directory is not there is reported as skipped, with the reason. Formats are asserted (unknown ones refused), as the suite's
/// `optional/format` tests expect.
@Suite struct JSONSchemaSuiteTests {
    /// The suite's `tests` directory in the shared directory.
    static let tests: URL? = SharedDirectory.path("data/json-schema-test-suite/tests")

    /// Whether the suite has a draft's directory.
    static func has(_ directory: String) -> Bool {
        tests.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent(directory).path) } ?? false
    }

    /// The suite's directory for each draft.
    static let drafts: [(directory: String, dialect: JSONSchemaDialect)] = [
        ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7), ("draft2019-09", .draft2019_09), ("draft2020-12", .draft2020_12),
    ]

    static func baseline(_ directory: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/json-schema-suite/baseline-\(directory).tsv")
    }

    typealias Outcome = JSONSchemaSuiteRunner.Outcome

    @Test(.enabled(if: has("draft4"), "the shared directory has no draft4 suite"))
    func draft4() throws { try officialSuiteMatchesBaseline("draft4") }

    @Test(.enabled(if: has("draft6"), "the shared directory has no draft6 suite"))
    func draft6() throws { try officialSuiteMatchesBaseline("draft6") }

    @Test(.enabled(if: has("draft7"), "the shared directory has no draft7 suite"))
    func draft7() throws { try officialSuiteMatchesBaseline("draft7") }

    @Test(.enabled(if: has("draft2019-09"), "the shared directory has no draft2019-09 suite"))
    func draft2019_09() throws { try officialSuiteMatchesBaseline("draft2019-09") }

    @Test(.enabled(if: has("draft2020-12"), "the shared directory has no draft2020-12 suite"))
    func draft2020_12() throws { try officialSuiteMatchesBaseline("draft2020-12") }

    func officialSuiteMatchesBaseline(_ directory: String) throws {
        let suite = try #require(Self.tests).appendingPathComponent(directory).resolvingSymlinksInPath()
        let dialect = Self.drafts.first { $0.directory == directory }!.dialect
        var runner = JSONSchemaSuiteRunner(directory: suite)
        runner.importer = JSONSchemaImporter(mode: .validation, dialect: dialect, refusesUnknownFormats: true)
        let (outcomes, refusals) = try runner.run { graph in
            let validator = SchemaGraph.Validator(graph)
            return { validator.accepts(jsonBytes: $0) }
        }
        print(Self.summary("JSON Schema Test Suite \(directory)", outcomes, refusals: refusals))
        #expect(outcomes.count > 900, "the \(directory) suite should have over 900 tests; found \(outcomes.count)")

        let falseAccepts = outcomes.filter { $0.value == .falseAccept }.keys.sorted()
        #expect(falseAccepts.isEmpty, "false accepts: \(falseAccepts)")

        let baseline = Self.baseline(directory)
        if ProcessInfo.processInfo.environment["FM_UPDATE_BASELINE"] == "1" {
            try FileManager.default.createDirectory(at: baseline.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONSchemaSuiteBaseline.text(outcomes, draft: directory).write(to: baseline, atomically: true, encoding: .utf8)
            print("wrote \(baseline.path)")
            return
        }
        let expected = try JSONSchemaSuiteBaseline.read(baseline)
        var improvements: [String] = []
        for key in Set(expected.keys).union(outcomes.keys).sorted() {
            guard let now = outcomes[key] else { Issue.record("\(key) is in the baseline but not in the suite"); continue }
            guard let before = expected[key] else { Issue.record("\(key) (\(now.rawValue)) is not in the baseline"); continue }
            if before == .pass, now != .pass { Issue.record("regression: \(key) was pass, now \(now.rawValue)") }
            if now == .falseAccept, before != .falseAccept { Issue.record("new false accept: \(key)") }
            if now == .pass, before != .pass { improvements.append("\(key): \(before.rawValue) -> pass") }
        }
        if !improvements.isEmpty {
            print("improvements (regenerate the baseline with FM_UPDATE_BASELINE=1):\n  " + improvements.joined(separator: "\n  "))
        }
    }

    /// Counts per outcome, per file, and the refusal reasons.
    static func summary(_ title: String, _ outcomes: [JSONSchemaSuiteRunner.Case: Outcome], refusals: [String: JSONSchemaImportError]) -> String {
        func counts(_ keys: some Sequence<JSONSchemaSuiteRunner.Case>) -> String {
            let outcomes = keys.map { outcomes[$0]! }
            return Outcome.allCases.map { outcome in "\(outcome.rawValue) \(outcomes.filter { $0 == outcome }.count)" }
                .joined(separator: ", ")
        }
        var lines = ["\(title): \(outcomes.count) tests: \(counts(outcomes.keys))"]
        let byFile = Dictionary(grouping: outcomes.keys, by: \.file)
        for file in byFile.keys.sorted() { lines.append("  \(file): \(counts(byFile[file]!))") }
        let reasons = Dictionary(grouping: refusals.values) { error in
            String(String(describing: error.reason).prefix { $0 != "(" }) + (error.keyword.map { " `\($0)`" } ?? "")
        }
        lines.append("refused groups by reason:")
        for (reason, errors) in reasons.sorted(by: { $0.value.count > $1.value.count }) {
            lines.append("  \(errors.count) \(reason) e.g. \(errors[0])")
        }
        return lines.joined(separator: "\n")
    }
}
