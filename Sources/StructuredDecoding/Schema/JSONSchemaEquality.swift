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

    /// Feeds `hasher` a hash that agrees with `isSchemaEqual`: values equal by it hash alike.
    /// Numbers hash as their nearest `Double` (equal decimals round to one double), strings as
    /// Swift strings (whose equality is coarser than scalar equality), objects as an unordered
    /// sum of their members.
    func hashSchema(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value ? 1 : 2)
        case .number(let text):
            hasher.combine(3)
            hasher.combine(Double(text) ?? 0)
        case .string(let text):
            hasher.combine(4)
            hasher.combine(text)
        case .array(let items):
            hasher.combine(5)
            hasher.combine(items.count)
            for item in items { item.hashSchema(into: &hasher) }
        case .object(let members):
            var sum = 0
            for member in members {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                member.value.hashSchema(into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(6)
            hasher.combine(sum)
        }
    }

    /// `values` without the ones `isSchemaEqual` to an earlier one, in order. Hashed, so an
    /// enumeration of thousands (country subdivisions, 5,133 of them) is not compared pairwise.
    static func schemaUnique(_ values: [JSONValue]) -> [JSONValue] {
        var buckets: [Int: [Int]] = [:] // schema hash → indexes into `unique`
        var unique: [JSONValue] = []
        for value in values {
            var hasher = Hasher()
            value.hashSchema(into: &hasher)
            let hash = hasher.finalize()
            if let bucket = buckets[hash], bucket.contains(where: { unique[$0].isSchemaEqual(to: value) }) { continue }
            buckets[hash, default: []].append(unique.count)
            unique.append(value)
        }
        return unique
    }

    /// Whether some value of `values` is `isSchemaEqual` to some value of `others`.
    static func schemaIntersects(_ values: [JSONValue], _ others: [JSONValue]) -> Bool {
        var buckets: [Int: [Int]] = [:]
        for (index, other) in others.enumerated() {
            var hasher = Hasher()
            other.hashSchema(into: &hasher)
            buckets[hasher.finalize(), default: []].append(index)
        }
        return values.contains { value in
            var hasher = Hasher()
            value.hashSchema(into: &hasher)
            return buckets[hasher.finalize()]?.contains { others[$0].isSchemaEqual(to: value) } ?? false
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
