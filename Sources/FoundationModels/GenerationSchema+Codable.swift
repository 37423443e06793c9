import Foundation
internal import StructuredDecoding

extension GenerationSchema: Codable {
    /// Reads a schema in Apple's JSON-Schema dialect (the format `encode(to:)` writes).
    ///
    /// ```swift
    /// let schema = try JSONDecoder().decode(GenerationSchema.self, from: data)
    /// ```
    /// Property order comes from `x-order` (from the keys' alphabetical order without it).
    /// - Throws: `DecodingError.dataCorrupted` naming the JSON pointer and the keyword at fault.
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeSortedJSON(SchemaJSONReader.schema(from:)) { problem in
            "Invalid generation schema at \(problem.pointer.isEmpty ? "the root" : problem.pointer): \(problem.message)"
        }
    }

    /// Writes the schema in Apple's JSON-Schema dialect.
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    /// let json = String(decoding: try encoder.encode(Person.generationSchema), as: UTF8.self)
    /// // {"additionalProperties":false,"properties":{…},"required":[…],"title":"Person",…}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encodeKeepingNumberText(to: encoder)
    }

    /// The schema as a JSON document in Apple's dialect.
    var jsonValue: JSONValue {
        if let imported { return imported.document }
        let writer = SchemaJSONWriter(rootName: rootName)
        var members = writer.members(for: root, description: nil)
        if !definitions.isEmpty {
            let definitionMembers = definitions.map { JSONMember($0.name, .object(writer.members(for: $0.node, description: nil))) }
            members.append(JSONMember("$defs", .object(definitionMembers)))
        }
        return .object(members.sorted { $0.key < $1.key })
    }
}

/// Writes schema nodes as JSON-Schema keywords.
struct SchemaJSONWriter {
    /// The root type's name: references to it are written `#`.
    var rootName: String?

    /// The keywords of `node`, with `description` (a property's) taking the place of the
    /// node's own; members are in key order.
    func members(for node: SchemaShape, description: String?) -> [JSONMember] {
        var members: [(key: String, value: JSONValue)] = []
        switch node {
        case .object(let object):
            members.append(("additionalProperties", .bool(false)))
            let properties = object.properties.map { property in
                JSONMember(property.name, .object(self.members(for: property.node, description: property.description)))
            }
            members.append(("properties", .object(properties)))
            members.append(("required", .array(object.properties.filter { !$0.isOptional }.map { .string($0.name) })))
            members.append(("title", .string(object.name)))
            members.append(("type", .string("object")))
            members.append(("x-order", .array(object.properties.map { .string($0.name) })))
            if let text = description ?? object.description { members.append(("description", .string(text))) }
        case .anyOf(let choice):
            members.append(("anyOf", .array(choice.choices.map { .object(self.members(for: $0, description: nil)) })))
            if let name = choice.name { members.append(("title", .string(name))) }
            if let text = description ?? choice.description { members.append(("description", .string(text))) }
        case .string(let string):
            if let choices = string.choices { members.append(("enum", .array(choices.map(JSONValue.string)))) }
            if let first = string.patterns.first { members.append(("pattern", .string(first))) }
            if string.patterns.count > 1 {
                members.append(("allOf", .array(string.patterns.dropFirst().map { .object([JSONMember("pattern", .string($0))]) })))
            }
            if let name = string.name { members.append(("title", .string(name))) }
            members.append(("type", .string("string")))
            if let text = description ?? string.description { members.append(("description", .string(text))) }
        case .integer(let minimum, let maximum):
            if let maximum { members.append(("maximum", .integer(maximum))) }
            if let minimum { members.append(("minimum", .integer(minimum))) }
            members.append(("type", .string("integer")))
            if let description { members.append(("description", .string(description))) }
        case .number(let minimum, let maximum):
            if let maximum { members.append(("maximum", Self.json(maximum))) }
            if let minimum { members.append(("minimum", Self.json(minimum))) }
            members.append(("type", .string("number")))
            if let description { members.append(("description", .string(description))) }
        case .boolean, .null:
            members.append(("type", .string(node == .boolean ? "boolean" : "null")))
            if let description { members.append(("description", .string(description))) }
        case .array(let array):
            members.append(("items", .object(self.members(for: array.items, description: nil))))
            if let maximum = array.maximumCount { members.append(("maxItems", .integer(maximum))) }
            if let minimum = array.minimumCount { members.append(("minItems", .integer(minimum))) }
            members.append(("type", .string("array")))
            if let description { members.append(("description", .string(description))) }
        case .reference(let name):
            members.append(("$ref", .string(name == rootName ? "#" : "#/$defs/" + Self.escapePointer(name))))
            if let description { members.append(("description", .string(description))) }
        case .any:
            if let description { members.append(("description", .string(description))) }
        }
        return members.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }
    }

    /// A bound as a JSON number, as written in the guide.
    static func json(_ bound: SchemaBound) -> JSONValue {
        switch bound {
        case .integer(let value): .integer(value)
        case .double(let value): Int(exactly: value).map(JSONValue.integer) ?? .double(value)
        case .decimal(let value): .decimal(value)
        }
    }

    /// A name as a JSON-pointer segment (`~` -> `~0`, `/` -> `~1`).
    static func escapePointer(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
