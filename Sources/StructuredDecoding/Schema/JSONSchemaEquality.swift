extension JSONValue {
    /// JSON Schema's equality (`const`, `enum`): numbers by mathematical value (`1 == 1.0`),
    /// strings and keys by Unicode scalars (not Swift's canonical equivalence), arrays item by
    /// item, objects as sets of members regardless of order. An object with a duplicate key
    /// equals nothing (its meaning is ambiguous).
    func isSchemaEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)):
            guard let leftValue = JSONSchemaDecimal(left), let rightValue = JSONSchemaDecimal(right) else { return left == right }
            return leftValue == rightValue
        case (.string(let left), .string(let right)): return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isSchemaEqual(to: $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count, let leftMap = Self.uniqueMembers(left), let rightMap = Self.uniqueMembers(right) else {
                return false
            }
            for (key, value) in leftMap {
                guard let match = rightMap[key], value.isSchemaEqual(to: match) else { return false }
            }
            return true
        default: return false
        }
    }

    /// The members keyed by their keys' UTF-8 bytes, or `nil` if a key repeats.
    static func uniqueMembers(_ members: [JSONMember]) -> [[UInt8]: JSONValue]? {
        var map: [[UInt8]: JSONValue] = [:]
        for member in members {
            guard map.updateValue(member.value, forKey: Array(member.key.utf8)) == nil else { return nil }
        }
        return map
    }
}
