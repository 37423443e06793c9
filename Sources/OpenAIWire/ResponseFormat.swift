import StructuredDecoding

/// `response_format`: free text, any JSON object, or JSON following a schema.
///
/// ```swift
/// ResponseFormat.jsonSchema(JSONSchemaFormat(name: "drink", schema: schema, strict: true)).jsonText
/// // {"type":"json_schema","json_schema":{"name":"drink","strict":true,"schema":{…}}}
/// ```
package enum ResponseFormat: WireCodable, Equatable {
    /// `{"type": "text"}`.
    case text
    /// `{"type": "json_object"}`.
    case jsonObject
    /// `{"type": "json_schema", "json_schema": {…}}`.
    case jsonSchema(JSONSchemaFormat)

    /// Reads a format object; `type` is required, and `json_schema` with it.
    ///
    /// - Throws: `WireDecodingError` for a missing or unknown `type` (its path:
    ///   `response_format.type`), or a malformed `json_schema`.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        let type = try field.required("type")
        switch try type.string() {
        case "text": self = .text
        case "json_object": self = .jsonObject
        case "json_schema": self = .jsonSchema(try field.required("json_schema").decode())
        case let other:
            throw .invalid(type.path, "`\(type.path)` \"\(other)\" is not text, json_object or json_schema")
        }
    }

    /// `type`, then `json_schema` for a schema.
    package var wireValue: JSONValue {
        switch self {
        case .text: .object([JSONMember("type", .string("text"))])
        case .jsonObject: .object([JSONMember("type", .string("json_object"))])
        case .jsonSchema(let format): .object([JSONMember("type", .string("json_schema")), JSONMember("json_schema", format.wireValue)])
        }
    }
}

/// The `json_schema` of a `response_format`: a name, the schema (members in order), and
/// whether it is strict.
package struct JSONSchemaFormat: WireCodable, Equatable {
    /// The format's name (`[A-Za-z0-9_-]{1,64}` for OpenAI).
    package var name: String
    /// What the format is for.
    package var description: String?
    /// The JSON Schema (an object).
    package var schema: JSONValue?
    /// Whether the output must follow `schema` exactly.
    package var strict: Bool?

    /// A schema format.
    package init(name: String, description: String? = nil, schema: JSONValue?, strict: Bool? = nil) {
        self.name = name
        self.description = description
        self.schema = schema
        self.strict = strict
    }

    /// Reads the object; `name` is required, `schema` must be an object when present.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        name = try field.required("name").string()
        description = try field.member("description")?.string()
        strict = try field.member("strict")?.bool()
        schema = try field.member("schema")?.object().value
    }

    /// `name`, `description`, `strict`, `schema`, as set.
    package var wireValue: JSONValue {
        .members([
            ("name", .string(name)), ("description", description.map(JSONValue.string)), ("strict", strict.map(JSONValue.bool)),
            ("schema", schema),
        ])
    }
}
