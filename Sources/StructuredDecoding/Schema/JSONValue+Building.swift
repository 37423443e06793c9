extension JSONValue {
    /// The deepest nesting of arrays and objects `init(parsing:)` accepts; deeper documents are
    /// refused with `PartialJSONError.Reason.nestingTooDeep` rather than exhausting the stack.
    public static let maximumDepth = 512

    /// An integer, as its decimal text (`UInt64.max` stays whole).
    ///
    /// ```swift
    /// JSONValue.integer(42)   // .number("42")
    /// ```
    public static func integer(_ value: some BinaryInteger) -> JSONValue {
        .number(String(value))
    }

    /// A floating-point number: integral values below 10^15 without a fraction (`2`, not
    /// `2.0`), otherwise the shortest text that reads back as the same `Double`; `null` when the
    /// value is not finite (JSON has no infinity or NaN).
    ///
    /// ```swift
    /// JSONValue.double(0.5)    // .number("0.5")
    /// JSONValue.double(.nan)   // .null
    /// ```
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value.rounded() == value, abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }

    /// An object of the members whose values are not `nil`, in order (optional fields left
    /// out rather than written as `null`).
    ///
    /// ```swift
    /// JSONValue.members([("a", nil), ("b", .bool(false))])   // {"b": false}
    /// ```
    public static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { JSONMember(key, $0) } })
    }

    /// An object's members in written order, duplicates included (empty for anything else).
    public var members: [JSONMember] {
        if case .object(let members) = self { members } else { [] }
    }

    /// An object's distinct keys, each where it first appears (empty for anything else): a
    /// repeated key is listed once, at its first position, while the subscript reads its last
    /// value.
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        var seen = Set<[UInt8]>(), keys: [String] = [] // keys compared byte for byte, as lookup does
        for member in members where seen.insert(Array(member.key.utf8)).inserted { keys.append(member.key) }
        return keys
    }

    /// The text of a string (`nil` for other values).
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// An array's elements (`nil` for other values).
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The number as an `Int` when it is a whole number that fits (`3`, `3.0` and `1e2` are;
    /// `2.5`, `1e19` and other values give `nil`).
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The value with every object's members sorted by key (`String` order), at every depth: a
    /// deterministic order for a value read through a `Decoder`, which gives an object's keys in
    /// its own order (`JSONDecoder`'s changes from run to run).
    ///
    /// ```swift
    /// try JSONValue(parsing: #"{"b": 1, "a": {"d": 2, "c": 3}}"#).sortingKeys().compactText
    /// // {"a":{"c":3,"d":2},"b":1}
    /// ```
    public func sortingKeys() -> JSONValue {
        switch self {
        case .array(let elements): .array(elements.map { $0.sortingKeys() })
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value.sortingKeys()) })
        default: self
        }
    }

    /// The compact JSON text (`","` and `":"`, no spaces): `JSONText.text(self, separators:
    /// .compact)`.
    ///
    /// ```swift
    /// JSONValue.members([("a", .integer(1))]).compactText   // {"a":1}
    /// ```
    public var compactText: String { JSONText.text(self, separators: .compact) }
}
