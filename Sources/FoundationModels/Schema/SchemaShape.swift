import Foundation

/// The shape of one value in a `GenerationSchema`: the internal form that schemas are built in,
/// encoded from (Apple's JSON-Schema dialect) and lowered from (constrained decoding).
///
/// Named types (structures, choices, string enumerations) other than the root live in the
/// schema's definitions and are pointed to with `reference`; guides are stored on the node they
/// constrain.
indirect enum SchemaShape: Sendable, Equatable {
    /// A structure: a JSON object with the properties in declaration order.
    case object(ObjectSchema)
    /// One of several schemas.
    case anyOf(AnyOfSchema)
    /// A string, optionally limited to choices or a pattern.
    case string(StringSchema)
    /// An integer, optionally bounded.
    case integer(minimum: Int?, maximum: Int?)
    /// A number, optionally bounded.
    case number(minimum: SchemaBound?, maximum: SchemaBound?)
    /// `true` or `false`.
    case boolean
    /// JSON `null`.
    case null
    /// An array of items of one schema, optionally with bounds on its length.
    case array(ArraySchema)
    /// The named type of the schema's definitions (or the root, when the names are equal).
    case reference(String)
    /// Any JSON value (the schema of `GeneratedContent` itself).
    case any

    /// The name under which this node is a definition: a structure's or a choice's name, a
    /// named string enumeration's name; `nil` for anonymous nodes.
    var definitionName: String? {
        switch self {
        case .object(let object): object.name
        case .anyOf(let choice): choice.name
        case .string(let string): string.name
        default: nil
        }
    }
}

/// A structure's schema.
struct ObjectSchema: Sendable, Equatable {
    /// The type's name (`title`).
    var name: String
    /// What the type is, for the model.
    var description: String?
    /// The properties in the order they are generated.
    var properties: [PropertySchema]
    /// Whether absent optional properties appear as `null` in generated content.
    var representsNilExplicitly = false
}

/// One property of a structure.
struct PropertySchema: Sendable, Equatable {
    /// The property's name (the JSON key).
    var name: String
    /// What the property holds, for the model.
    var description: String?
    /// The property's value schema, guides applied.
    var node: SchemaShape
    /// Whether the model may leave the property out.
    var isOptional: Bool
}

/// A choice between schemas.
struct AnyOfSchema: Sendable, Equatable {
    /// The choice's type name (`title`), if it has one.
    var name: String?
    /// What the type is, for the model.
    var description: String?
    /// The alternatives, in order.
    var choices: [SchemaShape]
}

/// A string's schema.
struct StringSchema: Sendable, Equatable {
    /// The type name of a string enumeration (`title`); `nil` for plain strings.
    var name: String?
    /// What the type is, for the model (named enumerations only).
    var description: String?
    /// The only values allowed (`enum`), from `anyOf`/`constant` guides or enum cases.
    var choices: [String]?
    /// Regular expressions the whole string must match (`pattern`), in the order given.
    var patterns: [String] = []
}

/// An array's schema.
struct ArraySchema: Sendable, Equatable {
    /// The schema of every element.
    var items: SchemaShape
    /// The fewest elements allowed (`minItems`).
    var minimumCount: Int?
    /// The most elements allowed (`maxItems`).
    var maximumCount: Int?
}

/// A numeric bound as the guide wrote it, so it encodes without loss (`100`, `0.5`,
/// `Decimal` digits).
enum SchemaBound: Sendable, Comparable {
    case integer(Int)
    case double(Double)
    case decimal(Decimal)

    /// The bound as a `Double`, for comparisons and the decoder.
    var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        case .decimal(let value): NSDecimalNumber(decimal: value).doubleValue
        }
    }

    static func < (a: SchemaBound, b: SchemaBound) -> Bool { a.doubleValue < b.doubleValue }

    /// Bounds are equal when they denote the same number (`9`, `9.0` and `Decimal(9)` are
    /// equal), so a schema equals itself after a JSON round trip.
    static func == (a: SchemaBound, b: SchemaBound) -> Bool { a.doubleValue == b.doubleValue }
}
