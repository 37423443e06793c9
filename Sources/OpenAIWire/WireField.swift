import StructuredDecoding

/// A JSON value with the path that reached it in the body (`messages[1].content`): the wire
/// types read their fields through it, so every error names its field.
///
/// ```swift
/// let body = WireField(try WireField.parse(#"{"messages": [{"role": 1}]}"#))
/// try body.required("messages").array()[0].required("role").string()
/// // throws WireDecodingError: "`messages[0].role` must be a string"
/// ```
package struct WireField: Sendable {
    /// The value.
    package let value: JSONValue
    /// Where it is in the body (`""` for the body itself).
    package let path: String

    /// The field `value` at `path`.
    package init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    /// The member `key` of an object (the last of a repeated key), `nil` when absent or `null` (so `null` means the
    /// protocol's default, as OpenAI reads it).
    package func member(_ key: String) -> WireField? {
        guard case .object(let members) = value, let found = members.last(where: { $0.key == key }) else { return nil }
        if case .null = found.value { return nil }
        return WireField(found.value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The member `key`, required.
    ///
    /// - Throws: `WireDecodingError.missing` when it is absent or `null`.
    package func required(_ key: String) throws(WireDecodingError) -> WireField {
        guard let field = member(key) else { throw .missing(path.isEmpty ? key : "\(path).\(key)") }
        return field
    }

    /// The keys of an object, in order (empty for anything else).
    package var keys: [String] { value.keys }

    /// The value, checked to be an object.
    package func object() throws(WireDecodingError) -> WireField {
        guard case .object = value else { throw mismatch("an object") }
        return self
    }

    /// The value as a string.
    package func string() throws(WireDecodingError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    /// The value as a Boolean.
    package func bool() throws(WireDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("a boolean") }
        return flag
    }

    /// The value as a number (one a `Double` holds: `1e400` is refused, not read as infinity).
    package func number() throws(WireDecodingError) -> Double {
        guard case .number(let text) = value, let number = Double(text), number.isFinite else { throw mismatch("a number") }
        return number
    }

    /// The value as an integer (`3` or `3.0`, not `3.5`).
    package func integer() throws(WireDecodingError) -> Int {
        guard case .number(let text) = value else { throw mismatch("an integer") }
        if let exact = Int(text) { return exact }
        guard let number = Double(text), number.rounded() == number, let integer = Int(exactly: number) else {
            throw mismatch("an integer")
        }
        return integer
    }

    /// The value as an array's elements, each with its index in its path.
    package func array() throws(WireDecodingError) -> [WireField] {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return elements.enumerated().map { WireField($0.element, path: "\(path)[\($0.offset)]") }
    }

    /// The value as a wire type.
    package func decode<T: WireCodable>(_ type: T.Type = T.self) throws(WireDecodingError) -> T {
        try T(wire: self)
    }

    /// The value as an array of a wire type.
    package func decodeArray<T: WireCodable>(_ type: T.Type = T.self) throws(WireDecodingError) -> [T] {
        try array().map { (element) throws(WireDecodingError) in try T(wire: element) }
    }

    /// The error for a value of the wrong type: `` `path` must be <expected> ``.
    package func mismatch(_ expected: String) -> WireDecodingError {
        .mismatch(path, expected: expected)
    }
}
