internal import StructuredDecoding

/// The structure the model must follow when it generates a value: a type's properties in order,
/// the guides on them, and the types they refer to.
///
/// `@Generable` types provide one as `generationSchema`. Build one by hand for a type whose
/// shape you describe yourself, or from dynamic schemas with `init(root:dependencies:)`:
///
/// ```swift
/// let schema = GenerationSchema(type: GeneratedContent.self, description: "A riddle", properties: [
///     GenerationSchema.Property(name: "question", type: String.self),
///     GenerationSchema.Property(name: "choices", type: [String].self, guides: [.count(2...4)]),
/// ])
/// let response = try await session.respond(to: "A riddle about coffee", schema: schema)
/// ```
///
/// A schema encodes (`Codable`) to Apple's JSON-Schema dialect: the type name in `title`,
/// property order in `x-order`, `additionalProperties: false`, optional properties absent from
/// `required`, other types in `$defs` referenced as `#/$defs/Name` (the root as `#`), choices
/// and constants as `enum`, bounds as `minimum`/`maximum`, counts as `minItems`/`maxItems`,
/// regexes as `pattern`.
public struct GenerationSchema: Sendable, CustomDebugStringConvertible {
    /// The root value's schema.
    var root: SchemaShape

    /// The named types the schema refers to, in the order first met.
    var definitions: [SchemaDefinition]

    /// Guides that could not be applied, with the reason; a request using this schema throws
    /// `LanguageModelError.unsupportedGenerationGuide` naming the first.
    var unsupportedGuides: [String]

    /// The JSON Schema document the schema was imported from (`init(jsonSchema:)`), which then
    /// stands for the whole schema; `nil` for schemas built from types.
    var imported: ImportedJSONSchema?

    /// Creates a schema from its parts.
    init(root: SchemaShape, definitions: [SchemaDefinition], unsupportedGuides: [String] = []) {
        self.root = root
        self.definitions = definitions
        self.unsupportedGuides = unsupportedGuides
    }

    /// Creates the schema of a structure: `type`'s name and the properties in generation order.
    ///
    /// ```swift
    /// static var generationSchema: GenerationSchema {
    ///     GenerationSchema(type: Self.self, description: "A cat", properties: [
    ///         .init(name: "name", type: String.self),
    ///         .init(name: "age", type: Int.self, guides: [.range(0...20)]),
    ///     ])
    /// }
    /// ```
    public init(type: any Generable.Type, description: String? = nil, properties: [GenerationSchema.Property]) {
        self.init(type: type, description: description, explicitNil: false, properties: properties)
    }

    /// Creates the schema of a structure whose absent optional properties appear in generated
    /// content as explicit `null` values instead of being left out.
    public init(
        type: any Generable.Type, description: String? = nil, representNilExplicitlyInGeneratedContent explicitNil: Bool,
        properties: [GenerationSchema.Property]
    ) {
        self.init(type: type, description: description, explicitNil: explicitNil, properties: properties)
    }

    private init(type: any Generable.Type, description: String?, explicitNil: Bool, properties: [GenerationSchema.Property]) {
        var builder = SchemaComposer()
        let name = SchemaResolver.name(of: type)
        let members = SchemaResolver.building(type) {
            properties.map { builder.property($0, in: name) }
        }
        var unique: [PropertySchema] = []
        for member in members where !unique.contains(where: { $0.name == member.name }) {
            unique.append(member)
        }
        let object = ObjectSchema(name: name, description: description, properties: unique, representsNilExplicitly: explicitNil)
        self.init(root: .object(object), definitions: builder.definitions, unsupportedGuides: builder.unsupportedGuides)
    }

    /// Creates the schema of a string enumeration: the value is one of `choices`.
    ///
    /// ```swift
    /// GenerationSchema(type: Self.self, anyOf: ["espresso", "latte", "mocha"])
    /// ```
    public init(type: any Generable.Type, description: String? = nil, anyOf choices: [String]) {
        let string = StringSchema(name: SchemaResolver.name(of: type), description: description, choices: choices)
        let problems = choices.isEmpty ? ["\(string.name ?? "the enumeration") has no choices"] : []
        self.init(root: .string(string), definitions: [], unsupportedGuides: problems)
    }

    /// Creates the schema of a choice between generable types: the value is an instance of one
    /// of `types`.
    ///
    /// ```swift
    /// GenerationSchema(type: Self.self, anyOf: [Cat.self, Dog.self])
    /// ```
    public init(type: any Generable.Type, description: String? = nil, anyOf types: [any Generable.Type]) {
        var builder = SchemaComposer()
        let choices = SchemaResolver.building(type) {
            types.map { builder.embed(SchemaResolver.schema(for: $0)) }
        }
        let name = SchemaResolver.name(of: type)
        if types.isEmpty { builder.unsupportedGuides.append("\(name) has no type choices") }
        let choice = AnyOfSchema(name: name, description: description, choices: choices)
        self.init(root: .anyOf(choice), definitions: builder.definitions, unsupportedGuides: builder.unsupportedGuides)
    }

    /// The schema as compact JSON with sorted keys, in Apple's dialect.
    public var debugDescription: String {
        jsonValue.sortingKeys().compactText
    }

    /// The root's type name, if the root is a named type.
    var rootName: String? { root.definitionName }

    /// The node of the named type `name` (the root when the names are equal).
    func definition(named name: String) -> SchemaShape? {
        if name == rootName { return root }
        return definitions.first { $0.name == name }?.node
    }
}

/// A named type of a schema, kept in `$defs`.
struct SchemaDefinition: Sendable, Equatable {
    /// The type's name (the `$defs` key).
    var name: String
    /// The type's schema.
    var node: SchemaShape
}

/// Composes schemas from the schemas of property and choice types: named types move into the
/// definitions (first definition of a name wins), unsupported guides are collected.
struct SchemaComposer {
    /// The definitions gathered so far, in order.
    var definitions: [SchemaDefinition] = []
    /// The guides that could not be applied so far.
    var unsupportedGuides: [String] = []

    /// Adds `schema`'s definitions and returns the node that stands for it inside another
    /// schema: a reference for a named type, the node itself otherwise.
    mutating func embed(_ schema: GenerationSchema) -> SchemaShape {
        unsupportedGuides += schema.unsupportedGuides
        for definition in schema.definitions { add(definition) }
        guard let name = schema.root.definitionName else { return schema.root }
        add(SchemaDefinition(name: name, node: schema.root))
        return .reference(name)
    }

    /// Adds a definition unless one of that name exists.
    mutating func add(_ definition: SchemaDefinition) {
        if !definitions.contains(where: { $0.name == definition.name }) { definitions.append(definition) }
    }

    /// Resolves a property of the structure `owner`: its type's schema, embedded, guides applied.
    mutating func property(_ property: GenerationSchema.Property, in owner: String) -> PropertySchema {
        var node = embed(property.schema())
        for guide in property.guides {
            if let problem = node.apply(guide) {
                unsupportedGuides.append("\(owner).\(property.name): \(problem)")
            }
        }
        return PropertySchema(name: property.name, description: property.description, node: node, isOptional: property.isOptional)
    }
}

extension GenerationSchema {
    /// The name of the schema's root type (`"CatProfile"` for `CatProfile.generationSchema`);
    /// empty for a schema whose root has no name.
    ///
    /// ```swift
    /// CatProfile.generationSchema.name   // "CatProfile"
    /// ```
    public var name: String {
        rootName ?? ""
    }
}
