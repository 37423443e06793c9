import Foundation
@_spi(Serving) import FoundationModels
import OpenAIWire
import StructuredDecoding

/// A schema as the remote model sends it — standard JSON Schema saying exactly what Apple's
/// guides mean — and the check of a server's output with that same meaning.
///
/// Apple's dialect (what `GenerationSchema` encodes) reads `pattern` as a whole match, while
/// JSON Schema's `pattern` is a search: `[A-Z][a-z]+` accepts `Ana's Double Latte`. So a schema
/// built from types is rewritten for the wire:
///
/// - every `pattern` (and each `allOf` pattern) is anchored as a whole match, `^(?:p)$`;
/// - properties are listed in declaration order (`x-order`, which is then dropped), so servers
///   that generate in `properties` order keep Apple's order;
/// - choices and constants stay `enum`, counts `minItems`/`maxItems`, ranges
///   `minimum`/`maximum`, objects `additionalProperties: false` with their `required` keys.
///
/// A schema imported from a JSON Schema document (`GenerationSchema(jsonSchema:)`, as `fm serve`
/// does with a client's `response_format`) already has JSON Schema's meaning and is sent as
/// written. Either way the output is validated against the document that was sent, read as
/// JSON Schema, so the server was asked for exactly what is checked.
///
/// ```swift
/// let wire = WireSchema(Drink.generationSchema)
/// wire.json   // {"additionalProperties":false,"properties":{"name":{"pattern":"^(?:[A-Z][a-z]+)$",…
/// wire.validationProblem(forJSON: #"{"name": "Ana's Latte"}"#)   // "the output does not follow the schema"
/// ```
struct WireSchema: Sendable {
    /// The JSON Schema document sent to the server.
    let document: JSONValue
    /// Its text.
    var json: String { document.compactText }
    /// The schema's title, if the document has one at its root.
    let title: String?
    /// The document read back as a schema, to validate output with; `nil` when it cannot be.
    private let validator: GenerationSchema?
    /// Why the document cannot be read back, when it cannot.
    private let problem: String?

    /// The wire form of `schema`.
    init(_ schema: GenerationSchema) {
        // Apple's dialect as `JSONEncoder` writes it, read with every number's text as written.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let dialect = (try? encoder.encode(schema)).flatMap { try? JSONValue(parsing: String(decoding: $0, as: UTF8.self)) } ?? .object([])
        if schema.isImportedJSONSchema {
            document = dialect
            validator = schema
            problem = nil
        } else {
            // Keys sorted in `String` order whatever order the platform's encoder sorts in, so
            // the same schema is always sent as the same bytes.
            document = Self.wire(dialect.sortingKeys())
            do {
                validator = try GenerationSchema(jsonSchema: document.compactText)
                problem = nil
            } catch {
                validator = nil
                problem = "the schema cannot be checked: \(error)"
            }
        }
        title = document["title"]?.stringValue
    }

    /// Why `text` does not follow the schema (Apple's meaning: whole-match patterns), or `nil`
    /// when it does.
    func validationProblem(forJSON text: String) -> String? {
        guard let validator else { return problem }
        return validator.validationProblem(forJSON: text)
    }

    /// `pattern` as a whole match in JSON Schema's (ECMAScript) search semantics.
    static func anchored(_ pattern: String) -> String {
        "^(?:" + pattern + ")$"
    }

    /// A schema object of Apple's dialect, its keys sorted (`JSONValue.sortingKeys()`), as
    /// standard JSON Schema (see the type's description).
    static func wire(_ node: JSONValue) -> JSONValue {
        guard case .object(let members) = node else { return node }
        let names = members.first { $0.key == "x-order" }?.value
        let order = if case .array(let elements)? = names { elements.compactMap(\.stringValue) } else { [String]() }
        var out: [JSONMember] = []
        for member in members {
            let (key, value) = (member.key, member.value)
            switch (key, value) {
            case ("x-order", _):
                continue
            case ("pattern", .string(let pattern)):
                out.append(JSONMember(key, .string(anchored(pattern))))
            case ("properties", .object(let properties)):
                let ordered = properties.sorted { lhs, rhs in
                    (order.firstIndex(of: lhs.key) ?? Int.max, lhs.key) < (order.firstIndex(of: rhs.key) ?? Int.max, rhs.key)
                }
                out.append(JSONMember(key, .object(ordered.map { JSONMember($0.key, wire($0.value)) })))
            case ("$defs", .object(let definitions)):
                out.append(JSONMember(key, .object(definitions.map { JSONMember($0.key, wire($0.value)) })))
            case ("items", _), ("additionalProperties", .object):
                out.append(JSONMember(key, wire(value)))
            case ("anyOf", .array(let schemas)), ("allOf", .array(let schemas)), ("oneOf", .array(let schemas)):
                out.append(JSONMember(key, .array(schemas.map(wire))))
            default:
                out.append(member)
            }
        }
        return .object(out)
    }
}
