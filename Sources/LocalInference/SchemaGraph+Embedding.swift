import StructuredDecoding

extension SchemaGraph {
    /// Copies every node of `other` into this graph and returns the id its root has here
    /// (node ids inside the copied nodes are renumbered).
    ///
    /// ```swift
    /// var calls = SchemaGraph()
    /// let weather = calls.embed(weatherParameters)
    /// ```
    package mutating func embed(_ other: SchemaGraph) -> SchemaNode.ID {
        let offset = nodes.count
        for node in other.nodes { nodes.append(node.shifted(by: offset)) }
        return other.root + offset
    }

    /// The graph of one tool call in the Hermes / Qwen shape, `{"name": N, "arguments": A}`,
    /// where `N` is the name of one of `tools` and `A` follows that tool's parameters.
    package static func toolCall(tools: [(name: String, parameters: SchemaGraph)]) -> SchemaGraph {
        var graph = SchemaGraph()
        var branches: [SchemaNode.ID] = []
        for tool in tools {
            let name = graph.add(.enumeration([.string(tool.name)]))
            let arguments = graph.embed(tool.parameters)
            branches.append(
                graph.add(
                    .object(
                        ObjectNode(properties: [
                            .init(name: "name", node: name, isRequired: true),
                            .init(name: "arguments", node: arguments, isRequired: true),
                        ]))))
        }
        graph.root = branches.count == 1 ? branches[0] : graph.add(.anyOf(branches))
        return graph
    }
}

extension SchemaNode {
    /// The node with every node id it holds moved by `offset`.
    func shifted(by offset: Int) -> SchemaNode {
        switch self {
        case .any, .never, .null, .boolean, .integer, .number, .string, .enumeration:
            return self
        case .anyOf(let ids):
            return .anyOf(ids.map { $0 + offset })
        case .array(var array):
            array.prefixItems = array.prefixItems.map { $0 + offset }
            array.items = array.items.map { $0 + offset }
            return .array(array)
        case .object(var object):
            object.properties = object.properties.map { .init(name: $0.name, node: $0.node + offset, isRequired: $0.isRequired) }
            for index in object.keyClasses.indices { object.keyClasses[index].node += offset }
            object.additionalProperties = object.additionalProperties.map { $0 + offset }
            return .object(object)
        }
    }
}
