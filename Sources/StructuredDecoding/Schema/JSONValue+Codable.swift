/// `JSONValue` through any `Encoder` or `Decoder`, so a value can sit inside a `Codable` type.
///
/// Encoding writes objects through a keyed container with string keys, member by member in
/// written order (a repeated key is encoded each time; what the encoder keeps is its own choice,
/// `JSONEncoder` keeps the last); arrays through an unkeyed container; a number as an `Int64`
/// or `UInt64` when its text is an integer that fits, else as a `Double` (or as the value
/// `encode(to:numbers:)` is given for it).
///
/// Decoding accepts whatever the decoder holds: an object's members come back in the order the
/// decoder's `allKeys` lists them, which for `JSONDecoder` is not the order of the text (it
/// reads objects into dictionaries; `sortingKeys()` makes it deterministic). Parse with
/// `init(parsing:)` when the order matters.
///
/// ```swift
/// struct Call: Codable { var name: String; var arguments: JSONValue }
/// let data = try JSONEncoder().encode(Call(name: "f", arguments: .members([("city", .string("Paris"))])))
/// // {"name":"f","arguments":{"city":"Paris"}}
/// ```
extension JSONValue: Codable {
    /// Encodes the value (see the extension's description).
    ///
    /// - Throws: `EncodingError.invalidValue` for a number no `Double` holds (`1e400`), or
    ///   whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, numbers: { _ in nil })
    }

    /// Encodes the value as `encode(to:)` does, except that a number for whose text `numbers`
    /// returns a value is encoded as that value, at every depth: the way to keep a number's text
    /// through an encoder that would respell it as a `Double`. (Foundation's `JSONEncoder` writes
    /// a `Decimal` digit for digit: `0.0000001` stays so, where the `Double` is `1e-07`.)
    ///
    /// ```swift
    /// // in a module that imports Foundation: a Decimal wherever it is spelled as the text
    /// try value.encode(to: encoder) { text in Decimal(string: text).flatMap { $0.description == text ? $0 : nil } }
    /// ```
    /// - Throws: as `encode(to:)`, or whatever the encoder throws for a value `numbers` gave.
    public func encode(to encoder: any Encoder, numbers: @escaping (String) -> (any Encodable)?) throws {
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(NumbersEncoding(value: element, numbers: numbers)) }
        case .object(let members):
            var container = encoder.container(keyedBy: JSONKey.self)
            for member in members { try container.encode(NumbersEncoding(value: member.value, numbers: numbers), forKey: JSONKey(member.key)) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let value = numbers(text) {
                try container.encode(value)
            } else if let integer = Int64(text) {
                try container.encode(integer)
            } else if let integer = UInt64(text) {
                try container.encode(integer)
            } else if let number = Double(text), number.isFinite {
                try container.encode(number)
            } else {
                let context = EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "the number \(text) does not fit a Double")
                throw EncodingError.invalidValue(self, context)
            }
        }
    }

    /// Decodes whatever value the decoder holds: an object (members in the decoder's key
    /// order), an array, `null`, a Boolean, an integer (`Int64`, `UInt64`), a `Double` or a
    /// string.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of those.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            self = .object(try object.allKeys.map { JSONMember($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? single.decode(Int64.self) {
                self = .integer(integer)
            } else if let integer = try? single.decode(UInt64.self) {
                self = .integer(integer)
            } else if let number = try? single.decode(Double.self), number.isFinite {
                self = .double(number)
            } else if let text = try? single.decode(String.self) {
                self = .string(text)
            } else {
                let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a JSON value")
                throw DecodingError.dataCorrupted(context)
            }
        }
    }
}

/// A value inside an array or object, encoded with the numbers rule of the value around it
/// (`JSONValue.encode(to:numbers:)`).
private struct NumbersEncoding: Encodable {
    /// The value.
    let value: JSONValue
    /// The rule for its numbers.
    let numbers: (String) -> (any Encodable)?

    /// Encodes `value` with `numbers`.
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder, numbers: numbers) }
}

/// An object member's key as a coding key (any string; no integer form).
private struct JSONKey: CodingKey {
    /// The key.
    let stringValue: String
    /// Always `nil`.
    var intValue: Int? { nil }

    /// The key `text`.
    init(_ text: String) { stringValue = text }
    /// The key `stringValue`.
    init?(stringValue: String) { self.stringValue = stringValue }
    /// `nil`: object keys are strings.
    init?(intValue: Int) { nil }
}
