/// Imports a JSON Schema (2020-12) or Apple-dialect `GenerationSchema` document into the
/// decoder's `SchemaGraph`, exactly or not at all.
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
/// framed for the IR's whole-match patterns), `format` (`StringFormat`'s cases), `prefixItems`,
/// `items`, `minItems`/`maxItems`, `properties`, `required`, `additionalProperties`, `anyOf`,
/// `oneOf` (when its branches are provably disjoint), `allOf` (intersected), local `$ref`
/// (`#`, JSON pointers, `$defs`/`definitions`, recursion), boolean schemas. Ignored as
/// annotations: `title`, `description`, `default`, `examples`, `$comment`, `deprecated`,
/// `readOnly`, `writeOnly`, `$schema` (2020-12 only), the root's `$id`, and Apple's `x-order`
/// (which sets the property order). Everything else — `multipleOf`, `not`, `if`,
/// `patternProperties`, unknown keywords and formats, remote references, ... — throws a
/// `JSONSchemaImportError` naming the keyword and its JSON pointer.
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

    /// An importer.
    public init(mode: Mode = .generation, maxNodes: Int = 100_000) {
        self.mode = mode
        self.maxNodes = maxNodes
    }

    /// Imports the schema document `text`.
    public func importSchema(_ text: String) throws(JSONSchemaImportError) -> SchemaGraph {
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch { throw JSONSchemaImportError(.invalidJSON(error), at: "") }
        return try importSchema(document)
    }

    /// Imports the schema document `document`.
    public func importSchema(_ document: JSONValue) throws(JSONSchemaImportError) -> SchemaGraph {
        var parser = JSONSchemaParser(document: document)
        let root = try parser.parseRoot()
        var lowering = JSONSchemaLowering(drafts: parser.drafts, allowsAnyOrder: mode == .validation, maxNodes: maxNodes)
        let rootSlot = try lowering.lowerChild([root])
        return try lowering.finish(root: rootSlot)
    }
}
