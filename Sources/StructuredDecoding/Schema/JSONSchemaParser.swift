/// Reads a JSON Schema document into `JSONSchemaDraft`s, one per schema location, checking every
/// keyword: supported ones are read, annotations are checked for shape and dropped, everything
/// else is a `JSONSchemaImportError` naming the keyword and its JSON pointer.
///
/// Subschemas are read as their parent is; `$ref` targets (and so `$defs` entries) when first
/// referenced. Locations are shared by JSON pointer, so recursion ends.
struct JSONSchemaParser {
    /// The whole document (`$ref`s resolve inside it).
    let document: JSONValue
    /// Every draft read so far; the root is draft 0.
    private(set) var drafts: [JSONSchemaDraft] = []
    /// Draft ids by canonical JSON pointer.
    private var byPointer: [ExactString: JSONSchemaDraft.ID] = [:]
    /// The root's `$id` without its fragment, when given: `$ref`s starting with it are local.
    private var baseURI: String?

    /// The `$schema` values we accept (2020-12, with or without the empty fragment).
    static let dialects: Set<String> = [
        "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#",
    ]

    /// Keywords of JSON Schema (this or earlier drafts) whose meaning we do not enforce.
    static let unsupportedKeywords: Set<String> = [
        "multipleOf", "uniqueItems", "contains", "minContains", "maxContains", "patternProperties",
        "propertyNames", "dependentRequired", "dependentSchemas", "dependencies", "if", "then", "else",
        "not", "unevaluatedProperties", "unevaluatedItems", "minProperties", "maxProperties",
        "$dynamicRef", "$dynamicAnchor", "$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary",
        "contentMediaType", "contentEncoding", "contentSchema", "additionalItems",
    ]

    /// Reads `document`.
    init(document: JSONValue) {
        self.document = document
    }

    /// Reads the root schema (draft 0).
    mutating func parseRoot() throws(JSONSchemaImportError) -> JSONSchemaDraft.ID {
        if case .object = document, let id = document["$id"] {
            guard case .string(let uri) = id else {
                throw JSONSchemaImportError(.invalidKeywordValue(keyword: "$id", expected: "a string"), at: "/$id")
            }
            baseURI = String(uri.prefix { $0 != "#" })
        }
        return try parse(document, at: "")
    }

    /// The draft of the schema `value` found at `pointer` (read once per pointer).
    mutating func parse(_ value: JSONValue, at pointer: String) throws(JSONSchemaImportError) -> JSONSchemaDraft.ID {
        if let known = byPointer[ExactString(pointer)] { return known }
        let id = drafts.count
        drafts.append(JSONSchemaDraft(pointer: pointer))
        byPointer[ExactString(pointer)] = id
        var draft = JSONSchemaDraft(pointer: pointer)
        switch value {
        case .bool(let flag): draft.isFalse = !flag
        case .object(let members): try read(members, into: &draft)
        default: throw JSONSchemaImportError(.invalidSchema, at: pointer)
        }
        drafts[id] = draft
        return id
    }

