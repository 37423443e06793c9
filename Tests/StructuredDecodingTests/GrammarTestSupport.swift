import StructuredDecoding

/// One table row: a schema, the texts it must accept and the texts it must reject.
struct GrammarCase: CustomStringConvertible, Sendable {
    let name: String
    let graph: SchemaGraph
    let valid: [String]
    let invalid: [String]
    var description: String { name }
}

/// Builds a graph whose root is the last node added.
func schema(_ build: (inout SchemaGraph) -> SchemaNode.ID) -> SchemaGraph {
    var graph = SchemaGraph()
    graph.root = build(&graph)
    return graph
}

/// A graph of a single node.
func schema(_ node: SchemaNode) -> SchemaGraph { schema { $0.add(node) } }

/// An object property.
func property(_ name: String, _ node: SchemaNode.ID, required: Bool = true) -> ObjectNode.Property {
    ObjectNode.Property(name: name, node: node, isRequired: required)
}

/// A regex pattern that is known to parse.
func pattern(_ source: String) -> RegexPattern {
    do { return try RegexPattern(source) } catch { fatalError("bad test pattern \(source): \(error)") }
}
