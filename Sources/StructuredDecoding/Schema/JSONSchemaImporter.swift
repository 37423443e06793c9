/// Imports a JSON Schema (draft-04, -06, -07, 2019-09 or 2020-12, each read with its own rules;
/// see `JSONSchemaDialect`) or Apple-dialect `GenerationSchema` document into the decoder's
/// `SchemaGraph`, exactly or not at all.
///
/// ```swift
/// let graph = try JSONSchemaImporter(mode: .generation).importSchema(#"""
///     {"type": "object", "title": "Person", "additionalProperties": false,
///      "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
///      "required": ["name", "age"], "x-order": ["name", "age"]}
///     """#)
/// graph.accepts(try JSONValue(parsing: #"{"name": "Ada", "age": 36}"#))   // true
/// ```
///
/// Enforced: `type` (name or list), `enum`, `const`, `minimum`/`maximum`/`exclusiveMinimum`/
/// `exclusiveMaximum`, `minLength`/`maxLength` (Unicode scalars), `pattern` (ECMAScript search,
/// framed for the IR's whole-match patterns), `format` (`StringFormat`'s cases; `int32`/`int64`
/// as number ranges), `prefixItems`, `items` (and array-form `items` with `additionalItems`
/// before 2020-12), `minItems`/`maxItems`, `properties`, `required`, `additionalProperties`,
/// `anyOf`, `oneOf` (when its branches are provably disjoint, or as `anyOf` when
/// `coercesOneOf`), `allOf` (intersected), `not` (where the complement is exact),
/// `if`/`then`/`else`, `dependentRequired`/`dependentSchemas`/`dependencies`, and in the
/// combinations the IR states exactly `minProperties`/`maxProperties`, `patternProperties`,
/// `propertyNames` and `uniqueItems`; local `$ref` (JSON pointers, anchors, ids of embedded
/// resources, `$defs`/`definitions`, recursion), boolean schemas. Ignored as annotations:
/// `title`, `description`, `default`, `examples`, `$comment`, `deprecated`, `readOnly`,
/// `writeOnly`, `content*`, and every keyword the draft does not define (vendor extensions,
/// `x-*`, misspellings; refused when `isStrict`), unknown formats (with a warning; refused when
/// `isStrict`); Apple's `x-order` sets the property order. `multipleOf` is exact (a divisor
/// of at most 15 digits; several must be multiples of one of them; numbers under it are written
/// in plain notation). `contains`, `unevaluated*`, dynamic and remote references, and any keyword in a combination we cannot
/// state exactly throw a `JSONSchemaImportError` naming the keyword and its JSON pointer.
///
/// A schema without `type` allows every type with the keywords that apply to it
/// (`{"minimum": 3}` accepts strings), lowered to an `anyOf` over types. Integer bounds are
/// folded into inclusive `Int` bounds (refused outside `Int`); a number bound that is not
/// exactly a `Double` becomes the nearest `Double` inside it, so nothing outside the schema is
/// ever accepted (a value within one ulp of such a bound may be refused).
public struct JSONSchemaImporter: Sendable {
    /// What the graph is for; it decides only the order of object keys.
    public enum Mode: Sendable, Hashable {
        /// Guided generation: properties in declaration order (`x-order`, else as written).
        case generation
        /// Validating existing JSON: keys in any order (`ObjectNode.allowsAnyOrder`).
        case validation
    }

    /// What the graph is for.
    public var mode: Mode
    /// The most graph nodes an import may create (before unreachable ones are dropped);
    /// `allOf` over several `anyOf`s multiplies branches, and this bounds it.
    public var maxNodes: Int

    /// The draft of documents without `$schema` (2020-12, as the specification says).
    public var dialect: JSONSchemaDialect
    /// Whether every keyword must mean something: unknown keywords and formats are refused
    /// (`unknownKeyword`, `unsupportedFormat`) instead of ignored as annotations.
    public var isStrict: Bool
    /// Whether unknown formats are refused (`unsupportedFormat`) instead of ignored with a
    /// warning; implied by `isStrict`. For callers who want `format` to assert, as the JSON
    /// Schema Test Suite's `optional/format` tests do.
    public var refusesUnknownFormats: Bool
    /// Whether a `oneOf` whose branches cannot be proven exclusive is read as `anyOf` (a
    /// weaker grammar: an output may match several branches), with a warning, instead of
    /// refused (`overlappingOneOf`). Off unless asked for.
    public var coercesOneOf: Bool

    /// An importer.
    public init(
        mode: Mode = .generation, maxNodes: Int = 100_000, dialect: JSONSchemaDialect = .draft2020_12,
        isStrict: Bool = false, refusesUnknownFormats: Bool = false, coercesOneOf: Bool = false
    ) {
        self.refusesUnknownFormats = refusesUnknownFormats
        self.mode = mode
        self.maxNodes = maxNodes
        self.dialect = dialect
        self.isStrict = isStrict
        self.coercesOneOf = coercesOneOf
    }

    /// Imports the schema document `text`.
    public func importSchema(_ text: String) throws(JSONSchemaImportError) -> SchemaGraph {
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch { throw JSONSchemaImportError(.invalidJSON(error), at: "") }
        return try importSchema(document)
    }

    /// Imports the schema document `document`.
    public func importSchema(_ document: JSONValue) throws(JSONSchemaImportError) -> SchemaGraph {
        var warnings: [JSONSchemaImportWarning] = []
        return try importSchema(document, warnings: &warnings)
    }

    /// Imports the schema document `text`, appending to `warnings` what was ignored as an
    /// annotation or loosened on request.
    public func importSchema(_ text: String, warnings: inout [JSONSchemaImportWarning]) throws(JSONSchemaImportError) -> SchemaGraph {
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch { throw JSONSchemaImportError(.invalidJSON(error), at: "") }
        return try importSchema(document, warnings: &warnings)
    }

    /// Imports the schema document `document`, appending to `warnings` what was ignored as an
    /// annotation or loosened on request.
    public func importSchema(_ document: JSONValue, warnings: inout [JSONSchemaImportWarning]) throws(JSONSchemaImportError) -> SchemaGraph {
        var parser = JSONSchemaParser(
            document: document, dialect: dialect, isStrict: isStrict, refusesUnknownFormats: isStrict || refusesUnknownFormats)
        let root = try parser.parseRoot()
        var lowering = JSONSchemaLowering(
            drafts: parser.drafts, allowsAnyOrder: mode == .validation, maxNodes: maxNodes, coercesOneOf: coercesOneOf)
        lowering.fractionalIntegers = parser.dialect != .draft4
        let rootSlot = try lowering.lowerChild([root])
        let graph = try lowering.finish(root: rootSlot)
        warnings += parser.warnings + lowering.warnings
        return graph
    }
}
