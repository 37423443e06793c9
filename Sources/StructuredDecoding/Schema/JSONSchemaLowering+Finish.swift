extension JSONSchemaLowering {
    /// The finished graph rooted at slot `root`: aliases replaced by their targets, enumerations
    /// filtered by the rest of their conjunction (repeated until nothing changes, since a filter
    /// may read another enumeration), and only the nodes reachable from the root kept.
    func finish(root: SchemaNode.ID) throws(JSONSchemaImportError) -> SchemaGraph {
        var target = Array(slots.indices)
        for id in slots.indices {
            var current = id
            var steps = 0
            while case .alias(let next) = slots[current] {
                current = next
                steps += 1
                guard steps <= slots.count else { throw JSONSchemaImportError(.unguardedRecursion("anyOf"), at: "") }
            }
            target[id] = current
        }
        var nodes: [SchemaNode] = slots.map { slot in
            if case .node(let node) = slot { return node.mappingChildren { target[$0] } }
            return .never
        }
        var graph = SchemaGraph(nodes: nodes, root: target[root])
        var changed = true
        while changed {
            changed = false
            // Values are filtered by JSON Schema's meaning: key order is a generation choice, not
            // a constraint on a constant's members.
            var unordered = SchemaGraph(nodes: graph.nodes.map(\.ignoringKeyOrder), root: graph.root)
            unordered.fractionalIntegers = fractionalIntegers
            let validator = SchemaGraph.Validator(unordered)
            for filter in filters {
                let node = target[filter.node]
                guard case .enumeration(let values) = graph[node] else { continue }
                let kept = values.filter { value in
                    filter.rest.map { validator.accepts(value, node: target[$0]) } ?? true
                        && !filter.excluded.contains { validator.accepts(value, node: target[$0]) }
                }
                guard kept.count != values.count else { continue }
                graph[node] = kept.isEmpty ? .never : .enumeration(kept)
                changed = true
            }
        }
        nodes = graph.nodes
        var result = Self.reachable(from: graph.root, in: nodes)
        result.fractionalIntegers = fractionalIntegers
        return result
    }

    /// The nodes reachable from `root`, renumbered in order of discovery (the root is node 0).
    private static func reachable(from root: SchemaNode.ID, in nodes: [SchemaNode]) -> SchemaGraph {
        var order: [SchemaNode.ID] = [root]
        var number: [SchemaNode.ID: SchemaNode.ID] = [root: 0]
        var next = 0
        while next < order.count {
            nodes[order[next]].forEachChild { child in
                if number[child] == nil {
                    number[child] = order.count
                    order.append(child)
                }
            }
            next += 1
        }
        return SchemaGraph(nodes: order.map { nodes[$0].mappingChildren { number[$0]! } }, root: 0)
    }
}

extension SchemaNode {
    /// The node with every child id passed through `transform`.
    func mappingChildren(_ transform: (SchemaNode.ID) -> SchemaNode.ID) -> SchemaNode {
        switch self {
        case .any, .never, .null, .boolean, .integer, .number, .string, .enumeration: return self
        case .anyOf(let branches): return .anyOf(branches.map(transform))
        case .array(var array):
            array.prefixItems = array.prefixItems.map(transform)
            array.items = array.items.map(transform)
            array.distinctItems = array.distinctItems.map(transform)
            return .array(array)
        case .object(var object):
            for index in object.properties.indices { object.properties[index].node = transform(object.properties[index].node) }
            for index in object.keyClasses.indices { object.keyClasses[index].node = transform(object.keyClasses[index].node) }
            object.additionalProperties = object.additionalProperties.map(transform)
            return .object(object)
        }
    }

    /// The node with keys allowed in any order (objects only).
    var ignoringKeyOrder: SchemaNode {
        guard case .object(var object) = self else { return self }
        object.allowsAnyOrder = true
        return .object(object)
    }

    /// Calls `body` with each child id in order.
    func forEachChild(_ body: (SchemaNode.ID) -> Void) {
        switch self {
        case .any, .never, .null, .boolean, .integer, .number, .string, .enumeration: return
        case .anyOf(let branches): branches.forEach(body)
        case .array(let array):
            array.prefixItems.forEach(body)
            array.items.map(body)
            array.distinctItems.forEach(body)
        case .object(let object):
            object.properties.forEach { body($0.node) }
            object.keyClasses.forEach { body($0.node) }
            object.additionalProperties.map(body)
        }
    }
}
