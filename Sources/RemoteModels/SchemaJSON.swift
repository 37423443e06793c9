import Foundation
import OpenAIWire
import StructuredDecoding

/// A JSON value read from a schema document, numbers kept exactly (integers as integers,
/// anything else as a decimal), so a bound is sent as it was written. Object members keep the
/// order the decoder gives them: the wire form orders `properties` itself (`WireSchema`).
///
/// ```swift
/// let node = try JSONDecoder().decode(SchemaJSON.self, from: Data(#"{"maximum": 0.1}"#.utf8))
/// node.value.compactText   // {"maximum":0.1}
/// ```
enum SchemaJSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case decimal(Decimal)
    case string(String)
    case array([SchemaJSON])
    case object([(key: String, value: SchemaJSON)])

    /// Any member name.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value.
    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { ($0.stringValue, try object.decode(SchemaJSON.self, forKey: $0)) }
            )
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [SchemaJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(SchemaJSON.self)) }
            self = .array(elements)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? value.decode(Int64.self) {
            self = .integer(integer)
        } else if let decimal = try? value.decode(Decimal.self) {
            self = .decimal(decimal)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    /// The value as JSON to write (a decimal as it was written).
    var value: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let value): .integer(value)
        case .decimal(let value): .number("\(value)")
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.value))
        case .object(let members): .object(members.map { JSONMember($0.key, $0.value.value) })
        }
    }

    /// The strings of an array of strings (`x-order`), else `nil`.
    var strings: [String]? {
        guard case .array(let elements) = self else { return nil }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
