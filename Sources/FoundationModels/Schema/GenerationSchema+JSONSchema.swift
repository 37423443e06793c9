import Foundation
internal import StructuredDecoding

/// A schema imported from a JSON Schema document: the decoder's graph, and the document itself
/// (what the prompt and `encode(to:)` show).
struct ImportedJSONSchema: Sendable {
    /// The graph, properties in the document's order.
    let graph: SchemaGraph
    /// The document as written, its numbers spelled as Foundation spells them (`1.0` as `1`,
    /// `1E-7` as `0.0000001`: `decimalSpelled`), as `encode(to:)` and the prompt show it.
    let document: JSONValue
}

/// Why a JSON Schema document cannot be enforced, and where (SPI, see
/// `GenerationSchema.init(jsonSchema:)`).
@_spi(Serving)
public struct JSONSchemaProblem: Swift.Error, Sendable, CustomStringConvertible {
    /// The JSON pointer of the schema object at fault (`""` for the root, `/properties/age`).
    public let pointer: String
    /// The keyword at fault (`contains`, `format`, ...), when one is.
    public let keyword: String?
    /// What is wrong, naming the keyword and the pointer.
    public let description: String
}

extension GenerationSchema {
    /// A schema from a JSON Schema (2020-12) document, or Apple's dialect, exactly or not at
    /// all: every keyword is enforced during generation, and one that cannot be (`contains`,
    /// `not`, `if`, unknown formats, remote `$ref`s, ...) is refused, naming it.
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels` (Apple's API builds schemas
    /// from types, not documents); the `Server` and `fm respond --schema` read clients' schemas
    /// with it.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"n": {"type": "integer"}}}"#)
    /// ```
    /// - Throws: `JSONSchemaProblem` with the keyword and the JSON pointer at fault.
    @_spi(Serving)
    public init(jsonSchema text: String) throws(JSONSchemaProblem) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw JSONSchemaProblem(pointer: "", keyword: nil, description: "the schema is not valid JSON: \(error)")
        }
        let graph: SchemaGraph
        do {
            graph = try JSONSchemaImporter(mode: .generation).importSchema(document)
        } catch {
            throw JSONSchemaProblem(pointer: error.pointer, keyword: error.keyword, description: error.description)
        }
        self.init(root: .any, definitions: [])
        imported = ImportedJSONSchema(graph: graph, document: document.decimalSpelled)
    }

    /// Why `json` does not follow the schema, or `nil` when it does, object keys in any order.
    /// For output the decoder did not constrain (a remote server's). A schema imported from a
    /// JSON Schema document means what JSON Schema says; one built from types or guides means
    /// what Apple's guides say (a pattern matches the whole string), as the decoder enforces it.
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels`.
    @_spi(Serving)
    public func validationProblem(forJSON json: String) -> String? {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            return "the output is not JSON: \(error)"
        }
        let graph: SchemaGraph
        do {
            graph =
                imported == nil
                ? try decodingGraph()
                : try JSONSchemaImporter(mode: .validation).importSchema(jsonValue)
        } catch {
            return "the schema cannot be checked: \(error)"
        }
        return graph.accepts(value) ? nil : "the output does not follow the schema"
    }

    /// Whether the schema was imported from a JSON Schema document (`init(jsonSchema:)`), so
    /// its keywords mean what JSON Schema says rather than what Apple's guides say.
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels`.
    @_spi(Serving)
    public var isImportedJSONSchema: Bool {
        imported != nil
    }
}
