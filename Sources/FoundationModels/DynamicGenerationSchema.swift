/// A schema built at run time, for structures that are only known while the app runs.
///
/// Dynamic schemas refer to each other by name; `GenerationSchema(root:dependencies:)` checks
/// them and makes the schema a request uses:
///
/// ```swift
/// let answer = DynamicGenerationSchema(name: "Answer", properties: [
///     .init(name: "text", schema: DynamicGenerationSchema(type: String.self)),
///     .init(name: "isCorrect", schema: DynamicGenerationSchema(type: Bool.self)),
/// ])
/// let riddle = DynamicGenerationSchema(name: "Riddle", properties: [
///     .init(name: "question", schema: DynamicGenerationSchema(type: String.self)),
///     .init(name: "answers", schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Answer"))),
/// ])
/// let schema = try GenerationSchema(root: riddle, dependencies: [answer])
/// ```
public struct DynamicGenerationSchema: Sendable {
    /// What kind of schema this is.
    indirect enum Node: Sendable {
        case object(name: String, description: String?, explicitNil: Bool, properties: [Property])
        case anyOf(name: String, description: String?, choices: [DynamicGenerationSchema])
        case strings(name: String, description: String?, choices: [String])
        case array(item: DynamicGenerationSchema, minimum: Int?, maximum: Int?)
        /// A generable type's schema with guides, built when the `GenerationSchema` that uses it
        /// is (as `GenerationSchema.Property` does), so a type whose own schema is dynamic can
        /// name itself among its properties without building itself forever.
        case type(@Sendable () -> GenerationSchema)
        /// A generable type's schema, built (see `resolved()`).
        case builtType(GenerationSchema)
        case reference(String)
        case null
    }

    /// The schema's kind and parts.
    let node: Node

    /// The schema of JSON `null`, for choices such as "a value or nothing".
    ///
    /// ```swift
    /// DynamicGenerationSchema(name: "MaybeScore", anyOf: [DynamicGenerationSchema(type: Int.self), .null])
    /// ```
    public static var null: DynamicGenerationSchema {
        DynamicGenerationSchema(node: .null)
    }

    init(node: Node) {
        self.node = node
    }

    /// Creates the schema of a structure named `name` with properties in generation order.
    public init(name: String, description: String? = nil, properties: [DynamicGenerationSchema.Property]) {
        node = .object(name: name, description: description, explicitNil: false, properties: properties)
    }

    /// Creates the schema of a structure whose absent optional properties appear in generated
    /// content as explicit `null` values.
    public init(
        name: String, description: String? = nil, representNilExplicitlyInGeneratedContent explicitNil: Bool,
        properties: [DynamicGenerationSchema.Property]
    ) {
        node = .object(name: name, description: description, explicitNil: explicitNil, properties: properties)
    }

    /// Creates a choice named `name` between schemas.
    ///
    /// ```swift
    /// DynamicGenerationSchema(name: "Pet", anyOf: [catSchema, dogSchema])
    /// ```
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        node = .anyOf(name: name, description: description, choices: choices)
    }

    /// Creates a string enumeration named `name`: the value is one of `choices`.
    ///
    /// ```swift
    /// DynamicGenerationSchema(name: "dailySoup", anyOf: ["Tomato", "Chicken Noodle", "Clam Chowder"])
    /// ```
    public init(name: String, description: String? = nil, anyOf choices: [String]) {
        node = .strings(name: name, description: description, choices: choices)
    }

    /// Creates the schema of an array whose elements follow `itemSchema`, with optional bounds
    /// on its length.
    public init(arrayOf itemSchema: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
        node = .array(item: itemSchema, minimum: minimumElements, maximum: maximumElements)
    }

    /// Creates the schema of a generable type, with guides.
    ///
    /// ```swift
    /// DynamicGenerationSchema(type: Int.self, guides: [.range(1...5)])
    /// ```
    public init<Value>(type: Value.Type, guides: [GenerationGuide<Value>] = []) where Value: Generable {
        let kinds = guides.map(\.kind)
        node = .type {
            var schema = SchemaResolver.schema(for: Value.self)
            for kind in kinds {
                if let problem = schema.root.apply(kind) {
                    schema.unsupportedGuides.append("\(Value.self): \(problem)")
                }
            }
            return schema
        }
    }

    /// Creates a reference to the schema named `name`, defined among the dependencies (or the
    /// root itself, for recursion).
    public init(referenceTo name: String) {
        node = .reference(name)
    }

    /// A property of a dynamic structure.
    ///
    /// ```swift
    /// DynamicGenerationSchema.Property(name: "nickname", description: "Optional", schema: .init(type: String.self), isOptional: true)
    /// ```
    public struct Property: Sendable {
        /// The property's name.
        let name: String
        /// What the property holds, for the model.
        let description: String?
        /// The property's schema.
        let schema: DynamicGenerationSchema
        /// Whether the model may leave the property out.
        let isOptional: Bool

        /// Creates a property.
        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
            self.name = name
            self.description = description
            self.schema = schema
            self.isOptional = isOptional
        }
    }

    /// The schema's name, for structures and choices (a type's schema is built to find it).
    var name: String? {
        switch node {
        case .type(let build): build().root.definitionName
        case .builtType(let schema): schema.root.definitionName
        default: declaredName
        }
    }

    /// The name written in the schema itself: a dynamic structure's or choice's.
    var declaredName: String? {
        switch node {
        case .object(let name, _, _, _), .anyOf(let name, _, _), .strings(let name, _, _): name
        case .type, .builtType, .array, .reference, .null: nil
        }
    }

    /// The same schema with every generable type's schema built, once.
    func resolved() -> DynamicGenerationSchema {
        switch node {
        case .object(let name, let description, let explicitNil, let properties):
            let built = properties.map {
                Property(name: $0.name, description: $0.description, schema: $0.schema.resolved(), isOptional: $0.isOptional)
            }
            return DynamicGenerationSchema(node: .object(name: name, description: description, explicitNil: explicitNil, properties: built))
        case .anyOf(let name, let description, let choices):
            return DynamicGenerationSchema(node: .anyOf(name: name, description: description, choices: choices.map { $0.resolved() }))
        case .array(let item, let minimum, let maximum):
            return DynamicGenerationSchema(node: .array(item: item.resolved(), minimum: minimum, maximum: maximum))
        case .type(let build):
            return DynamicGenerationSchema(node: .builtType(build()))
        case .strings, .builtType, .reference, .null:
            return self
        }
    }
}
