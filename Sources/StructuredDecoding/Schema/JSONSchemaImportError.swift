/// Why `JSONSchemaImporter` refused a schema, and where: the JSON pointer of the offending
/// keyword (or schema) inside the document.
///
/// The importer is exact or refuses; every keyword it does not enforce is an error here rather
/// than silently dropped.
///
/// ```swift
/// do { _ = try JSONSchemaImporter().importSchema(#"{"properties": {"n": {"contains": {}}}}"#) }
/// catch { print(error) }  // unsupported keyword `contains` at /properties/n/contains
/// ```
public struct JSONSchemaImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The document is not valid JSON.
        case invalidJSON(PartialJSONError)
        /// A JSON Schema keyword whose meaning we do not enforce (`contains`, `not`,
        /// `if`, `patternProperties`, a non-root `$id`, ...).
        case unsupportedKeyword(String)
        /// A keyword the document's draft does not define (refused only by a strict importer;
        /// otherwise an annotation).
        case unknownKeyword(String)
        /// A keyword whose value has the wrong shape; `expected` says what it must be.
        case invalidKeywordValue(keyword: String, expected: String)
        /// A schema that is neither an object nor a boolean.
        case invalidSchema
        /// An object with the same key twice.
        case duplicateKey(String)
        /// `$schema` naming no draft we know (draft-04, -06, -07, 2019-09, 2020-12), or an
        /// embedded resource switching drafts.
        case unsupportedDialect(String)
        /// A `format` that is not one of `StringFormat`'s cases, so it cannot be enforced
        /// (refused only by a strict importer; otherwise an annotation, with a warning).
        case unsupportedFormat(String)
        /// A `pattern` that does not parse (or compile) as a regular expression.
        case invalidPattern(pattern: String, error: RegexError)
        /// A `$ref` to a local location that does not exist or is not a schema.
        case unresolvableReference(String)
        /// A `$ref` to another document or to an anchor (`#name`).
        case unsupportedReference(String)
        /// A cycle of `$ref`/`anyOf`/`oneOf`/`allOf` that never descends into a property or
        /// array element (such a schema has no finite meaning).
        case unguardedRecursion(String)
        /// A `oneOf` whose branches we cannot prove mutually exclusive (only then is it an
        /// `anyOf`).
        case overlappingOneOf
        /// A required property that `additionalProperties: false` forbids in the same schema.
        case unsatisfiableRequired(String)
        /// A bound the schema IR cannot hold exactly (an integer bound outside `Int`, a number
        /// bound outside `Double`, a length or count above `Int.max`).
        case boundOutOfRange(keyword: String, value: String)
        /// A keyword under `not` (or in an `if`) whose complement cannot be stated exactly
        /// (`items`, `uniqueItems`, a `oneOf` of several schemas, an `enum` of arrays or objects,
        /// ...); the pointer is the keyword's.
        case unsupportedNegation(String)
        /// A keyword that holds only in a combination the schema IR cannot state exactly
        /// (`minProperties` more than one above the required properties beside open
        /// `additionalProperties`, `uniqueItems` over items that may overlap and are not at
        /// most `ArrayNode.maxDistinctItems` known values, a `propertyNames` whose strings no
        /// set of patterns states).
        case unsupportedCombination(String)
        /// The imported graph would exceed `JSONSchemaImporter.maxNodes`.
        case tooComplex(limit: Int)
    }

    /// What went wrong.
    public let reason: Reason
    /// The JSON pointer (RFC 6901) of the keyword or schema at fault; `""` is the root.
    public let pointer: String

    /// Creates an error.
    public init(_ reason: Reason, at pointer: String) {
        self.reason = reason
        self.pointer = pointer
    }

    /// The keyword at fault, when there is one (the last token of the pointer for keyword
    /// errors).
    public var keyword: String? {
        switch reason {
        case .unsupportedKeyword(let name), .unknownKeyword(let name), .unsupportedCombination(let name): name
        case .unsupportedNegation: "not"
        case .invalidKeywordValue(let name, _), .boundOutOfRange(let name, _): name
        case .unsupportedDialect: "$schema"
        case .unsupportedFormat: "format"
        case .invalidPattern: "pattern"
        case .unresolvableReference, .unsupportedReference: "$ref"
        case .overlappingOneOf: "oneOf"
        case .unsatisfiableRequired: "required"
        default: nil
        }
    }

    /// A one-line explanation naming the problem and where it is.
    public var description: String {
        let place = pointer.isEmpty ? "the root" : pointer
        switch reason {
        case .invalidJSON(let error): return "invalid JSON: \(error)"
        case .unsupportedKeyword(let name): return "unsupported keyword `\(name)` at \(place)"
        case .unknownKeyword(let name): return "unknown keyword `\(name)` at \(place)"
        case .invalidKeywordValue(let name, let expected): return "`\(name)` at \(place) must be \(expected)"
        case .invalidSchema: return "schema at \(place) must be an object or a boolean"
        case .duplicateKey(let key): return "duplicate key `\(key)` at \(place)"
        case .unsupportedDialect(let uri): return "unsupported `$schema` \(uri) at \(place) (draft-04, -06, -07, 2019-09 or 2020-12)"
        case .unsupportedFormat(let name): return "unsupported format `\(name)` at \(place)"
        case .invalidPattern(let pattern, let error): return "invalid pattern `\(pattern)` at \(place): \(error)"
        case .unresolvableReference(let ref): return "`$ref` \(ref) at \(place) does not resolve to a schema"
        case .unsupportedReference(let ref): return "unsupported `$ref` \(ref) at \(place) (only local JSON pointers)"
        case .unguardedRecursion(let ref): return "recursion through \(ref) at \(place) never reaches a property or item"
        case .overlappingOneOf: return "cannot prove the `oneOf` branches at \(place) mutually exclusive"
        case .unsatisfiableRequired(let name): return "required property `\(name)` at \(place) is forbidden by `additionalProperties: false`"
        case .boundOutOfRange(let name, let value): return "`\(name)` \(value) at \(place) is outside the range the schema IR can hold"
        case .unsupportedNegation(let name): return "cannot enforce `not` over `\(name)` at \(place) (no exact complement)"
        case .unsupportedCombination(let name): return "cannot enforce `\(name)` at \(place) exactly in this combination"
        case .tooComplex(let limit): return "schema at \(place) needs more than \(limit) nodes"
        }
    }
}
