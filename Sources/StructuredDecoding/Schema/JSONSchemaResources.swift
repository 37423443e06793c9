/// The schema resources and anchors of one document, found before it is parsed, so `$ref`s can
/// resolve against the base URI of the schema they sit in.
///
/// A resource is a schema with an id (`id` in draft-04, `$id` later; ignored beside a `$ref`
/// before 2019-09); its URI is the id resolved against the enclosing base. Anchors are
/// `$anchor`/`$dynamicAnchor` (2019-09 on) and fragment-only ids (`"$id": "#name"`, before
/// 2019-09). Only this document is known: a reference to any other URI is refused.
struct JSONSchemaResources {
    /// Resource URIs (no fragment) -> JSON pointer of the resource's root schema.
    private var roots: [ExactString: String] = [:]
    /// `uri#name` -> JSON pointer of the anchored schema.
    private var anchors: [ExactString: String] = [:]
    /// The base URI in effect at each schema pointer that changes it (the others inherit it
    /// from their closest ancestor).
    private var bases: [ExactString: String] = [ExactString(""): ""]

    init() {}

    /// Scans `document` (schema keywords only, so ids inside `enum` or `const` values are data).
    init(document: JSONValue, dialect: JSONSchemaDialect) throws(JSONSchemaImportError) {
        roots[ExactString("")] = ""
        try scan(document, at: "", base: "", dialect: dialect)
    }

    /// The JSON pointer `reference` names, read in the schema at `pointer`; `nil` for another
    /// document. Anchors resolve to their schema's pointer.
    func target(of reference: String, from pointer: String) -> (resource: String, fragment: Substring)? {
        let base = base(at: pointer)
        let absolute = Self.resolve(reference, against: base)
        let hash = absolute.firstIndex(of: "#") ?? absolute.endIndex
        let uri = String(absolute[..<hash])
        let fragment = hash == absolute.endIndex ? Substring("") : absolute[absolute.index(after: hash)...]
        guard let root = roots[ExactString(uri)] else { return nil }
        if fragment.isEmpty || fragment.hasPrefix("/") { return (root, fragment) }
        guard let anchored = anchors[ExactString(uri + "#" + fragment)] else { return nil }
        return (anchored, "")
    }

    /// The base URI in effect at a schema pointer.
    func base(at pointer: String) -> String {
        var current = Substring(pointer)
        while true {
            if let base = bases[ExactString(String(current))] { return base }
            guard let slash = current.lastIndex(of: "/") else { return "" }
            current = current[..<slash]
        }
    }

    private mutating func scan(_ value: JSONValue, at pointer: String, base: String, dialect: JSONSchemaDialect) throws(JSONSchemaImportError) {
        guard case .object(let members) = value else { return }
        var base = base
        let hasReference = members.contains { $0.key == "$ref" }
        if let id = value[dialect.idKeyword], case .string(let text) = id, !(hasReference && dialect.refOverridesSiblings) {
            let resolved = Self.resolve(text, against: base)
            let hash = resolved.firstIndex(of: "#") ?? resolved.endIndex
            let uri = String(resolved[..<hash])
            let fragment = hash == resolved.endIndex ? "" : String(resolved[resolved.index(after: hash)...])
            if !uri.isEmpty, uri != base {
                base = uri
                roots[ExactString(uri)] = pointer
                bases[ExactString(pointer)] = uri
            }
            if !fragment.isEmpty, dialect < .draft2019_09 { anchors[ExactString(uri + "#" + fragment)] = pointer }
        }
        if dialect >= .draft2019_09 {
            for keyword in ["$anchor", "$dynamicAnchor"] {
                if case .string(let name)? = value[keyword] { anchors[ExactString(base + "#" + name)] = pointer }
            }
        }
        for member in members {
            let at = pointer + "/" + JSONSchemaPointer.escape(member.key)
            switch member.key {
            case "items", "prefixItems", "allOf", "anyOf", "oneOf":
                if case .array(let schemas) = member.value {
                    for (index, schema) in schemas.enumerated() { try scan(schema, at: at + "/\(index)", base: base, dialect: dialect) }
                } else {
                    try scan(member.value, at: at, base: base, dialect: dialect)
                }
            case "additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else",
                "unevaluatedItems", "unevaluatedProperties", "contentSchema":
                try scan(member.value, at: at, base: base, dialect: dialect)
            case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
                guard case .object(let entries) = member.value else { continue }
                for entry in entries { try scan(entry.value, at: at + "/" + JSONSchemaPointer.escape(entry.key), base: base, dialect: dialect) }
            default: continue
            }
        }
    }

    /// `reference` resolved against `base` (RFC 3986, without dot-segment removal): absolute
    /// URIs stand, `#...` keeps the base, `/path` keeps its authority, `name` replaces the last
    /// path segment.
    static func resolve(_ reference: String, against base: String) -> String {
        let baseURI = String(base.prefix { $0 != "#" })
        if reference.hasPrefix("#") { return baseURI + reference }
        if hasScheme(reference) || baseURI.isEmpty { return reference }
        guard let colon = baseURI.firstIndex(of: ":") else { return reference }
        let scheme = baseURI[...colon]
        if reference.hasPrefix("//") { return scheme + reference }
        let afterScheme = baseURI[baseURI.index(after: colon)...]
        if reference.hasPrefix("/") {
            guard afterScheme.hasPrefix("//") else { return scheme + reference }
            let authorityEnd = afterScheme.dropFirst(2).firstIndex(of: "/") ?? afterScheme.endIndex
            return String(baseURI[..<authorityEnd]) + reference
        }
        guard let slash = baseURI.lastIndex(of: "/") else { return scheme + reference }
        return String(baseURI[...slash]) + reference
    }

    /// Whether a URI reference starts with a scheme (`http:`, `urn:`).
    private static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), let first = reference.unicodeScalars.first, first.properties.isAlphabetic else {
            return false
        }
        return reference[..<colon].unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789+-.".unicodeScalars.contains($0) }
    }
}

extension JSONSchemaParser {
    /// The draft a `$ref` names, read in the schema at `schemaPointer`: a JSON pointer or an
    /// anchor in this document (its root, or a resource inside it with its own id).
    mutating func resolve(_ reference: String, from schemaPointer: String, at pointer: String) throws(JSONSchemaImportError) -> JSONSchemaDraft.ID {
        guard let (root, fragment) = resources.target(of: reference, from: schemaPointer) else {
            throw JSONSchemaImportError(.unsupportedReference(reference), at: pointer)
        }
        guard let decoded = Self.percentDecoded(fragment),
            let rootTokens = JSONSchemaPointer.tokens(root),
            let tokens = JSONSchemaPointer.tokens(decoded).map({ rootTokens + $0 }),
            let target = JSONSchemaPointer.value(at: tokens, in: document)
        else { throw JSONSchemaImportError(.unresolvableReference(reference), at: pointer) }
        switch target {
        case .object, .bool: break
        default: throw JSONSchemaImportError(.unresolvableReference(reference), at: pointer)
        }
        return try parse(target, at: JSONSchemaPointer.string(tokens))
    }
}
