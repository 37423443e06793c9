extension JSONSchemaLowering {
    /// Whether no JSON value can be accepted by both slots, proved from what is certain:
    /// disjoint type sets, enumerations with no equal values, non-overlapping integer ranges,
    /// `anyOf` branches each disjoint, objects that both require a property whose values are
    /// disjoint (a discriminator), or objects one of which requires a key the other cannot
    /// have. Slots still being lowered prove nothing; enumerations not yet filtered are
    /// supersets of their final values, so a proof on them still holds.
    func disjoint(_ left: SchemaNode.ID, _ right: SchemaNode.ID, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        if types(of: left, depth: 0).isDisjoint(with: types(of: right, depth: 0)) { return true }
        guard let leftNode = resolved(left), let rightNode = resolved(right) else { return false }
        switch (leftNode, rightNode) {
        case (.anyOf(let branches), _):
            return branches.allSatisfy { disjoint($0, right, depth: depth + 1) }
        case (_, .anyOf(let branches)):
            return branches.allSatisfy { disjoint(left, $0, depth: depth + 1) }
        case (.enumeration(let values), .enumeration(let others)):
            return !JSONValue.schemaIntersects(values, others)
        case (.integer(let a), .integer(let b)):
            if let aMax = a.maximum, let bMin = b.minimum, aMax < bMin { return true }
            if let bMax = b.maximum, let aMin = a.minimum, bMax < aMin { return true }
            return false
        case (.object(let a), .object(let b)):
            let discriminated = a.properties.contains { property in
                guard property.isRequired,
                    let other = b.properties.first(where: { $0.isRequired && $0.name.utf8.elementsEqual(property.name.utf8) })
                else { return false }
                return disjoint(property.node, other.node, depth: depth + 1)
            }
            return discriminated || a.properties.contains { $0.isRequired && forbids(b, key: $0.name) }
                || b.properties.contains { $0.isRequired && forbids(a, key: $0.name) }
        default:
            return false
        }
    }

    /// Whether no object of `object` can have the key `key`: a property that accepts nothing, or
    /// no property of that name, no additional keys and no key class it may be in.
    private func forbids(_ object: ObjectNode, key: String) -> Bool {
        if let property = object.properties.first(where: { $0.name.utf8.elementsEqual(key.utf8) }) { return isNever(property.node) }
        if let additional = object.additionalProperties, !isNever(additional) { return false }
        return object.keyClasses.allSatisfy { keyClass in
            isNever(keyClass.node) || keyClass.matching.contains { keyAutomata.misses($0, key) }
                || keyClass.notMatching.contains { keyAutomata.matches($0, key) }
        }
    }

    /// The JSON types a slot may accept (all of them while it is being lowered).
    func types(of id: SchemaNode.ID, depth: Int) -> JSONSchemaTypes {
        guard depth < 16, let node = resolved(id) else { return .all }
        switch node {
        case .any: return .all
        case .never: return []
        case .null: return .null
        case .boolean: return .boolean
        case .integer: return .integer
        case .number(let bounds): return bounds.nonIntegersOnly ? .fraction : .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        case .enumeration(let values):
            return values.reduce(into: JSONSchemaTypes()) { $0.formUnion(JSONSchemaTypes(of: $1)) }
        case .anyOf(let branches):
            return branches.reduce(into: JSONSchemaTypes()) { $0.formUnion(types(of: $1, depth: depth + 1)) }
        }
    }
}
