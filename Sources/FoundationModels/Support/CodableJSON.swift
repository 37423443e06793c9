import Foundation
internal import StructuredDecoding

/// A JSON document in memory, used to encode schemas and transcripts in Apple's formats through
/// any `Encoder`/`Decoder`.
///
/// Objects keep their members in order when encoded (an encoder may still reorder them, e.g.
/// `JSONEncoder` with `.sortedKeys`); objects read from a `Decoder` come back with their keys
/// sorted, because `Decoder` does not report the order of keys.
enum CodableJSON: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case decimal(Decimal)
    case string(String)
    case array([CodableJSON])
    case object([(key: String, value: CodableJSON)])

    /// The member named `key` of an object.
    subscript(key: String) -> CodableJSON? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    /// The string value, if this is a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as an `Int`, if it is an integral number.
    var intValue: Int? {
        switch self {
        case .integer(let value): value
        case .double(let value): Int(exactly: value)
        case .decimal(let value): Int(exactly: NSDecimalNumber(decimal: value).doubleValue)
        default: nil
        }
    }

    /// The elements, if this is an array.
    var arrayValue: [CodableJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Compact JSON text (`,` and `:` without spaces, `/` unescaped).
    func compactText(sortedKeys: Bool) -> String {
        var output = ""
        write(to: &output, sortedKeys: sortedKeys)
        return output
    }

    private func write(to output: inout String, sortedKeys: Bool) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value): output += GeneratedContent.jsonNumber(value)
        case .decimal(let value): output += value.description
        case .string(let text): JSONStringWriter.writeQuoted(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output, sortedKeys: sortedKeys)
            }
            output += "]"
        case .object(let members):
            output += "{"
            let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { output += "," }
                JSONStringWriter.writeQuoted(member.key, to: &output)
                output += ":"
                member.value.write(to: &output, sortedKeys: sortedKeys)
            }
            output += "}"
        }
    }
}

extension CodableJSON: Codable {
    /// A coding key made from any string.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value; object keys come back sorted.
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            var members: [(key: String, value: CodableJSON)] = []
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((key.stringValue, try container.decode(CodableJSON.self, forKey: key)))
            }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [CodableJSON] = []
            while !container.isAtEnd { elements.append(try container.decode(CodableJSON.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? container.decode(Double.self) {
                self = .double(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    /// Writes the value; object members in their order.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members { try container.encode(member.value, forKey: Key(member.key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .integer(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .decimal(let value): try container.encode(value)
            case .string(let text): try container.encode(text)
            case .array, .object: break
            }
        }
    }
}

extension CodableJSON {
    /// Generated content as a JSON value (integral numbers as integers).
    init(_ content: GeneratedContent) {
        switch content.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            if let integer = Int(exactly: number), abs(number) < 1e15 { self = .integer(integer) } else { self = .double(number) }
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(CodableJSON.init))
        case .structure(let properties, let keys):
            self = .object(keys.compactMap { key in properties[key].map { (key, CodableJSON($0)) } })
        }
    }

    /// The value as complete generated content.
    var generatedContent: GeneratedContent {
        switch self {
        case .null: GeneratedContent(kind: .null)
        case .bool(let flag): GeneratedContent(kind: .bool(flag))
        case .integer(let value): GeneratedContent(kind: .number(Double(value)))
        case .double(let value): GeneratedContent(kind: .number(value))
        case .decimal(let value): GeneratedContent(kind: .number(NSDecimalNumber(decimal: value).doubleValue))
        case .string(let text): GeneratedContent(kind: .string(text))
        case .array(let elements): GeneratedContent(kind: .array(elements.map(\.generatedContent)))
        case .object(let members):
            GeneratedContent(
                kind: .structure(
                    properties: Dictionary(members.map { ($0.key, $0.value.generatedContent) }, uniquingKeysWith: { _, last in last }),
                    orderedKeys: members.map(\.key).reduce(into: [String]()) { keys, key in if !keys.contains(key) { keys.append(key) } }))
        }
    }
}
