internal import StructuredDecoding

extension GenerationSchema {
    /// The schema as the constrained decoder's IR, built straight from the schema's nodes (no
    /// JSON round trip): properties in declaration order, optional properties the model may
    /// leave out (or, with `representNilExplicitlyInGeneratedContent`, required and nullable),
    /// choices and constants as enumerations, `@Guide(.pattern)` regexes matching the whole
    /// string, numeric bounds, counts, and named types as shared nodes (so recursion is a cycle).
    ///
    /// - Throws: `LanguageModelError.unsupportedGenerationGuide` for a pattern the decoder cannot compile.
    func decodingGraph() throws -> SchemaGraph {
        if let imported { return imported.graph }
        var lowering = SchemaLowering(schema: self)
        var graph = SchemaGraph()
        graph.root = try lowering.lower(root, into: &graph)
        return graph
    }
}

/// Lowers `SchemaShape`s to `SchemaGraph` nodes, one node per named type.
private struct SchemaLowering {
    let schema: GenerationSchema
    /// The node of each named type lowered so far (reserved before its body, for recursion).
    var named: [String: SchemaNode.ID] = [:]

    init(schema: GenerationSchema) {
        self.schema = schema
    }

    mutating func lower(_ node: SchemaShape, into graph: inout SchemaGraph) throws -> SchemaNode.ID {
        if case .reference(let name) = node {
            guard let target = schema.definition(named: name) else { return graph.add(.never) }
            return try lower(target, into: &graph)
        }
        if let name = node.definitionName {
            if let id = named[name] { return id }
            let id = graph.add(.any) // reserved: references inside point here
            named[name] = id
            graph[id] = try body(of: node, into: &graph)
            return id
        }
        return graph.add(try body(of: node, into: &graph))
    }

    mutating func body(of node: SchemaShape, into graph: inout SchemaGraph) throws -> SchemaNode {
        switch node {
        case .object(let object):
            var properties: [ObjectNode.Property] = []
            for property in object.properties {
                var id = try lower(property.node, into: &graph)
                var required = !property.isOptional
                if property.isOptional && object.representsNilExplicitly {
                    let null = graph.add(.null)
                    id = graph.add(.anyOf([id, null]))
                    required = true
                }
                properties.append(.init(name: property.name, node: id, isRequired: required))
            }
            return .object(ObjectNode(properties: properties))
        case .anyOf(let choice):
            var ids: [SchemaNode.ID] = []
            for option in choice.choices { ids.append(try lower(option, into: &graph)) }
            return ids.isEmpty ? .never : .anyOf(ids)
        case .string(let string):
            return try lower(string)
        case .integer(let minimum, let maximum):
            return .integer(IntegerBounds(minimum: minimum, maximum: maximum))
        case .number(let minimum, let maximum):
            return .number(NumberBounds(minimum: minimum?.doubleValue, maximum: maximum?.doubleValue))
        case .boolean:
            return .boolean
        case .null:
            return .null
        case .array(let array):
            let items = try lower(array.items, into: &graph)
            return .array(ArrayNode(items: items, minItems: array.minimumCount ?? 0, maxItems: array.maximumCount))
        case .reference:
            return .never // resolved by `lower` before a body is built
        case .any:
            return .any
        }
    }

    /// A string: its choices (those every pattern accepts), or its patterns as whole matches.
    func lower(_ string: StringSchema) throws -> SchemaNode {
        var patterns: [RegexPattern] = []
        for source in string.patterns {
            do {
                patterns.append(try RegexPattern(source))
            } catch {
                throw LanguageModelError.unsupportedGenerationGuide(
                    .init(
                        schemaName: nil,
                        debugDescription:
                            "The pattern /\(source)/ cannot be enforced: \(error)"))
            }
        }
        guard let choices = string.choices else { return .string(StringNode(patterns: patterns)) }
        var kept = choices
        for pattern in patterns {
            guard let automaton = try? pattern.compile() else { continue }
            kept = kept.filter { automaton.matches($0) }
        }
        return kept.isEmpty ? .never : .enumeration(kept.map { .string($0) })
    }
}
