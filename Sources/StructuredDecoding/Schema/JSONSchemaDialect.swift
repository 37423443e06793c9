/// A JSON Schema draft, as a document's `$schema` names it. Each draft reads its own keywords
/// with its own rules; a document without `$schema` is read as `JSONSchemaImporter.dialect`
/// (2020-12 unless told otherwise).
///
/// | rule | draft-04 | draft-06 | draft-07 | 2019-09 | 2020-12 |
/// |---|---|---|---|---|---|
/// | base URI / plain-name anchor | `id` | `$id` | `$id` | `$id`, `$anchor` | `$id`, `$anchor` |
/// | tuples | `items: [..]` + `additionalItems` | same | same | same | `prefixItems` + `items` |
/// | `exclusiveMinimum`/`exclusiveMaximum` | booleans beside `minimum`/`maximum` | numbers | numbers | numbers | numbers |
/// | dependencies | `dependencies` | `dependencies` | `dependencies` | `dependentRequired`, `dependentSchemas` (and `dependencies`, for compatibility) | same |
/// | keywords beside `$ref` | ignored | ignored | ignored | applied | applied |
/// | `const`, `contains`, `propertyNames`, boolean schemas | — | yes | yes | yes | yes |
/// | `if`/`then`/`else` | — | — | yes | yes | yes |
///
/// ```swift
/// JSONSchemaDialect(uri: "http://json-schema.org/draft-04/schema#")   // .draft4
/// ```
public enum JSONSchemaDialect: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Draft-04 (`http://json-schema.org/draft-04/schema#`).
    case draft4 = "draft-04"
    /// Draft-06.
    case draft6 = "draft-06"
    /// Draft-07.
    case draft7 = "draft-07"
    /// 2019-09.
    case draft2019_09 = "2019-09"
    /// 2020-12 (the default when a document has no `$schema`).
    case draft2020_12 = "2020-12"

    /// The dialect a `$schema` URI names (`http` or `https`, with or without the empty fragment),
    /// or `nil` for any other URI.
    public init?(uri: String) {
        var text = Substring(uri)
        if text.hasSuffix("#") { text = text.dropLast() }
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) {
            text = text.dropFirst(scheme.count)
            break
        }
        switch text {
        case "json-schema.org/draft-04/schema": self = .draft4
        case "json-schema.org/draft-06/schema": self = .draft6
        case "json-schema.org/draft-07/schema": self = .draft7
        case "json-schema.org/draft/2019-09/schema": self = .draft2019_09
        case "json-schema.org/draft/2020-12/schema": self = .draft2020_12
        default: return nil
        }
    }

    /// Orders dialects as `allCases` lists them, oldest first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The keyword that sets a schema's base URI (`id` in draft-04).
    var idKeyword: String { self == .draft4 ? "id" : "$id" }
    /// Whether keywords beside `$ref` are ignored (before 2019-09).
    var refOverridesSiblings: Bool { self < .draft2019_09 }
    /// Whether `items` may be an array of schemas (with `additionalItems`), before 2020-12.
    var hasArrayItems: Bool { self < .draft2020_12 }

    /// Whether `keyword` means something in this draft (assertions, applicators, references and
    /// the annotations the draft defines). Other keywords are unknown: annotations, ignored
    /// unless the importer is strict.
    func defines(_ keyword: String) -> Bool {
        if Self.everyDraft.contains(keyword) { return true }
        switch self {
        case .draft4: return Self.draft4Only.contains(keyword)
        case .draft6: return Self.draft6Up.contains(keyword) || Self.beforeDraft2019.contains(keyword) || keyword == "$id"
        case .draft7:
            return Self.draft6Up.contains(keyword) || Self.draft7Up.contains(keyword) || Self.beforeDraft2019.contains(keyword)
                || keyword == "$id"
        case .draft2019_09:
            return Self.draft6Up.contains(keyword) || Self.draft7Up.contains(keyword) || Self.draft2019Up.contains(keyword)
                || ["$id", "additionalItems", "$recursiveRef", "$recursiveAnchor"].contains(keyword)
        case .draft2020_12:
            return Self.draft6Up.contains(keyword) || Self.draft7Up.contains(keyword) || Self.draft2019Up.contains(keyword)
                || ["$id", "prefixItems", "$dynamicRef", "$dynamicAnchor"].contains(keyword)
        }
    }

    private static let everyDraft: Set<String> = [
        "type", "enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
        "maxLength", "pattern", "format", "items", "minItems", "maxItems", "uniqueItems", "properties",
        "patternProperties", "additionalProperties", "required", "minProperties", "maxProperties", "anyOf", "oneOf",
        "allOf", "not", "$ref", "$schema", "definitions", "title", "description", "default",
    ]
    private static let draft4Only: Set<String> = ["id", "additionalItems", "dependencies"]
    private static let beforeDraft2019: Set<String> = ["additionalItems", "dependencies"]
    private static let draft6Up: Set<String> = ["const", "contains", "propertyNames", "examples"]
    private static let draft7Up: Set<String> = [
        "if", "then", "else", "$comment", "readOnly", "writeOnly", "contentMediaType", "contentEncoding",
    ]
    private static let draft2019Up: Set<String> = [
        "$defs", "dependentRequired", "dependentSchemas", "$anchor", "unevaluatedProperties", "unevaluatedItems",
        "minContains", "maxContains", "deprecated", "$vocabulary", "contentSchema",
        // Not in 2019-09's vocabulary, but kept for compatibility, as the official suite's
        // optional `dependencies-compatibility` tests expect.
        "dependencies",
    ]
}
