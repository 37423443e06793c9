import Foundation
internal import StructuredDecoding

/// Numbers as Foundation writes them: Apple's JSON formats (a schema, a transcript) go through
/// `JSONEncoder`, which spells a `Double` its own way (`1e-07`, `1e+21`) and a `Decimal` digit
/// for digit (`0.0000001`, `1000000000000000000000`). A `JSONValue` keeps one text per number,
/// and these keep that text the encoder's.
extension JSONValue {
    /// A `Decimal` as its own digits, which is how `JSONEncoder` writes it (and, through
    /// `encodeKeepingNumberText(to:)`, writes it again).
    static func decimal(_ value: Decimal) -> JSONValue {
        .number(value.description)
    }

    /// The value with its numbers spelled as Foundation spells them: an integer that fits `Int`
    /// as its digits, any other number as its `Decimal` (`1.0` -> `1`, `1e2` -> `100`, `1E-7` ->
    /// `0.0000001`, `0.10` -> `0.1`), so no digit a `Double` would round is lost; a number
    /// beyond `Decimal`'s range as the nearest `Double` (`null` beyond `Double`'s).
    var decimalSpelled: JSONValue {
        switch self {
        case .number(let text):
            if let integer = Int(text) { return .integer(integer) }
            if let decimal = Decimal(string: text) { return .decimal(decimal) }
            return .double(Double(text) ?? .nan)
        case .array(let elements): return .array(elements.map(\.decimalSpelled))
        case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.decimalSpelled) })
        case .null, .bool, .string: return self
        }
    }

    /// Encodes the value so that `JSONEncoder` writes every number as this value's text: a
    /// number a `Double` would respell (`0.0000001`, which the `Double` writes `1e-07`; all the
    /// digits of `3.14159265358979323846`) goes as the `Decimal` of its text, any other as
    /// `encode(to:)` puts it (an integer as an integer, else a `Double`).
    func encodeKeepingNumberText(to encoder: any Encoder) throws {
        try encode(to: encoder) { text in
            guard Int64(text) == nil, UInt64(text) == nil, Double(text).map(GeneratedContent.jsonNumber) != text,
                let decimal = Decimal(string: text), decimal.description == text
            else { return nil }
            return decimal
        }
    }
}
