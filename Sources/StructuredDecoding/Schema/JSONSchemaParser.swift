/// Reads a JSON Schema document into `JSONSchemaDraft`s, one per schema location, checking every
/// keyword with the rules of the document's draft (`JSONSchemaDialect`): supported ones are
/// read, annotations are checked for shape and dropped, unknown keywords are annotations too
/// (refused when `isStrict`), and assertions we cannot enforce are a `JSONSchemaImportError`
/// naming the keyword and its JSON pointer.
///
/// Subschemas are read as their parent is; `$ref` targets (and so `$defs` entries) when first
/// referenced. Locations are shared by JSON pointer, so recursion ends. `not`, and
/// `if`/`then`/`else` (which needs the complement of `if`), are rewritten once the whole document
/// is read (`JSONSchemaParser+Negation.swift`).
struct JSONSchemaParser {
    /// The whole document (`$ref`s resolve inside it).
    let document: JSONValue
    /// The draft the document is read as: its root `$schema`, else the importer's default.
    private(set) var dialect: JSONSchemaDialect
    /// Whether unknown keywords and formats are refused instead of ignored.
    let isStrict: Bool
    /// Whether unknown formats are refused instead of ignored.
    let refusesUnknownFormats: Bool
    /// Every draft read so far; the root is draft 0.
    var drafts: [JSONSchemaDraft] = []
    /// What was ignored or weakened on purpose, for the caller.
    var warnings: [JSONSchemaImportWarning] = []
    /// Draft ids by canonical JSON pointer.
    private var byPointer: [ExactString: JSONSchemaDraft.ID] = [:]
    /// The document's schema resources and anchors (`JSONSchemaParser+References.swift`).
    var resources = JSONSchemaResources()
    /// Complements already built, by the draft they negate.
    var complements: [JSONSchemaDraft.ID: JSONSchemaDraft.ID] = [:]

    /// Keywords of JSON Schema whose meaning we do not enforce: refused in every mode.
    static let unsupportedKeywords: Set<String> = [
        "contains", "unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef",
    ]

    /// Reads `document`, as `dialect` unless its root `$schema` names another draft.
    init(document: JSONValue, dialect: JSONSchemaDialect = .draft2020_12, isStrict: Bool = false, refusesUnknownFormats: Bool = false) {
        self.document = document
        self.dialect = dialect
        self.isStrict = isStrict
        self.refusesUnknownFormats = refusesUnknownFormats || isStrict
    }

    /// Reads the root schema (draft 0), then rewrites `not` and `if`/`then`/`else`.
    mutating func parseRoot() throws(JSONSchemaImportError) -> JSONSchemaDraft.ID {
        if case .object = document, let schema = document["$schema"] {
            guard case .string(let uri) = schema else { throw Self.invalid("$schema", "a string", "/$schema") }
            guard let named = JSONSchemaDialect(uri: uri) else { throw JSONSchemaImportError(.unsupportedDialect(uri), at: "/$schema") }
            dialect = named
        } else if let nested = Self.nestedDialects(document), nested.count == 1 {
            // No root `$schema`, but the embedded ones agree (definitions copied from one draft's
            // documents): read the document as that draft rather than refuse them.
            dialect = nested.first!
        }
        resources = try JSONSchemaResources(document: document, dialect: dialect)
        let root = try parse(document, at: "")
        try rewriteNegations()
        complementOneOfBranches()
        return root
    }

