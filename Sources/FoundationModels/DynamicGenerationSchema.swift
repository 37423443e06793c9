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
        case type(GenerationSchema)
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
        var schema = SchemaResolver.schema(for: Value.self)
        for guide in guides {
            if let problem = schema.root.apply(guide.kind) {
                schema.unsupportedGuides.append("\(Value.self): \(problem)")
            }
        }
        node = .type(schema)
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

    /// The schema's name, for structures and choices.
    var name: String? {
        switch node {
        case .object(let name, _, _, _), .anyOf(let name, _, _), .strings(let name, _, _): name
        case .type(let schema): schema.root.definitionName
        case .array, .reference, .null: nil
        }
    }
}
