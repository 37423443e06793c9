extension JSONSchemaLowering {
    /// Whether no JSON value can be accepted by both slots, proved from what is certain:
    /// disjoint type sets, enumerations with no equal values, non-overlapping integer ranges,
    /// `anyOf` branches each disjoint, strings whose lengths or patterns never meet (a walk of
    /// two automata together) or that no enumerated string fits, objects that both require a
    /// property whose values are disjoint (a discriminator), or objects one of which requires a
    /// key the other cannot have. Slots still being lowered prove nothing; enumerations not yet filtered are
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
        case (.string(let a), .string(let b)):
            if let aMax = a.maxLength, aMax < b.minLength { return true }
            if let bMax = b.maxLength, bMax < a.minLength { return true }
            let left = a.patterns + (a.format.map { [$0.regex] } ?? []), right = b.patterns + (b.format.map { [$0.regex] } ?? [])
            return left.contains { p in right.contains { q in !patternsMayMeet(p, q) } }
        case (.string(let string), .enumeration(let values)), (.enumeration(let values), .string(let string)):
            return values.allSatisfy { value in
                guard case .string(let text) = value else { return true }
                return surelyMisses(string, text)
            }
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

    /// Whether `text` is surely not a string of `node` (outside its lengths, missing a pattern
    /// or its format, or matching an excluded pattern).
    private func surelyMisses(_ node: StringNode, _ text: String) -> Bool {
        let length = text.unicodeScalars.count
        if length < node.minLength || length > node.maxLength ?? Int.max { return true }
        let patterns = node.patterns + (node.format.map { [$0.regex] } ?? [])
        return patterns.contains { keyAutomata.misses($0, text) } || node.excludedPatterns.contains { keyAutomata.matches($0, text) }
    }

    /// Whether some text may match both patterns (whole): `false` only when a walk of their
    /// automata together reaches no state where both accept; `true` when it would take more
    /// than `maxKeySignatureStates` pairs or an automaton cannot be built.
    func patternsMayMeet(_ p: RegexPattern, _ q: RegexPattern) -> Bool {
        do {
            let a = try keyAutomata.automaton(p), b = try keyAutomata.automaton(q)
            let representatives = Self.representatives([a, b])
            var seen: Set<[Int]> = [[a.start, b.start]]
            var queue = [[a.start, b.start]]
            while let pair = queue.popLast() {
                if a.isAccepting(pair[0]) && b.isAccepting(pair[1]) { return true }
                for byte in representatives {
                    let next = [try a.checkedNext(pair[0], byte), try b.checkedNext(pair[1], byte)]
                    guard next[0] != a.dead, next[1] != b.dead, seen.insert(next).inserted else { continue }
                    guard seen.count <= Self.maxKeySignatureStates else { return true }
                    queue.append(next)
                }
            }
            return false
        } catch {
            return true
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
