import Foundation
import StructuredDecoding

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `fm schema bench` runs: schemas from files, directories, globs and JSON Schema Test Suite
/// files, each with the instances found for it (possibly none: then random walks stand in).
struct SchemaBenchCase {
    /// A label: the file, or `suite-file.json#group`.
    var name: String
    /// The schema document, parsed.
    var document: JSONValue
    /// The dialect to import it in.
    var dialect: SchemaDialect
    /// Valid instances.
    var instances: [JSONValue]
    /// Each instance's text as written (a file's own bytes; a suite value's compact text),
    /// replayed under `--layout flexible`.
    var instanceTexts: [String]

    init(name: String, document: JSONValue, dialect: SchemaDialect, instances: [JSONValue], instanceTexts: [String]? = nil) {
        self.name = name
        self.document = document
        self.dialect = dialect
        self.instances = instances
        self.instanceTexts = instanceTexts ?? instances.map { JSONText.text($0, separators: .compact) }
    }
}

/// Collects `SchemaBenchCase`s.
enum SchemaBenchSources {
    /// The `.json` files a path names: the file itself, a directory's files (sorted, not
    /// recursive), or a glob's matches.
    static func files(_ path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return [path] }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
            return names.map { (path as NSString).appendingPathComponent($0) }
        }
        if path.contains(where: { "*?[".contains($0) }) {
            let matches = expand(path)
            guard !matches.isEmpty else { throw CLIError("no file matches \(path)") }
            return matches
        }
        throw CLIError("schema file \(path) does not exist")
    }

    /// Schema files, with instances from `--instance` files and from `--instances DIR`
    /// (`DIR/NAME/*.json` for schema `NAME.json`, or every `DIR/*.json` when there is one schema).
    static func schemaCases(
        _ paths: [String], dialect: SchemaDialect, instanceFiles: [String],
        instanceDirectory: String?
    ) throws -> [SchemaBenchCase] {
        let schemaFiles = try paths.flatMap(files)
        var shared = (values: [JSONValue](), texts: [String]())
        for file in instanceFiles { try read(file, into: &shared) }
        return try schemaFiles.map { file in
            var instances = shared
            if let instanceDirectory {
                let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                let own = (instanceDirectory as NSString).appendingPathComponent(stem)
                if FileManager.default.fileExists(atPath: own) {
                    for instance in try files(own) { try read(instance, into: &instances) }
                } else if schemaFiles.count == 1 {
                    for instance in try files(instanceDirectory) { try read(instance, into: &instances) }
                }
            }
            return SchemaBenchCase(
                name: file, document: try parseFile(file), dialect: dialect, instances: instances.values,
                instanceTexts: instances.texts)
        }
    }

    /// An instance file: its value and its text as written.
    private static func read(_ file: String, into instances: inout (values: [JSONValue], texts: [String])) throws {
        instances.values.append(try parseFile(file))
        instances.texts.append(try SchemaDocument.readText(file, what: "JSON").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The groups of JSON Schema Test Suite files (each an array of `{description, schema,
    /// tests: [{data, valid}]}`), or of JSONSchemaBench's `maskbench/data` files (one such group
    /// as an object): every group's schema with its valid instances. Each schema's `$schema`
    /// names its draft (2020-12 when absent).
    static func suiteCases(_ path: String) throws -> [SchemaBenchCase] {
        try files(path).flatMap { file -> [SchemaBenchCase] in
            let parsed = try parseFile(file)
            let groups: [JSONValue]
            switch parsed {
            case .array(let all): groups = all
            case .object where parsed["schema"] != nil: groups = [parsed]
            default: throw CLIError("suite file \(file) is not an array of test groups")
            }
            return try groups.enumerated().map { number, group in
                // A maskbench file may have no `tests`: its schema is then walked at random.
                guard let schema = group["schema"],
                    group["tests"] == nil || group["tests"].map({ if case .array = $0 { true } else { false } }) == true
                else {
                    throw CLIError("suite file \(file): group \(number) has no `schema` or `tests`")
                }
                var tests: [JSONValue] = []
                if case .array(let all)? = group["tests"] { tests = all }
                let valid = tests.compactMap { test -> JSONValue? in test["valid"] == .bool(true) ? test["data"] : nil }
                let label = (file as NSString).lastPathComponent + (groups.count == 1 ? "" : "#\(number)")
                return SchemaBenchCase(name: label, document: schema, dialect: .jsonSchema, instances: valid)
            }
        }
    }

    /// A JSON file, parsed; errors name the file and the offset.
    static func parseFile(_ path: String) throws -> JSONValue {
        let text = try SchemaDocument.readText(path, what: "JSON")
        do { return try JSONValue(parsing: text) } catch { throw CLIError("\(path): invalid JSON: \(error)") }
    }

    private static func expand(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }.filter { $0.hasSuffix(".json") }
    }
}
