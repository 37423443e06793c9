/// The decoder's schema intermediate representation: what a JSON output may be, as a graph of
/// nodes (references and recursion are plain node indices).
///
/// Both front ends lower to it: JSON Schema 2020-12 documents and Apple's `GenerationSchema`
/// dialect (`JSONSchemaImporter`), each exact or refusing. The grammar compiler reads only this.
/// Nothing here is approximate: a node accepts exactly the JSON values its case describes.
///
/// ```swift
/// // {"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n"]}
/// var graph = SchemaGraph()
/// let n = graph.add(.integer(IntegerBounds(minimum: 1)))
/// graph.root = graph.add(.object(ObjectNode(properties: [.init(name: "n", node: n, isRequired: true)])))
/// ```
public struct SchemaGraph: Sendable, Hashable {
    /// Every node; a `SchemaNode.ID` indexes this array.
    public var nodes: [SchemaNode]
    /// The node the whole output must match.
    public var root: SchemaNode.ID
    /// Whether a number with a zero fraction (`1.0`, `1e2`) is an integer, as JSON Schema says
    /// from draft-06 on; draft-04 imports set it to `false` (only digits are integers). Read by
    /// `Validator`; the grammar writes integers as digits only either way.
    public var fractionalIntegers = true

    /// An empty graph whose root (node 0) accepts any JSON value until replaced.
    public init() {
        nodes = [.any]
        root = 0
    }

    /// A graph of `nodes` rooted at `root`.
    public init(nodes: [SchemaNode], root: SchemaNode.ID) {
        self.nodes = nodes
        self.root = root
    }

    /// Appends `node` and returns its id.
    @discardableResult
    public mutating func add(_ node: SchemaNode) -> SchemaNode.ID {
        nodes.append(node)
        return nodes.count - 1
    }

    /// The node with id `id`.
    public subscript(id: SchemaNode.ID) -> SchemaNode {
        get { nodes[id] }
        set { nodes[id] = newValue }
    }
}

/// One node of a `SchemaGraph`: the set of JSON values it accepts.
public enum SchemaNode: Sendable, Hashable {
    /// Index of a node in its graph.
    public typealias ID = Int

    /// Any JSON value (JSON Schema `true` or `{}`).
    case any
    /// No value at all (JSON Schema `false`; an unsatisfiable combination).
    case never
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean
    /// An integer (a JSON number with no fraction or exponent) within the bounds.
    case integer(IntegerBounds)
    /// Any JSON number within the bounds.
    case number(NumberBounds)
    /// A string whose decoded content satisfies the constraints.
    case string(StringNode)
    /// Exactly one of these values (`const`, `enum`, Apple's `anyOf`/`constant` guides), each
    /// written as its canonical JSON text (`JSONValue` numbers as written).
    case enumeration([JSONValue])
    /// An array.
    case array(ArrayNode)
    /// An object.
    case object(ObjectNode)
    /// A value accepted by at least one alternative (`anyOf`, disjoint `oneOf`, type lists).
    case anyOf([ID])
}

/// Inclusive bounds of an integer node (exclusive JSON Schema bounds are folded in).
public struct IntegerBounds: Sendable, Hashable {
    /// The smallest value allowed, or `nil` for no lower bound.
    public var minimum: Int?
    /// The largest value allowed, or `nil` for no upper bound.
    public var maximum: Int?
    /// A positive divisor every value must be a multiple of (`multipleOf`), or `nil`.
    public var multipleOf: Int?
    /// Positive divisors no value may be a multiple of (JSON Schema's `not: {multipleOf: …}`).
    public var excludedMultiples: [Int]

    /// Bounds; all default to unbounded.
    public init(minimum: Int? = nil, maximum: Int? = nil, multipleOf: Int? = nil, excludedMultiples: [Int] = []) {
        self.minimum = minimum
        self.maximum = maximum
        self.multipleOf = multipleOf
        self.excludedMultiples = excludedMultiples
    }
}

