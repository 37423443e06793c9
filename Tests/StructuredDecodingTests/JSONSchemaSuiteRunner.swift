import Foundation
import StructuredDecoding

/// Runs the official JSON Schema Test Suite (a directory of draft files) through the importer and
/// a byte-level validator.
///
/// For every test case: the group's schema is imported (validation mode); a refused schema makes
/// each of its tests `refused`; otherwise the validator's verdict on the instance's JSON bytes is
/// compared with the suite's: `pass`, `false-accept` (a bug: accepted an invalid instance) or
/// `false-reject`.
///
/// The validator is a parameter so the grammar engine's byte-level acceptor can replace the IR
/// validator: `makeValidator` is called once per schema (compile there), its result once per
/// instance.
///
/// ```swift
/// let runner = JSONSchemaSuiteRunner(directory: suiteURL)
/// let results = try runner.run { graph in
///     let validator = SchemaGraph.Validator(graph)
///     return { bytes in validator.accepts(jsonBytes: bytes) }
/// }
/// ```
struct JSONSchemaSuiteRunner {
    /// The result of one test case.
    enum Outcome: String, CaseIterable, Comparable {
        case pass
        case refused
        case falseReject = "false-reject"
        case falseAccept = "false-accept"

        static func < (lhs: Outcome, rhs: Outcome) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// One test case: a file (relative to the directory), a group index and a test index.
    struct Case: Hashable, Comparable, CustomStringConvertible {
        var file: String
        var group: Int
        var test: Int

        static func < (lhs: Case, rhs: Case) -> Bool {
            (lhs.file, lhs.group, lhs.test) < (rhs.file, rhs.group, rhs.test)
        }

        var description: String { "\(file) group \(group) test \(test)" }
    }

    /// Compiles a graph into a check of an instance's JSON bytes.
    typealias MakeValidator = (SchemaGraph) -> ([UInt8]) -> Bool

    /// The draft directory (e.g. `tests/draft2020-12`), read recursively (`optional/` too).
    var directory: URL
    /// The importer (validation mode: keys in any order).
    var importer = JSONSchemaImporter(mode: .validation)

    /// The suite's `.json` files, relative to `directory`, sorted.
    func files() throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Runs every test case; also returns each refused group's error, for the summary.
    func run(makeValidator: MakeValidator) throws -> (outcomes: [Case: Outcome], refusals: [String: JSONSchemaImportError]) {
        var outcomes: [Case: Outcome] = [:]
        var refusals: [String: JSONSchemaImportError] = [:]
        for file in try files() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            guard case .array(let groups) = try JSONValue(parsing: text) else { throw SuiteFormatError(file: file) }
            for (groupIndex, group) in groups.enumerated() {
                guard let schema = group["schema"], case .array(let tests)? = group["tests"] else { throw SuiteFormatError(file: file) }
                let graph: SchemaGraph?
                do {
                    graph = try importer.importSchema(schema)
                } catch {
                    graph = nil
                    refusals["\(file) group \(groupIndex)"] = error
                }
                let validate = graph.map(makeValidator)
                for (testIndex, test) in tests.enumerated() {
                    guard let data = test["data"], case .bool(let valid)? = test["valid"] else { throw SuiteFormatError(file: file) }
                    let key = Case(file: file, group: groupIndex, test: testIndex)
                    guard let validate else { outcomes[key] = .refused; continue }
                    let accepted = validate(Array(Self.jsonText(data).utf8))
                    outcomes[key] = accepted == valid ? .pass : (accepted ? .falseAccept : .falseReject)
                }
            }
        }
        return (outcomes, refusals)
    }

    /// `value` as compact JSON text (numbers as written, members in order).
    static func jsonText(_ value: JSONValue) -> String { JSONText.text(value, separators: .compact) }

    /// A suite file that does not have the documented shape.
    struct SuiteFormatError: Error, CustomStringConvertible {
        var file: String
        var description: String { "\(file) is not a JSON Schema Test Suite file (groups of schema + tests)" }
    }
}

/// The committed outcome of every test case, one `file<TAB>group<TAB>test<TAB>outcome` line each.
enum JSONSchemaSuiteBaseline {
    /// Reads a baseline file.
    static func read(_ url: URL) throws -> [JSONSchemaSuiteRunner.Case: JSONSchemaSuiteRunner.Outcome] {
        var outcomes: [JSONSchemaSuiteRunner.Case: JSONSchemaSuiteRunner.Outcome] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 4, let group = Int(fields[1]), let test = Int(fields[2]),
                let outcome = JSONSchemaSuiteRunner.Outcome(rawValue: fields[3])
            else { throw JSONSchemaSuiteRunner.SuiteFormatError(file: "\(url.lastPathComponent): `\(line)`") }
            outcomes[.init(file: fields[0], group: group, test: test)] = outcome
        }
        return outcomes
    }

    /// The baseline text of `outcomes`.
    static func text(_ outcomes: [JSONSchemaSuiteRunner.Case: JSONSchemaSuiteRunner.Outcome], draft: String) -> String {
        var text = """
            # JSON Schema Test Suite (\(draft), with optional/) through JSONSchemaImporter(mode: .validation,
            # refusesUnknownFormats: true) and SchemaGraph.Validator.
            # Regenerate: FM_UPDATE_BASELINE=1 swift test -c release -Xswiftc -enable-testing --filter JSONSchemaSuiteTests
            # file\tgroup\ttest\toutcome

            """
        for key in outcomes.keys.sorted() {
            text += "\(key.file)\t\(key.group)\t\(key.test)\t\(outcomes[key]!.rawValue)\n"
        }
        return text
    }
}
