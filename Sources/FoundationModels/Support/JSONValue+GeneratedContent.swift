internal import StructuredDecoding

extension JSONValue {
    /// Generated content as a JSON value: numbers as `GeneratedContent.jsonNumber` writes them
    /// (integral ones below 10^15 without a fraction, `null` for infinity and NaN), a structure's
    /// properties in order.
    init(_ content: GeneratedContent) {
        switch content.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .structure(let properties, let keys):
            self = .object(keys.compactMap { key in properties[key].map { JSONMember(key, JSONValue($0)) } })
        }
    }

    /// The value as complete generated content: numbers as `Double`s, an object's properties in
    /// the order of its keys (a repeated key at its first place, with its last value).
    var generatedContent: GeneratedContent {
        switch self {
        case .null: GeneratedContent(kind: .null)
        case .bool(let flag): GeneratedContent(kind: .bool(flag))
        case .number: GeneratedContent(kind: .number(numericValue ?? 0))
        case .string(let text): GeneratedContent(kind: .string(text))
        case .array(let elements): GeneratedContent(kind: .array(elements.map(\.generatedContent)))
        case .object(let members):
            GeneratedContent(
                kind: .structure(
                    properties: Dictionary(members.map { ($0.key, $0.value.generatedContent) }, uniquingKeysWith: { _, last in last }),
                    orderedKeys: keys))
        }
    }
}
