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
    static func schemaCases(_ paths: [String], dialect: SchemaDialect, instanceFiles: [String],
                            instanceDirectory: String?) throws -> [SchemaBenchCase] {
        let schemaFiles = try paths.flatMap(files)
        let shared = try instanceFiles.map(parseFile)
        return try schemaFiles.map { file in
            var instances = shared
            if let instanceDirectory {
                let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                let own = (instanceDirectory as NSString).appendingPathComponent(stem)
                if FileManager.default.fileExists(atPath: own) {
                    instances += try files(own).map(parseFile)
                } else if schemaFiles.count == 1 {
                    instances += try files(instanceDirectory).map(parseFile)
                }
            }
            return SchemaBenchCase(name: file, document: try parseFile(file), dialect: dialect, instances: instances)
        }
    }

    /// The groups of JSON Schema Test Suite files (each an array of `{description, schema,
    /// tests: [{data, valid}]}`): every group's schema with its valid instances, read as
    /// JSON Schema 2020-12.
    static func suiteCases(_ path: String) throws -> [SchemaBenchCase] {
        try files(path).flatMap { file -> [SchemaBenchCase] in
            guard case .array(let groups) = try parseFile(file) else { throw CLIError("suite file \(file) is not an array of test groups") }
            return try groups.enumerated().map { number, group in
                guard let schema = group["schema"], case .array(let tests)? = group["tests"] else {
                    throw CLIError("suite file \(file): group \(number) has no `schema` or `tests`")
                }
                let valid = tests.compactMap { test -> JSONValue? in test["valid"] == .bool(true) ? test["data"] : nil }
                let label = (file as NSString).lastPathComponent + "#\(number)"
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