    /// Reads every keyword of a schema object.
    private mutating func read(_ members: [JSONMember], into schema: inout JSONSchemaDraft) throws(JSONSchemaImportError) {
        let pointer = schema.pointer
        if let duplicate = Self.firstDuplicate(members.map(\.key)) {
            throw JSONSchemaImportError(.duplicateKey(duplicate), at: pointer)
        }
        var order: [String]?
        for member in members {
            let keyword = member.key
            let value = member.value
            let at = pointer + "/" + Self.escape(keyword)
            switch keyword {
            case "type": schema.types = try Self.types(value, at: at)
            case "enum":
                guard case .array(let values) = value else { throw Self.invalid(keyword, "an array", at) }
                schema.valueSets.append(values)
            case "const": schema.valueSets.append([value])
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                let bound = JSONSchemaDraft.Bound(
                    value: try Self.number(value, keyword, at), isExclusive: keyword.hasPrefix("exclusive"),
                    keyword: keyword, pointer: at)
                if keyword.hasSuffix("inimum") { schema.lowerBounds.append(bound) } else { schema.upperBounds.append(bound) }
            case "minLength": schema.minLength = try Self.count(value, keyword, at)
            case "maxLength": schema.maxLength = try Self.count(value, keyword, at)
            case "pattern": schema.patterns.append(try Self.pattern(value, at))
            case "format":
                guard case .string(let name) = value else { throw Self.invalid(keyword, "a string", at) }
                guard let format = StringFormat(rawValue: name) else {
                    throw JSONSchemaImportError(.unsupportedFormat(name), at: at)
                }
                schema.format = format
            case "minItems": schema.minItems = try Self.count(value, keyword, at)
            case "maxItems": schema.maxItems = try Self.count(value, keyword, at)
            case "prefixItems": schema.prefixItems = try schemaList(value, keyword, at)
            case "items":
                if case .array = value { throw Self.invalid(keyword, "a schema (2020-12 writes tuples as `prefixItems`)", at) }
                schema.items = try parse(value, at: at)
            case "properties":
                guard case .object(let properties) = value else { throw Self.invalid(keyword, "an object of schemas", at) }
                var names = Set<[UInt8]>()
                for property in properties {
                    guard names.insert(Array(property.key.utf8)).inserted else {
                        throw JSONSchemaImportError(.duplicateKey(property.key), at: at)
                    }
                    let id = try parse(property.value, at: at + "/" + Self.escape(property.key))
                    schema.properties.append((property.key, id))
                }
            case "required": schema.required = try Self.uniqueStrings(value, keyword, at)
            case "x-order": order = try Self.uniqueStrings(value, keyword, at)
            case "additionalProperties": schema.additionalProperties = try parse(value, at: at)
            case "anyOf": schema.anyOf = try schemaList(value, keyword, at)
            case "oneOf": schema.oneOf = try schemaList(value, keyword, at)
            case "allOf": schema.allOf = try schemaList(value, keyword, at)
            case "$ref":
                guard case .string(let reference) = value else { throw Self.invalid(keyword, "a string", at) }
                schema.referenceText = reference
                schema.reference = try resolve(reference, at: at)
            case "$defs", "definitions":
                guard case .object(let definitions) = value else { throw Self.invalid(keyword, "an object of schemas", at) }
                var names = Set<[UInt8]>()
                for definition in definitions where !names.insert(Array(definition.key.utf8)).inserted {
                    throw JSONSchemaImportError(.duplicateKey(definition.key), at: at)
                }
            case "uniqueItems":
                // `false` asserts nothing; `true` is not a regular constraint.
                guard case .bool(let unique) = value else { throw Self.invalid(keyword, "a boolean", at) }
                if unique { throw JSONSchemaImportError(.unsupportedKeyword(keyword), at: at) }
            default: try Self.checkAnnotation(keyword, value, at: at, isRoot: pointer.isEmpty)
            }
        }
        if let order { try Self.apply(order: order, to: &schema) }
        for name in schema.required where schema.property(named: name) == nil {
            if let additional = schema.additionalProperties, drafts[additional].isFalse {
                throw JSONSchemaImportError(.unsatisfiableRequired(name), at: pointer + "/required")
            }
        }
    }

    /// A non-empty array of schemas.
    private mutating func schemaList(_ value: JSONValue, _ keyword: String, _ at: String) throws(JSONSchemaImportError) -> [JSONSchemaDraft.ID] {
        guard case .array(let schemas) = value, !schemas.isEmpty else { throw Self.invalid(keyword, "a non-empty array of schemas", at) }
        var ids: [JSONSchemaDraft.ID] = []
        for (index, schema) in schemas.enumerated() { ids.append(try parse(schema, at: at + "/\(index)")) }
        return ids
    }

    /// The draft a `$ref` names: a JSON pointer in this document (`#`, `#/$defs/a%20b`, or the
    /// root `$id` followed by one).
    private mutating func resolve(_ reference: String, at pointer: String) throws(JSONSchemaImportError) -> JSONSchemaDraft.ID {
        var fragment: Substring
        if reference.hasPrefix("#") {
            fragment = reference.dropFirst()
        } else if let baseURI, !baseURI.isEmpty, reference == baseURI || reference.hasPrefix(baseURI + "#") {
            fragment = reference.dropFirst(baseURI.count).drop { $0 == "#" }
        } else {
            throw JSONSchemaImportError(.unsupportedReference(reference), at: pointer)
        }
        guard fragment.isEmpty || fragment.hasPrefix("/") else {
            throw JSONSchemaImportError(.unsupportedReference(reference), at: pointer)
        }
        guard let decoded = Self.percentDecoded(fragment),
              let tokens = JSONSchemaPointer.tokens(decoded),
              let target = JSONSchemaPointer.value(at: tokens, in: document)
        else { throw JSONSchemaImportError(.unresolvableReference(reference), at: pointer) }
        switch target {
        case .object, .bool: break
        default: throw JSONSchemaImportError(.unresolvableReference(reference), at: pointer)
        }
        return try parse(target, at: JSONSchemaPointer.string(tokens))
    }
}
