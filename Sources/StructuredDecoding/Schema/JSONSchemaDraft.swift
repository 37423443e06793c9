/// One schema location of a document, read but not yet lowered: the constraints it states
/// itself and the subschemas it applies (by `JSONSchemaDraft.ID`).
///
/// The lowering treats a schema as the conjunction of its own constraints, its `$ref` target and
/// its `allOf` members, so a draft keeps them apart instead of merging early.
struct JSONSchemaDraft {
    /// Index of a draft in `JSONSchemaParser.drafts`.
    typealias ID = Int

    /// A numeric bound as written, with the keyword it came from.
    struct Bound {
        /// The bound's exact value.
        var value: JSONSchemaDecimal
        /// Whether the bound itself is excluded (`exclusiveMinimum`/`exclusiveMaximum`).
        var isExclusive: Bool
        /// The keyword (`minimum`, ...).
        var keyword: String
        /// The keyword's JSON pointer.
        var pointer: String
    }

    /// The JSON pointer of the schema.
    var pointer: String
    /// Whether the parser made this draft (a rewrite of `not`, `if` or a dependency): its
    /// pointer is the keyword it came from, and it has no keywords of its own there.
    var isSynthetic = false
    /// The boolean schema `false` (nothing is valid).
    var isFalse = false
    /// The `type` keyword's types, or `nil` when absent.
    var types: JSONSchemaTypes?
    /// `enum` and `const` value lists (a value must be in each).
    var valueSets: [[JSONValue]] = []

    var lowerBounds: [Bound] = []
    var upperBounds: [Bound] = []
    /// `multipleOf` divisors (positive), each with its keyword's JSON pointer.
    var multiples: [(value: JSONSchemaDecimal, pointer: String)] = []
    /// Divisors no value may be a multiple of (the complement of `multipleOf`), alike.
    var excludedMultiples: [(value: JSONSchemaDecimal, pointer: String)] = []

    var minLength: Int?
    var maxLength: Int?
    /// `pattern`, already framed for whole-match semantics.
    var patterns: [RegexPattern] = []
    /// Patterns the content must not match (the complement of `pattern`), framed alike.
    var excludedPatterns: [RegexPattern] = []
    var format: StringFormat?

    var prefixItems: [ID] = []
    var items: ID?
    var minItems: Int?
    var maxItems: Int?

    /// `properties` in declaration order (`x-order` first when given).
    var properties: [(name: String, draft: ID)] = []
    var required: [String] = []
    var additionalProperties: ID?

    /// `uniqueItems: true`.
    var uniqueItems = false
    var minProperties: Int?
    var maxProperties: Int?
    /// `patternProperties`: each pattern (framed like `pattern`) with its source and schema.
    var patternProperties: [(pattern: RegexPattern, source: String, draft: ID)] = []
    var propertyNames: ID?

    var anyOf: [ID]?
    var oneOf: [ID]?
    /// The complement of each `oneOf` branch, when every branch has an exact one: the lowering
    /// then states overlapping branches exactly (branch i and the complements of the others).
    var oneOfComplements: [ID]?
    /// `allOf`, and the conjuncts the parser adds (`dependentRequired`, `dependentSchemas`,
    /// `dependencies` and `if`/`then`/`else`, each as an `anyOf` over its two cases).
    var allOf: [ID] = []
    var reference: ID?
    /// The `$ref` text as written (for errors).
    var referenceText: String?
    /// The schemas of `not` (as written; `negated` holds their complements once computed).
    var nots: [ID] = []
    /// The complements of `nots`, which the lowering conjoins like `allOf` members.
    var negated: [ID] = []
    /// The `nots` without an exact complement, with why: exact only beside an `enum`/`const`,
    /// whose values the lowering then checks against each (`JSONSchemaLowering.Atom.excluded`).
    var unresolvedNots: [(schema: ID, error: JSONSchemaImportError)] = []
    /// `if`/`then`/`else`, until the parser rewrites it into `allOf` (it needs the complement of
    /// `if`, so it waits until the whole document is read).
    var conditional: (condition: ID, then: ID?, else: ID?)?

    /// Whether the schema states any constraint of its own (beyond values and applicators).
    var hasLocalConstraints: Bool {
        isFalse || types != nil || hasNumberConstraints || hasStringConstraints || hasArrayConstraints
            || hasObjectConstraints
    }

    var hasNumberConstraints: Bool { !lowerBounds.isEmpty || !upperBounds.isEmpty || !multiples.isEmpty || !excludedMultiples.isEmpty }
    var hasStringConstraints: Bool {
        minLength != nil || maxLength != nil || !patterns.isEmpty || !excludedPatterns.isEmpty || format != nil
    }
    var hasArrayConstraints: Bool {
        !prefixItems.isEmpty || items != nil || minItems != nil || maxItems != nil || uniqueItems
    }
    var hasObjectConstraints: Bool {
        !properties.isEmpty || !required.isEmpty || additionalProperties != nil || minProperties != nil
            || maxProperties != nil || !patternProperties.isEmpty || propertyNames != nil
    }

    /// Whether the schema accepts every value by itself alone (`true`, `{}`, annotations only).
    var isTriviallyTrue: Bool {
        !hasLocalConstraints && valueSets.isEmpty && anyOf == nil && oneOf == nil && allOf.isEmpty && reference == nil
            && nots.isEmpty && negated.isEmpty && conditional == nil
    }

    /// The draft of the property named `name` (scalar-exact), if declared.
    func property(named name: String) -> ID? {
        properties.first { $0.name.utf8.elementsEqual(name.utf8) }?.draft
    }
}

/// A set of JSON types, as the `type` keyword names them. `number` is `integer` plus `fraction`
/// (the numbers with a fractional part), so intersections stay exact (`number` ∩ `integer` =
/// `integer`).
struct JSONSchemaTypes: OptionSet, Hashable {
    let rawValue: UInt8

    static let null = Self(rawValue: 1 << 0)
    static let boolean = Self(rawValue: 1 << 1)
    static let integer = Self(rawValue: 1 << 2)
    static let fraction = Self(rawValue: 1 << 3)
    static let string = Self(rawValue: 1 << 4)
    static let array = Self(rawValue: 1 << 5)
    static let object = Self(rawValue: 1 << 6)
    static let number: Self = [.integer, .fraction]
    static let all: Self = [.null, .boolean, .number, .string, .array, .object]

    /// The types a `type` keyword name stands for, or `nil` for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "integer": self = .integer
        case "number": self = .number
        case "string": self = .string
        case "array": self = .array
        case "object": self = .object
        default: return nil
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The type of a JSON value.
    init(of value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .number(let text): self = JSONSchemaDecimal(text).map { $0.isInteger ? .integer : .fraction } ?? .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }
}
