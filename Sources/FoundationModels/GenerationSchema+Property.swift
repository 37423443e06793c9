@_spi(LiteralPattern) import _StringProcessing

extension GenerationSchema {
    /// A property of a structure's schema: its name, description, type and guides.
    ///
    /// ```swift
    /// GenerationSchema.Property(name: "age", description: "Age in years", type: Int.self, guides: [.range(0...30)])
    /// GenerationSchema.Property(name: "nickname", type: String?.self)              // optional
    /// GenerationSchema.Property(name: "code", type: String.self, guides: [/[A-Z]{3}/])
    /// ```
    public struct Property: Sendable {
        /// The property's name (its JSON key).
        let name: String
        /// What the property holds, for the model.
        let description: String?
        /// Whether the model may leave the property out.
        let isOptional: Bool
        /// The schema of the property's type, built when the structure's schema is built (so
        /// recursive types can refer to themselves).
        let schema: @Sendable () -> GenerationSchema
        /// The guides, in order.
        let guides: [GuideKind]

        /// Creates a property of a generable type.
        public init<Value>(name: String, description: String? = nil, type: Value.Type, guides: [GenerationGuide<Value>] = []) where Value: Generable {
            self.init(name: name, description: description, isOptional: false, type: Value.self, guides: guides.map(\.kind))
        }

        /// Creates an optional property: the model may leave it out.
        public init<Value>(name: String, description: String? = nil, type: Value?.Type, guides: [GenerationGuide<Value>] = [])
        where Value: Generable {
            self.init(name: name, description: description, isOptional: true, type: Value.self, guides: guides.map(\.kind))
        }

        /// Creates a string property whose value matches every one of the regexes.
        public init<RegexOutput>(name: String, description: String? = nil, type: String.Type, guides: [Regex<RegexOutput>] = []) {
            self.init(name: name, description: description, isOptional: false, type: String.self, guides: guides.map(Self.pattern))
        }

        /// Creates an optional string property whose value, when present, matches the regexes.
        public init<RegexOutput>(name: String, description: String? = nil, type: String?.Type, guides: [Regex<RegexOutput>] = []) {
            self.init(name: name, description: description, isOptional: true, type: String.self, guides: guides.map(Self.pattern))
        }

        private init<Value: Generable>(name: String, description: String?, isOptional: Bool, type: Value.Type, guides: [GuideKind]) {
            self.name = name
            self.description = description
            self.isOptional = isOptional
            self.schema = { SchemaResolver.schema(for: Value.self) }
            self.guides = guides
        }

        private static func pattern<Output>(_ regex: Regex<Output>) -> GuideKind {
            .pattern(regex._literalPattern, regexDescription: String(describing: regex))
        }
    }
}
