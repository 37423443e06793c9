/// A complete JSON value, as schema documents and `const`/`enum` constants hold it.
///
/// Numbers keep the text they were written with (`1`, `1.0`, `-2.5e3`), so a constant is emitted
/// byte for byte as its schema wrote it and big integers lose nothing; `numericValue` gives the
/// `Double` for comparisons. Object members keep their written order.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"a": [1, "x", null]}"#)
/// value["a"]                // .array([.number("1"), .string("x"), .null])
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text (RFC 8259 syntax).
    case number(String)
    /// A string's decoded content.
    case string(String)
    /// An array's elements.
    case array([JSONValue])
    /// An object's members in written order (a later duplicate key wins on lookup).
    case object([JSONMember])

    /// Parses a complete RFC 8259 document, nested at most `maximumDepth` deep; every member is
    /// kept, a repeated key included.
    ///
    /// - Throws: `PartialJSONError` naming the problem and its byte offset.
    public init(parsing text: String) throws(PartialJSONError) {
        self.init(try PartialJSON.parseComplete(text, maxDepth: Self.maximumDepth))
    }

    /// Converts a complete partial-parser value (open strings and containers are taken as
    /// written so far).
    public init(_ value: PartialJSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text, _): self = .number(text)
        case .string(let text, _): self = .string(text)
        case .array(let items, _): self = .array(items.map(JSONValue.init))
        case .object(let members, _): self = .object(members.map { JSONMember($0.key, JSONValue($0.value)) })
        }
    }

    /// The value of the last member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.last { $0.key.isExactly(key) }?.value }
        return nil
    }

    /// The number as a `Double` (`nil` for other values).
    public var numericValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
