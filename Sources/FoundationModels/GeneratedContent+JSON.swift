internal import StructuredDecoding

extension GeneratedContent {
    /// Creates content by parsing JSON, which may be cut off: a streaming snapshot of a
    /// document still being generated parses to the content so far, with `isComplete == false`.
    ///
    /// ```swift
    /// let partial = try GeneratedContent(json: #"{"name": "Moch"#)
    /// partial.jsonString   // {"name": "Moch"}
    /// partial.isComplete   // false
    /// try GeneratedContent(json: #"{"name": "Mochi"}"#).isComplete  // true
    /// ```
    ///
    /// What a cut-off document shows (the rules of `StructuredDecoding.PartialJSONParser`): an
    /// open string its text so far; an open array or object its members so far; a member only
    /// once its value has begun; a number its longest valid prefix; a literal (`true`, `null`)
    /// nothing until it is whole. Repeated keys keep their first position and last value.
    ///
    /// - Throws: `GeneratedContent.ParsingError` naming the byte offset
    ///   when the text cannot be the beginning of a JSON document, or when nothing can be shown
    ///   yet (empty text, a cut-off top-level literal).
    public init(json: String) throws {
        var parser = PartialJSONParser()
        do {
            try parser.append(json)
        } catch {
            throw ParsingError(rawContent: json, underlyingError: error, debugDescription: "Invalid JSON: \(error)")
        }
        var ended = parser
        if let whole = try? ended.finish() {
            self.init(partial: whole)
        } else if let value = parser.value {
            self.init(partial: value)
        } else {
            let shown = json.count > 40 ? String(json.prefix(40)) + "…" : json
            throw ParsingError(rawContent: json, debugDescription: "No JSON value yet in \"\(shown)\" (\(json.utf8.count) bytes).")
        }
    }

    /// Converts a parsed (possibly partial) JSON value, keeping each container's completeness.
    init(partial value: PartialJSONValue) {
        switch value {
        case .null:
            self.init(kind: .null, id: nil, isComplete: true)
        case .bool(let flag):
            self.init(kind: .bool(flag), id: nil, isComplete: true)
        case .number(_, let number):
            self.init(kind: .number(number), id: nil, isComplete: true)
        case .string(let text, let complete):
            self.init(kind: .string(text), id: nil, isComplete: complete)
        case .array(let items, let complete):
            let elements = items.map(GeneratedContent.init(partial:))
            self.init(kind: .array(elements), id: nil, isComplete: complete && elements.allSatisfy(\.isComplete))
        case .object(let members, let complete):
            var properties: [String: GeneratedContent] = [:]
            var order: [String] = []
            for (key, member) in members {
                if properties.updateValue(GeneratedContent(partial: member), forKey: key) == nil { order.append(key) }
            }
            let membersComplete = properties.values.allSatisfy(\.isComplete)
            self.init(kind: .structure(properties: properties, orderedKeys: order), id: nil, isComplete: complete && membersComplete)
        }
    }

    /// The content as JSON in Apple's format: `", "` between members, `": "` after keys,
    /// properties in generation order, `/` and non-ASCII characters left as they are.
    ///
    /// ```swift
    /// GeneratedContent(properties: ["url": "a/b", "tags": ["x", "y"]]).jsonString
    /// // {"url": "a/b", "tags": ["x", "y"]}
    /// ```
    ///
    /// Integral numbers print without a fraction (`3`, not `3.0`); numbers that are not finite
    /// print as `null`. Incomplete content prints as the JSON of what has been generated so far.
    public var jsonString: String { JSONText.text(jsonValue) }

    /// The content as the decoder's JSON value (numbers already in their JSON spelling), written
    /// by the package's one JSON writer (`JSONText`).
    var jsonValue: JSONValue {
        switch kind {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): number.isFinite ? .number(Self.jsonNumber(number)) : .null
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .structure(let properties, let orderedKeys):
            .object(orderedKeys.compactMap { key in properties[key].map { JSONMember(key, $0.jsonValue) } })
        }
    }

    /// JSON text for a number: integral values without a fraction, others in Swift's shortest
    /// round-tripping form (`0.1`, `1e-07`), `null` for NaN and infinities.
    static func jsonNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(.towardZero), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

}
