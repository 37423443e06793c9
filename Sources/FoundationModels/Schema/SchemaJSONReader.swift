import Foundation
internal import StructuredDecoding

/// Reads Apple's JSON-Schema dialect back into schema nodes.
enum SchemaJSONReader {
    /// Why a document is not a schema in the dialect, and where.
    struct Problem: Swift.Error {
        /// The JSON pointer of the offending object (`/properties/age`).
        var pointer: String
        /// What is wrong, naming the keyword.
        var message: String
    }

    /// Reads a whole schema document: the root and its `$defs`.
    static func schema(from json: JSONValue) throws(Problem) -> GenerationSchema {
        guard case .object = json else { throw Problem(pointer: "", message: "a schema must be a JSON object") }
        let rootName = json["title"]?.stringValue
        var definitions: [SchemaDefinition] = []
        if let defs = json["$defs"] {
            guard case .object(let members) = defs else { throw Problem(pointer: "/$defs", message: "`$defs` must be an object") }
            for member in members {
                let name = member.key
                definitions.append(SchemaDefinition(name: name, node: try node(from: member.value, at: "/$defs/\(name)", rootName: rootName)))
            }
        }
        return GenerationSchema(root: try node(from: json, at: "", rootName: rootName), definitions: definitions)
    }

    /// Reads one schema object (its `description` belongs to the node, for named types).
    static func node(from json: JSONValue, at pointer: String, rootName: String?) throws(Problem) -> SchemaShape {
        guard case .object = json else { throw Problem(pointer: pointer, message: "a schema must be a JSON object") }
        let title = json["title"]?.stringValue
        let description = json["description"]?.stringValue
        if let reference = json["$ref"] {
            guard let text = reference.stringValue else { throw Problem(pointer: pointer, message: "`$ref` must be a string") }
            if text == "#" {
                guard let rootName else { throw Problem(pointer: pointer, message: "`$ref: #` needs a root with a `title`") }
                return .reference(rootName)
            }
            guard text.hasPrefix("#/$defs/") else {
                throw Problem(pointer: pointer, message: "`$ref` \"\(text)\" is not `#` or `#/$defs/Name`")
            }
            return .reference(unescapePointer(String(text.dropFirst("#/$defs/".count))))
        }
        if let choices = json["anyOf"] {
            guard let elements = choices.arrayValue else { throw Problem(pointer: pointer, message: "`anyOf` must be an array") }
            var nodes: [SchemaShape] = []
            for (index, element) in elements.enumerated() {
                nodes.append(try node(from: element, at: "\(pointer)/anyOf/\(index)", rootName: rootName))
            }
            return .anyOf(AnyOfSchema(name: title, description: description, choices: nodes))
        }
        guard let type = json["type"] else { return .any }
        switch type.stringValue {
        case "object": return try object(from: json, at: pointer, rootName: rootName)
        case "string": return try string(from: json, at: pointer)
        case "integer":
            return .integer(
                minimum: try integer(json["minimum"], "minimum", at: pointer),
                maximum: try integer(json["maximum"], "maximum", at: pointer))
        case "number":
            return .number(
                minimum: try bound(json["minimum"], "minimum", at: pointer),
                maximum: try bound(json["maximum"], "maximum", at: pointer))
        case "boolean": return .boolean
        case "null": return .null
        case "array":
            guard let items = json["items"] else { throw Problem(pointer: pointer, message: "an array schema needs `items`") }
            return .array(
                ArraySchema(
                    items: try node(from: items, at: pointer + "/items", rootName: rootName),
                    minimumCount: try integer(json["minItems"], "minItems", at: pointer),
                    maximumCount: try integer(json["maxItems"], "maxItems", at: pointer)))
        default:
            throw Problem(pointer: pointer, message: "unsupported `type` \(type.sortingKeys().compactText)")
        }
    }

    private static func object(from json: JSONValue, at pointer: String, rootName: String?) throws(Problem) -> SchemaShape {
        guard let name = json["title"]?.stringValue else { throw Problem(pointer: pointer, message: "an object schema needs a `title`") }
        var members: [JSONMember] = []
        if let properties = json["properties"] {
            guard case .object(let list) = properties else { throw Problem(pointer: pointer, message: "`properties` must be an object") }
            members = list
        }
        var order = members.map(\.key)
        if let explicit = json["x-order"] {
            guard let keys = explicit.arrayValue?.compactMap(\.stringValue), keys.count == explicit.arrayValue?.count else {
                throw Problem(pointer: pointer, message: "`x-order` must be an array of strings")
            }
            order = keys + order.filter { !keys.contains($0) }
        }
        let required = Set(json["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var properties: [PropertySchema] = []
        for key in order {
            guard let value = members.first(where: { $0.key == key })?.value else {
                throw Problem(pointer: pointer, message: "`x-order` names \"\(key)\", which is not in `properties`")
            }
            let propertyPointer = "\(pointer)/properties/\(key)"
            var node = try node(from: value, at: propertyPointer, rootName: rootName)
            node.removeDescription()
            properties.append(
                PropertySchema(name: key, description: value["description"]?.stringValue, node: node, isOptional: !required.contains(key)))
        }
        return .object(ObjectSchema(name: name, description: json["description"]?.stringValue, properties: properties))
    }

    private static func string(from json: JSONValue, at pointer: String) throws(Problem) -> SchemaShape {
        var string = StringSchema(name: json["title"]?.stringValue, description: json["title"] == nil ? nil : json["description"]?.stringValue)
        if let choices = json["enum"] {
            guard let values = choices.arrayValue?.compactMap(\.stringValue), values.count == choices.arrayValue?.count else {
                throw Problem(pointer: pointer, message: "`enum` must be an array of strings")
            }
            string.choices = values
        }
        if let pattern = json["pattern"] {
            guard let text = pattern.stringValue else { throw Problem(pointer: pointer, message: "`pattern` must be a string") }
            string.patterns.append(text)
        }
        for extra in json["allOf"]?.arrayValue ?? [] {
            if let text = extra["pattern"]?.stringValue { string.patterns.append(text) }
        }
        return .string(string)
    }

    private static func integer(_ value: JSONValue?, _ keyword: String, at pointer: String) throws(Problem) -> Int? {
        guard let value else { return nil }
        guard let integer = value.intValue else { throw Problem(pointer: pointer, message: "`\(keyword)` must be an integer") }
        return integer
    }

    private static func bound(_ value: JSONValue?, _ keyword: String, at pointer: String) throws(Problem) -> SchemaBound? {
        switch value {
        case nil: nil
        case .number(let text)?: Int(text).map(SchemaBound.integer) ?? .double(Double(text) ?? .nan)
        default: throw Problem(pointer: pointer, message: "`\(keyword)` must be a number")
        }
    }

    /// Undoes JSON-pointer escaping (`~1` -> `/`, `~0` -> `~`).
    static func unescapePointer(_ segment: String) -> String {
        segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}

extension SchemaShape {
    /// Drops the node's own description from anonymous nodes read inside a property (there it
    /// is the property's description).
    mutating func removeDescription() {
        switch self {
        case .object(var object): object.description = nil; self = .object(object)
        case .anyOf(var choice): choice.description = nil; self = .anyOf(choice)
        case .string(var string): string.description = nil; self = .string(string)
        default: break
        }
    }
}
