import ArgumentParser
import Benchmarks
import FMSupport
import Foundation
import StructuredDecoding

/// Which schema language a document is written in; it decides how object keys may be ordered
/// and the default layout.
enum SchemaDialect: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Detect: Apple's when the document uses `x-order` and declares no `$schema`.
    case auto
    /// JSON Schema 2020-12: object keys in any order (validation).
    case jsonSchema = "json-schema"
    /// Apple's `GenerationSchema` JSON: keys in declaration order (`x-order`), as generated.
    case apple

    /// The dialect of `document` (never `.auto`).
    func resolved(for document: JSONValue) -> SchemaDialect {
        guard self == .auto else { return self }
        if case .object(let members) = document, members.contains(where: { $0.key == "$schema" }) { return .jsonSchema }
        return Self.mentionsXOrder(document) ? .apple : .jsonSchema
    }

    /// How the importer orders object keys in this dialect.
    var importMode: JSONSchemaImporter.Mode { self == .apple ? .generation : .validation }

    private static func mentionsXOrder(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members): members.contains { $0.key == "x-order" || mentionsXOrder($0.value) }
        case .array(let items): items.contains(where: mentionsXOrder)
        default: false
        }
    }
}

/// `--layout`: the whitespace a grammar accepts around JSON tokens.
enum SchemaLayout: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Apple's `jsonString` layout: `", "`, `": "`, nothing else (what generation writes).
    case apple
    /// Any JSON whitespace, runs of at most 64 bytes (hand-written instances).
    case flexible

    /// The grammar options.
    var options: GrammarOptions { self == .apple ? .appleCompact : .flexible() }
}

/// A schema file read, parsed and imported.
struct SchemaDocument: Sendable {
    /// The file it came from (or a label such as `suite.json#3`).
    let name: String
    /// The dialect it was read in.
    let dialect: SchemaDialect
    /// The imported graph.
    let graph: SchemaGraph
    /// Microseconds spent importing (parsing JSON not included).
    let importMicroseconds: Double

    /// Reads and imports `path`. Unreadable files throw `CLIError`; invalid JSON and refused
    /// keywords throw `JSONSchemaImportError` (naming keyword and pointer).
    static func load(_ path: String, dialect: SchemaDialect) throws -> SchemaDocument {
        let text = try readText(path, what: "schema")
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch { throw JSONSchemaImportError(.invalidJSON(error), at: "") }
        return try SchemaDocument(name: path, document: document, dialect: dialect)
    }

    /// Imports an already parsed document, timing the import with `timer`.
    init(name: String, document: JSONValue, dialect: SchemaDialect, timer: GrammarBenchmark.Timer = .wall) throws(JSONSchemaImportError) {
        let resolved = dialect.resolved(for: document)
        let start = timer.now()
        graph = try JSONSchemaImporter(mode: resolved.importMode).importSchema(document)
        importMicroseconds = (timer.now() - start).microseconds
        self.name = name
        self.dialect = resolved
    }

    /// The UTF-8 text of a file; a typed error names the file when it cannot be read or is not
    /// UTF-8.
    static func readText(_ path: String, what: String) throws -> String {
        let bytes = try readBytes(path, what: what)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let valid = Self.validUTF8Prefix(bytes)
            throw CLIError("\(what) file \(path) is not UTF-8 (byte offset \(valid))")
        }
        return text
    }

    /// The bytes of a file, or a `CLIError` naming it.
    static func readBytes(_ path: String, what: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError("\(what) file \(path) does not exist")
        }
        guard !isDirectory.boolValue else { throw CLIError("\(what) file \(path) is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("cannot read \(what) file \(path)") }
        return [UInt8](data)
    }

    /// The length of the longest valid UTF-8 prefix of `bytes` (the offset of the first bad
    /// byte).
    static func validUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}
