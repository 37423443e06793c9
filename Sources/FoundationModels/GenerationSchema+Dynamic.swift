extension GenerationSchema {
    /// Creates a schema from a root dynamic schema and the named dynamic schemas it refers to.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(root: riddle, dependencies: [answer])
    /// let response = try await session.respond(to: "A riddle", schema: schema)
    /// let question = try response.content.value(String.self, forProperty: "question")
    /// ```
    ///
    /// Dependencies become the schema's definitions (`$defs`); named schemas written inline stay
    /// inline unless something refers to them by name. A reference to the root's name is
    /// recursion (`#`).
    ///
    /// A generable type may build its own schema this way (an `@Generable(name:)` structure, an
    /// enumeration with associated values) and hold itself, directly or through other types:
    /// building the schema named `N` while a schema named `N` is being built is that recursion,
    /// and gives a reference to `N`.
    ///
    /// - Throws: `SchemaError.duplicateType` when two schemas have the same name,
    ///   `.duplicateProperty` when a structure repeats a property name, `.emptyTypeChoices` for
    ///   a choice without choices, `.undefinedReferences` for references no schema defines.
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws {
        let building = SchemaResolver.dynamicRootsBeingBuilt
        if let name = root.declaredName, building.contains(name) {
            self.init(root: .reference(name), definitions: [])
            return
        }
        let (root, dependencies) = SchemaResolver.$dynamicRootsBeingBuilt.withValue(building + [root.declaredName].compactMap { $0 }) {
            (root.resolved(), dependencies.map { $0.resolved() })
        }
        var survey = DynamicSchemaSurvey(rootName: root.name)
        try survey.visit(root, in: nil, isTopLevel: true)
        for dependency in dependencies {
            try survey.visit(dependency, in: nil, isTopLevel: true)
        }
        let undefined = survey.references.filter { survey.named[$0.name] == nil }
        if let first = undefined.first {
            var names: [String] = []
            for reference in undefined where reference.owner == first.owner && !names.contains(reference.name) {
                names.append(reference.name)
            }
            throw SchemaError.undefinedReferences(
                schema: first.owner, references: names,
                context: .init(
                    debugDescription:
                        "No schema named \(names.map { "'\($0)'" }.joined(separator: ", ")); defined: \(survey.named.keys.sorted().joined(separator: ", "))."
                ))
        }
        let referenced = Set(survey.references.map(\.name))
        var lowering = DynamicSchemaLowering(hoisted: referenced)
        let rootNode = lowering.lower(root, isTopLevel: true)
        for dependency in dependencies {
            let node = lowering.lower(dependency, isTopLevel: true)
            if let name = dependency.name {
                lowering.composer.add(SchemaDefinition(name: name, node: node))
            }
        }
        var definitions = lowering.composer.definitions
        definitions.removeAll { $0.name == rootNode.definitionName }
        self.init(root: rootNode, definitions: definitions, unsupportedGuides: lowering.composer.unsupportedGuides)
    }
}

/// The first pass over dynamic schemas: names, references and structural errors.
struct DynamicSchemaSurvey {
    /// A reference, and the named schema it was found in.
    struct Reference {
        var name: String
        var owner: String?
    }

    /// The root schema's name. A generable type's schema may carry a definition of that name:
    /// the root type met again through recursion (an `@Generable` enum whose case holds a
    /// structure that holds the enum). It is the root, not a second type of the same name.
    let rootName: String?

    /// Every named schema (dynamic or from a generable type) by name.
    var named: [String: SchemaShape?] = [:]
    /// Every reference, in the order found.
    var references: [Reference] = []

    /// Defines `name`, a schema of choices, refusing it when it has none (created with `written`).
    private mutating func defineChoices(_ name: String, in owner: String?, isEmpty: Bool, written: String) throws {
        try define(name, node: nil, in: owner)
        guard isEmpty else { return }
        throw GenerationSchema.SchemaError.emptyTypeChoices(
            schema: name, context: .init(debugDescription: "'\(name)' was created with `\(written)`."))
    }

