/// `uniqueItems` over a finite item language: when the items can only be a few known values
/// (`enum`/`const`, `boolean`, `null`, integers in a short range, and `anyOf`s of those), the
/// array node lists one node per distinct value as `ArrayNode.distinctItems`, and the parser
/// keeps which ones were used. Exact: JSON Schema's equality decides what is distinct (`1` and
/// `1.0` are one value, written as the first spelling met, as enumerations are).
extension JSONSchemaLowering {
    /// The most integers a range may hold for `finiteValues` to spell it out.
    static let maxEnumeratedIntegers = ArrayNode.maxDistinctItems

    /// The array node whose elements are distinct values from `values`, within the counts,
    /// or `nil` when no array fits; refused past `ArrayNode.maxDistinctItems` distinct values.
    mutating func distinctValuesArray(
        _ values: [JSONValue], minItems: Int, maxItems: Int?, pointer: String
    ) throws(JSONSchemaImportError) -> SchemaNode? {
        let distinct = JSONValue.schemaUnique(values)
        guard distinct.count <= ArrayNode.maxDistinctItems else {
            throw JSONSchemaImportError(.unsupportedCombination("uniqueItems"), at: pointer)
        }
        let longest = min(maxItems ?? distinct.count, distinct.count)
        guard minItems <= longest else { return nil }
        var nodes: [SchemaNode.ID] = []
        for value in distinct { nodes.append(try reserve(.node(.enumeration([value])))) }
        return .array(ArrayNode(items: nil, minItems: minItems, maxItems: longest, distinctItems: nodes))
    }

    /// The values a node accepts when they are few and known (`enum`/`const`, `boolean`,
    /// `null`, integers in a range of at most `maxEnumeratedIntegers`, and `anyOf`s of
    /// those), else `nil`. Values may repeat.
    func finiteValues(of id: SchemaNode.ID, depth: Int) -> [JSONValue]? {
        guard depth < 8, let node = resolved(id) else { return nil }
        switch node {
        case .never: return []
        case .null: return [.null]
        case .boolean: return [.bool(false), .bool(true)]
        case .enumeration(let values): return values
        case .integer(let bounds): return Self.enumerated(bounds)
        case .anyOf(let branches):
            var values: [JSONValue] = []
            for branch in branches {
                guard let more = finiteValues(of: branch, depth: depth + 1) else { return nil }
                values += more
            }
            return values
        default: return nil
        }
    }

    /// The integers within `bounds` when there are at most `maxEnumeratedIntegers`, else `nil`.
    private static func enumerated(_ bounds: IntegerBounds) -> [JSONValue]? {
        guard let minimum = bounds.minimum, let maximum = bounds.maximum else { return nil }
        guard minimum <= maximum else { return [] }
        let (span, overflow) = maximum.subtractingReportingOverflow(minimum)
        guard !overflow, span / max(bounds.multipleOf ?? 1, 1) < maxEnumeratedIntegers else { return nil }
        var values: [JSONValue] = []
        for value in minimum...maximum {
            if let divisor = bounds.multipleOf, value % divisor != 0 { continue }
            if bounds.excludedMultiples.contains(where: { value % $0 == 0 }) { continue }
            values.append(.number(String(value)))
        }
        return values.count <= maxEnumeratedIntegers ? values : nil
    }
}