/// Bounds of a number node.
public struct NumberBounds: Sendable, Hashable {
    /// The lower bound, or `nil` for none.
    public var minimum: Double?
    /// Whether the lower bound itself is excluded.
    public var exclusiveMinimum: Bool
    /// The upper bound, or `nil` for none.
    public var maximum: Double?
    /// Whether the upper bound itself is excluded.
    public var exclusiveMaximum: Bool
    /// A positive divisor every value must be a multiple of (`multipleOf`), read like the bounds
    /// as the decimal its shortest spelling shows (`0.01` is one hundredth), or `nil`. Numbers
    /// with a divisor are written in plain decimal notation (no exponent).
    public var multipleOf: Double?
    /// Whether only numbers that are not integers are allowed (JSON Schema's `not: {type:
    /// "integer"}`). Generation writes them in plain decimal notation with a nonzero digit after
    /// the point (`2.5`, `-0.125`), which is an integer in no draft.
    public var nonIntegersOnly: Bool
    /// Positive divisors no value may be a multiple of (JSON Schema's `not: {multipleOf: …}`),
    /// read like `multipleOf`. Numbers under one are written in plain decimal notation.
    public var excludedMultiples: [Double]

    /// Bounds; all default to unbounded and inclusive, integers allowed.
    public init(
        minimum: Double? = nil, exclusiveMinimum: Bool = false, maximum: Double? = nil, exclusiveMaximum: Bool = false,
        multipleOf: Double? = nil, nonIntegersOnly: Bool = false, excludedMultiples: [Double] = []
    ) {
        self.minimum = minimum
        self.exclusiveMinimum = exclusiveMinimum
        self.maximum = maximum
        self.exclusiveMaximum = exclusiveMaximum
        self.multipleOf = multipleOf
        self.nonIntegersOnly = nonIntegersOnly
        self.excludedMultiples = excludedMultiples
    }
}

/// Constraints on a string's decoded content; all of them hold at once.
public struct StringNode: Sendable, Hashable {
    /// Patterns the whole content must match (whole-match semantics: a JSON Schema `pattern`,
    /// which searches, is lowered to `.*(?:p).*`-style framing by its front end).
    public var patterns: [RegexPattern]
    /// A `format` the content must have.
    public var format: StringFormat?
    /// The fewest Unicode scalars.
    public var minLength: Int
    /// The most Unicode scalars, or `nil` for no limit.
    public var maxLength: Int?
    /// Patterns the whole content must not match (JSON Schema's `not: {pattern: …}`), framed
    /// like `patterns`.
    public var excludedPatterns: [RegexPattern]

    /// A string node; defaults accept any string.
    public init(
        patterns: [RegexPattern] = [], format: StringFormat? = nil, minLength: Int = 0, maxLength: Int? = nil,
        excludedPatterns: [RegexPattern] = []
    ) {
        self.patterns = patterns
        self.format = format
        self.minLength = minLength
        self.maxLength = maxLength
        self.excludedPatterns = excludedPatterns
    }
}

/// An array: positional items first, then any number of `items`, within the counts.
public struct ArrayNode: Sendable, Hashable {
    /// The nodes of the first elements, in order (JSON Schema `prefixItems`).
    public var prefixItems: [SchemaNode.ID]
    /// The node of every element after the prefix, or `nil` when no more are allowed.
    public var items: SchemaNode.ID?
    /// The fewest elements.
    public var minItems: Int
    /// The most elements, or `nil` for no limit.
    public var maxItems: Int?
    /// When not empty, the elements after the prefix each match a different one of these nodes
    /// (each fills at most one element, in any order; `items` is then unused). With nodes of
    /// one value each, pairwise distinct, these are JSON Schema's `uniqueItems` arrays over a
    /// finite item language. At most `maxDistinctItems`.
    public var distinctItems: [SchemaNode.ID]

    /// The most `distinctItems` an array node may have (the parser keeps which ones are used
    /// in one 64-bit word).
    public static let maxDistinctItems = 64

