/// A JSON value as it travels: object members in the order they were written, numbers as their
/// literal text (so `0.1` stays `0.1`, a 64-bit seed stays whole, a schema's bounds are sent as
/// written). Parsed by `init(parsing:)`, written by `text`.
///
/// ```swift
/// let body = JSONValue.object([("model", .string("qwen")), ("stream", .bool(true))])
/// body.text                    // {"model":"qwen","stream":true}
/// try JSONValue(parsing: #"{"b": 1, "a": 2}"#).keys   // ["b", "a"]
/// ```
///
/// Swift's `JSONEncoder` and `JSONDecoder` keep object members in dictionaries, so a schema's
/// property order (the order a model generates them in) would not survive them; this type is
/// what the wire types read from and write to instead.
public indirect enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text (`42`, `-0.5`, `1e-7`). Build one with `integer(_:)` or
    /// `double(_:)`.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members, in order; keys are unique (a parsed object keeps the first position
    /// and the last value of a repeated key).
    case object([(key: String, value: JSONValue)])

    /// An integer.
    public static func integer(_ value: some BinaryInteger) -> JSONValue {
        .number(String(value))
    }

    /// A floating-point number: integral values without a fraction (below 10^15), the shortest
    /// text that reads back the same otherwise, `null` when not finite.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value.rounded() == value, abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }

    /// An object of the members whose values are not `nil`, in order.
    public static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key: key, value: $0) } })
    }

    /// The member `key` of an object (`nil` when absent or not an object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The keys of an object, in order (empty for anything else).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// The text of a string.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value of a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { Double(text) } else { nil }
    }

    /// An object's members (empty for anything else).
    public var members: [(key: String, value: JSONValue)] {
        if case .object(let members) = self { members } else { [] }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

extension JSONValue: Equatable {
    /// Structural equality: members compared in order, numbers by value.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (Double(a) != nil && Double(a) == Double(b))
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}