    /// Visits `schema`, found inside the named schema `owner`.
    mutating func visit(_ schema: DynamicGenerationSchema, in owner: String?, isTopLevel: Bool) throws {
        switch schema.node {
        case .object(let name, _, _, let properties):
            try define(name, node: nil, in: owner)
            var seen: Set<String> = []
            for property in properties {
                guard seen.insert(property.name).inserted else {
                    throw GenerationSchema.SchemaError.duplicateProperty(
                        schema: name, property: property.name,
                        context: .init(
                            debugDescription: "'\(name)' lists the property '\(property.name)' twice."))
                }
                try visit(property.schema, in: name, isTopLevel: false)
            }
        case .anyOf(let name, _, let choices):
            try defineChoices(name, in: owner, isEmpty: choices.isEmpty, written: "anyOf: []")
            for choice in choices { try visit(choice, in: name, isTopLevel: false) }
        case .strings(let name, _, let choices):
            try defineChoices(name, in: owner, isEmpty: choices.isEmpty, written: "anyOf: [] as [String]")
        case .array(let item, _, _):
            try visit(item, in: owner, isTopLevel: false)
        case .type(let build):
            try visit(DynamicGenerationSchema(node: .builtType(build())), in: owner, isTopLevel: isTopLevel)
        case .builtType(let schema):
            if let name = schema.rootName { try define(name, node: schema.root, in: owner) }
            for definition in schema.definitions where definition.name != rootName {
                try define(definition.name, node: definition.node, in: owner)
            }
        case .reference(let name):
            references.append(Reference(name: name, owner: owner))
        case .null:
            break
        }
    }

    /// Records a named type; the same generable type twice is fine, anything else twice is not.
    private mutating func define(_ name: String, node: SchemaShape?, in owner: String?) throws {
        if let existing = named[name] {
            if let node, let existing, node == existing { return }
            throw GenerationSchema.SchemaError.duplicateType(
                schema: owner, type: name,
                context: .init(
                    debugDescription: "More than one schema is named '\(name)'."))
        }
        named[name] = node
    }
}

/// The second pass: dynamic schemas to schema nodes, moving named schemas that are referred
/// to into the definitions.
struct DynamicSchemaLowering {
    /// Names that something refers to: their inline definitions move to the definitions.
    let hoisted: Set<String>
    /// The definitions and unsupported guides gathered.
    var composer = SchemaComposer()

    /// The node for `schema`; a top-level schema (root or dependency) is never replaced by a
    /// reference to itself.
    mutating func lower(_ schema: DynamicGenerationSchema, isTopLevel: Bool) -> SchemaShape {
        let node: SchemaShape
        switch schema.node {
        case .object(let name, let description, let explicitNil, let properties):
            let members = properties.map { property in
                PropertySchema(
                    name: property.name, description: property.description,
                    node: lower(property.schema, isTopLevel: false), isOptional: property.isOptional)
            }
            node = .object(ObjectSchema(name: name, description: description, properties: members, representsNilExplicitly: explicitNil))
        case .anyOf(let name, let description, let choices):
            node = .anyOf(AnyOfSchema(name: name, description: description, choices: choices.map { lower($0, isTopLevel: false) }))
        case .strings(let name, let description, let choices):
            node = .string(StringSchema(name: name, description: description, choices: choices))
        case .array(let item, let minimum, let maximum):
            node = .array(ArraySchema(items: lower(item, isTopLevel: false), minimumCount: minimum, maximumCount: maximum))
        case .type(let build):
            return lower(DynamicGenerationSchema(node: .builtType(build())), isTopLevel: isTopLevel)
        case .builtType(let schema):
            if isTopLevel {
                composer.unsupportedGuides += schema.unsupportedGuides
                for definition in schema.definitions { composer.add(definition) }
                return schema.root
            }
            return composer.embed(schema)
        case .reference(let name):
            return .reference(name)
        case .null:
            return .null
        }
        guard !isTopLevel, let name = node.definitionName, hoisted.contains(name) else { return node }
        composer.add(SchemaDefinition(name: name, node: node))
        return .reference(name)
    }
}