    /// An array node.
    public init(
        prefixItems: [SchemaNode.ID] = [], items: SchemaNode.ID?, minItems: Int = 0, maxItems: Int? = nil,
        distinctItems: [SchemaNode.ID] = []
    ) {
        self.prefixItems = prefixItems
        self.items = items
        self.minItems = minItems
        self.maxItems = maxItems
        self.distinctItems = distinctItems
    }
}

/// An object with named properties, each at most once.
public struct ObjectNode: Sendable, Hashable {
    /// One named property.
    public struct Property: Sendable, Hashable {
        /// The key.
        public var name: String
        /// The node its value must match.
        public var node: SchemaNode.ID
        /// Whether the object must have it (optional ones are the model's choice).
        public var isRequired: Bool

        /// A property.
        public init(name: String, node: SchemaNode.ID, isRequired: Bool) {
            self.name = name
            self.node = node
            self.isRequired = isRequired
        }
    }

    /// A class of keys other than the named ones, by the patterns they match, and the node of
    /// their values (JSON Schema `patternProperties`, split so that every key is in one class).
    public struct KeyClass: Sendable, Hashable {
        /// Patterns the whole key must match (whole-match semantics, like `StringNode.patterns`).
        public var matching: [RegexPattern]
        /// Patterns the whole key must not match.
        public var notMatching: [RegexPattern]
        /// The node its values must match.
        public var node: SchemaNode.ID

        /// A key class; `matching` should not be empty (the class would hold every other key).
        public init(matching: [RegexPattern], notMatching: [RegexPattern] = [], node: SchemaNode.ID) {
            self.matching = matching
            self.notMatching = notMatching
            self.node = node
        }

        /// Whether `key` is surely in the class (a pattern that cannot be decided says no).
        func contains(_ key: String, _ automata: PatternAutomata) -> Bool {
            matching.allSatisfy { automata.matches($0, key) } && notMatching.allSatisfy { automata.misses($0, key) }
        }
    }

    /// The named properties in declaration order (generation writes them in this order).
    public var properties: [Property]
    /// Classes of other keys with their own values; they must be disjoint (no key in two), and
    /// a named key is in none of them whatever it matches.
    public var keyClasses: [KeyClass]
    /// The node of values under any other key (not named, and matching no pattern of any
    /// `keyClasses` entry's `matching`), or `nil` when no such key is allowed
    /// (`additionalProperties: false`, always so for Apple's schemas).
    public var additionalProperties: SchemaNode.ID?
    /// Whether keys may appear in any order (validating JSON Schema instances) rather than only
    /// in declaration order (generation, Apple's `x-order`).
    public var allowsAnyOrder: Bool
    /// The fewest members the object has (JSON Schema `minProperties`).
    ///
    /// Generation counts members as written: a key outside `properties` could be written twice,
    /// which a JSON reader keeps once. So beside other keys (`additionalProperties` or key
    /// classes) the count means distinct keys only up to one above the required properties;
    /// the JSON Schema importer sets it only where it is exact.
    public var minProperties: Int
    /// The most members the object has (JSON Schema `maxProperties`), or `nil`.
    public var maxProperties: Int?

    /// An object node.
    public init(
        properties: [Property], keyClasses: [KeyClass] = [], additionalProperties: SchemaNode.ID? = nil, allowsAnyOrder: Bool = false,
        minProperties: Int = 0, maxProperties: Int? = nil
    ) {
        self.properties = properties
        self.keyClasses = keyClasses
        self.additionalProperties = additionalProperties
        self.allowsAnyOrder = allowsAnyOrder
        self.minProperties = minProperties
        self.maxProperties = maxProperties
    }

    /// Every pattern some key class requires: an other key matching one of them is not an
    /// additional property.
    var classPatterns: [RegexPattern] {
        var seen = Set<RegexPattern>()
        return keyClasses.flatMap(\.matching).filter { seen.insert($0).inserted }
    }
}