    /// The drafts named by `$schema` anywhere below the root (`nil` if one names no known draft).
    static func nestedDialects(_ value: JSONValue) -> Set<JSONSchemaDialect>? {
        var found = Set<JSONSchemaDialect>()
        var stack = [value]
        while let next = stack.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    if member.key == "$schema", case .string(let uri) = member.value {
                        guard let dialect = JSONSchemaDialect(uri: uri) else { return nil }
                        found.insert(dialect)
                    } else {
                        stack.append(member.value)
                    }
                }
            case .array(let items): stack += items
            default: continue
            }
        }
        return found
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

    /// A draft made by the parser itself (dependencies, conditionals, complements).
    mutating func add(_ draft: JSONSchemaDraft) -> JSONSchemaDraft.ID {
        var draft = draft
        draft.isSynthetic = true
        drafts.append(draft)
        return drafts.count - 1
    }

    /// Reads every keyword of a schema object.
    private mutating func read(_ written: [JSONMember], into schema: inout JSONSchemaDraft) throws(JSONSchemaImportError) {
        let pointer = schema.pointer
        if let duplicate = Self.firstDuplicate(written.map(\.key)) {
            throw JSONSchemaImportError(.duplicateKey(duplicate), at: pointer)
        }
        var members = written
        if dialect.refOverridesSiblings, let reference = written.first(where: { $0.key == "$ref" }) {
            // Before 2019-09 a `$ref` replaces its schema: every sibling is ignored.
            members = [reference]
        }
        var order: [String]?
        var itemsIsArray = false
        var additionalItems: (value: JSONValue, at: String)?
        var exclusive: [String: Bool] = [:]
        var conditional: [String: (value: JSONValue, at: String)] = [:]
        for member in members {
            let keyword = member.key
            let value = member.value
            let at = pointer + "/" + Self.escape(keyword)
            guard dialect.defines(keyword) || keyword == "x-order" else {
                try ignoreUnknown(keyword, at: at)
                continue
            }
            switch keyword {
            case "type": schema.types = try Self.types(value, at: at)
            case "enum":
                guard case .array(let values) = value else { throw Self.invalid(keyword, "an array", at) }
                schema.valueSets.append(values)
            case "const": schema.valueSets.append([value])
            case "minimum", "maximum":
                let bound = JSONSchemaDraft.Bound(value: try Self.number(value, keyword, at), isExclusive: false, keyword: keyword, pointer: at)
                if keyword == "minimum" { schema.lowerBounds.append(bound) } else { schema.upperBounds.append(bound) }
            case "exclusiveMinimum", "exclusiveMaximum":
                if dialect == .draft4 {
                    guard case .bool(let flag) = value else { throw Self.invalid(keyword, "a boolean in draft-04", at) }
                    exclusive[keyword] = flag
                    continue
                }
                let bound = JSONSchemaDraft.Bound(value: try Self.number(value, keyword, at), isExclusive: true, keyword: keyword, pointer: at)
                if keyword == "exclusiveMinimum" { schema.lowerBounds.append(bound) } else { schema.upperBounds.append(bound) }
            case "multipleOf":
                let divisor = try Self.number(value, keyword, at)
                guard JSONSchemaDecimal.zero < divisor else { throw Self.invalid(keyword, "a number above 0", at) }
                schema.multiples.append((divisor, at))
            case "minLength": schema.minLength = try Self.count(value, keyword, at)
            case "maxLength": schema.maxLength = try Self.count(value, keyword, at)
            case "pattern": schema.patterns.append(try Self.pattern(value, at))
            case "format": try readFormat(value, at: at, into: &schema)
            case "minItems": schema.minItems = try Self.count(value, keyword, at)
            case "maxItems": schema.maxItems = try Self.count(value, keyword, at)
            case "prefixItems": schema.prefixItems = try schemaList(value, keyword, at)
            case "items":
                if case .array = value {
                    guard dialect.hasArrayItems else {
                        throw Self.invalid(keyword, "a schema (2020-12 writes tuples as `prefixItems`)", at)
                    }
                    schema.prefixItems = try schemaList(value, keyword, at, allowsEmpty: true)
                    itemsIsArray = true
                } else {
                    schema.items = try parse(value, at: at)
                }
            case "additionalItems": additionalItems = (value, at)
            case "uniqueItems":
                guard case .bool(let unique) = value else { throw Self.invalid(keyword, "a boolean", at) }
                schema.uniqueItems = unique
            case "properties":
                for (name, id) in try schemaMap(value, keyword, at) { schema.properties.append((name, id)) }
            case "patternProperties":
                for (source, id) in try schemaMap(value, keyword, at) {
                    let framed = try Self.pattern(.string(source), at + "/" + Self.escape(source))
                    schema.patternProperties.append((framed, source, id))
                }
            case "propertyNames": schema.propertyNames = try parse(value, at: at)
            case "minProperties": schema.minProperties = try Self.count(value, keyword, at)
            case "maxProperties": schema.maxProperties = try Self.count(value, keyword, at)
            case "required": schema.required = try Self.uniqueStrings(value, keyword, at)
            case "x-order": order = try Self.uniqueStrings(value, keyword, at)
            case "additionalProperties": schema.additionalProperties = try parse(value, at: at)
            case "dependentRequired", "dependentSchemas", "dependencies":
                try readDependencies(keyword, value, at: at, into: &schema)
            case "anyOf": schema.anyOf = try schemaList(value, keyword, at)
            case "oneOf": schema.oneOf = try schemaList(value, keyword, at)
            case "allOf": schema.allOf += try schemaList(value, keyword, at)
            case "not": schema.nots.append(try parse(value, at: at))
            case "if", "then", "else": conditional[keyword] = (value, at)
            case "$ref":
                guard case .string(let reference) = value else { throw Self.invalid(keyword, "a string", at) }
                schema.referenceText = reference
                schema.reference = try resolve(reference, from: pointer, at: at)
            case "$defs", "definitions":
                guard case .object = value else { throw Self.invalid(keyword, "an object of schemas", at) }
                _ = try Self.uniqueKeys(value, at)
            default: try checkAnnotation(keyword, value, at: at, isRoot: pointer.isEmpty)
            }
        }
        if dialect == .draft4 {
            // Draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` modify `minimum`/`maximum`.
            if exclusive["exclusiveMinimum"] == true { for index in schema.lowerBounds.indices { schema.lowerBounds[index].isExclusive = true } }
            if exclusive["exclusiveMaximum"] == true { for index in schema.upperBounds.indices { schema.upperBounds[index].isExclusive = true } }
        }
        if itemsIsArray, let additionalItems {
            // `additionalItems` applies only beside an array-form `items`.
            schema.items = try parse(additionalItems.value, at: additionalItems.at)
        }
        if let condition = conditional["if"], conditional["then"] != nil || conditional["else"] != nil {
            let test = try parse(condition.value, at: condition.at)
            var then: JSONSchemaDraft.ID?
            var otherwise: JSONSchemaDraft.ID?
            if let entry = conditional["then"] { then = try parse(entry.value, at: entry.at) }
            if let entry = conditional["else"] { otherwise = try parse(entry.value, at: entry.at) }
            schema.conditional = (test, then, otherwise)
        }
        if let order { try Self.apply(order: order, to: &schema) }
        for name in schema.required where schema.property(named: name) == nil && schema.patternProperties.isEmpty {
            if let additional = schema.additionalProperties, drafts[additional].isFalse {
                throw JSONSchemaImportError(.unsatisfiableRequired(name), at: pointer + "/required")
            }
        }
    }

    /// An array of schemas (non-empty unless `allowsEmpty`: array-form `items` may be empty).
    mutating func schemaList(
        _ value: JSONValue, _ keyword: String, _ at: String, allowsEmpty: Bool = false
    ) throws(JSONSchemaImportError) -> [JSONSchemaDraft.ID] {
        guard case .array(let schemas) = value, allowsEmpty || !schemas.isEmpty else {
            throw Self.invalid(keyword, "a non-empty array of schemas", at)
        }
        var ids: [JSONSchemaDraft.ID] = []
        for (index, schema) in schemas.enumerated() { ids.append(try parse(schema, at: at + "/\(index)")) }
        return ids
    }

    /// An object of schemas (`properties`, `patternProperties`, `dependentSchemas`), in order.
    mutating func schemaMap(_ value: JSONValue, _ keyword: String, _ at: String) throws(JSONSchemaImportError) -> [(String, JSONSchemaDraft.ID)] {
        let members = try Self.uniqueKeys(value, at, keyword: keyword)
        var result: [(String, JSONSchemaDraft.ID)] = []
        for member in members { result.append((member.key, try parse(member.value, at: at + "/" + Self.escape(member.key)))) }
        return result
    }

    /// The members of an object whose keys must be unique (scalar for scalar).
    static func uniqueKeys(_ value: JSONValue, _ at: String, keyword: String = "$defs") throws(JSONSchemaImportError) -> [JSONMember] {
        guard case .object(let members) = value else { throw invalid(keyword, "an object of schemas", at) }
        var names = Set<[UInt8]>()
        for member in members where !names.insert(Array(member.key.utf8)).inserted {
            throw JSONSchemaImportError(.duplicateKey(member.key), at: at)
        }
        return members
    }
}
