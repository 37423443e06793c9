import FMSupport
import Foundation
import TestSupport
import Testing

@testable import StructuredDecoding

/// Mutated schemas (the differential fixture's and Apple-dialect documents with one value
/// replaced by something of the wrong shape, or cut-off text) never crash or hang the importer;
/// every refusal's pointer names a place that exists in the document.
@Suite struct JSONSchemaRobustnessTests {
    static let replacements: [JSONValue] = [
        .null, .bool(true), .number("-1"), .number("1.5"), .number("1e999999999"), .string("x"), .string("#"),
        .string("#/$defs/p"), .string("#/properties"), .array([]), .object([]), .array([.string("a")]),
        .object([JSONMember("type", .string("string"))]), .object([JSONMember("$ref", .string("#"))]),
    ]

    static func documents() throws -> [JSONValue] {
        let fixture = JSONSchemaDifferentialTests.fixtures.appendingPathComponent("differential.json")
        guard case .array(let groups) = try JSONValue(parsing: String(contentsOf: fixture, encoding: .utf8)) else { return [] }
        let apple = [
            JSONSchemaAppleDialectTests.person, JSONSchemaAppleDialectTests.order, JSONSchemaAppleDialectTests.encounter,
            JSONSchemaAppleDialectTests.folder, JSONSchemaAppleDialectTests.drink,
        ]
        return try groups.compactMap { $0["schema"] } + apple.map { try JSONValue(parsing: $0) }
    }

    /// Every path (as tokens) of `value`, containers first.
    static func paths(of value: JSONValue, prefix: [String] = []) -> [[String]] {
        var result = [prefix]
        switch value {
        case .array(let items): for (index, item) in items.enumerated() { result += paths(of: item, prefix: prefix + [String(index)]) }
        case .object(let members): for member in members { result += paths(of: member.value, prefix: prefix + [member.key]) }
        default: break
        }
        return result
    }

    static func replacing(_ path: ArraySlice<String>, in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        guard let head = path.first else { return replacement }
        switch value {
        case .array(var items):
            if let index = Int(head), items.indices.contains(index) {
                items[index] = replacing(path.dropFirst(), in: items[index], with: replacement)
            }
            return .array(items)
        case .object(var members):
            if let index = members.lastIndex(where: { $0.key == head }) {
                members[index].value = replacing(path.dropFirst(), in: members[index].value, with: replacement)
            }
            return .object(members)
        default: return value
        }
    }

    @Test func mutatedSchemasAreImportedOrRefusedWithAPointer() throws {
        var random = SplitMix64(seed: 7)
        let documents = try Self.documents()
        let probes: [JSONValue] = [.null, .number("1"), .string("a"), .array([.number("1")]), .object([JSONMember("a", .number("1"))])]
        var imported = 0, refused = 0
        for _ in 0..<3000 {
            let document = documents.randomElement(using: &random)!
            let path = Self.paths(of: document).randomElement(using: &random)!
            let mutated = Self.replacing(path[...], in: document, with: Self.replacements.randomElement(using: &random)!)
            let mode: JSONSchemaImporter.Mode = Bool.random(using: &random) ? .generation : .validation
            switch Result(catching: { () throws(JSONSchemaImportError) in try JSONSchemaImporter(mode: mode).importSchema(mutated) }) {
            case .success(let graph):
                imported += 1
                let validator = SchemaGraph.Validator(graph)
                for probe in probes { _ = validator.accepts(probe) }
            case .failure(let error):
                refused += 1
                #expect(!error.description.isEmpty)
                let tokens = try #require(JSONSchemaPointer.tokens(error.pointer), "\(error)")
                #expect(JSONSchemaPointer.value(at: tokens, in: mutated) != nil, "\(error) in \(JSONSchemaSuiteRunner.jsonText(mutated))")
            }
        }
        #expect(imported > 300 && refused > 300, "imported \(imported), refused \(refused)")
    }

    @Test func truncatedTextIsInvalidJSON() throws {
        let text = JSONSchemaAppleDialectTests.order
        var random = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let cut = Int.random(in: 0..<(text.utf8.count - 1), using: &random)
            let prefix = String(decoding: text.utf8.prefix(cut), as: UTF8.self)
            let result = Result { () throws(JSONSchemaImportError) in try JSONSchemaImporter().importSchema(prefix) }
            guard case .failure(let error) = result, case .invalidJSON = error.reason else {
                Issue.record("cut at \(cut): \(result)")
                continue
            }
        }
    }
}
