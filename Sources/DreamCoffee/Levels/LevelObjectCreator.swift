import FoundationModels

/// Builds a `DynamicGenerationSchema` property by property, as the deep-dive session's level
/// creator does (its `addStringProperty`, `addArrayProperty`, `addBoolProperty`), with numbers
/// and lists of text added.
package struct LevelObjectCreator: Sendable {
    /// The object's name (the schema's name, and what array properties refer to).
    package let name: String
    /// The properties so far, in order.
    package private(set) var properties: [DynamicGenerationSchema.Property] = []

    /// A creator for objects called `name`.
    package init(name: String) {
        self.name = name
    }

    /// A text property.
    package mutating func addStringProperty(name: String, description: String? = nil) {
        properties.append(.init(name: name, description: description, schema: Self.shortText))
    }

    /// A text of one line and at most 200 characters: level content is short, and a bound keeps a
    /// small model that starts repeating itself from filling the whole context window.
    static var shortText: DynamicGenerationSchema {
        DynamicGenerationSchema(type: String.self, guides: [.pattern(/[^\n]{1,200}/)])
    }

    /// A yes-or-no property.
    package mutating func addBoolProperty(name: String, description: String? = nil) {
        properties.append(.init(name: name, description: description, schema: DynamicGenerationSchema(type: Bool.self)))
    }

    /// A whole-number property.
    package mutating func addNumberProperty(name: String, description: String? = nil) {
        properties.append(.init(name: name, description: description, schema: DynamicGenerationSchema(type: Int.self)))
    }

    /// A list of texts.
    package mutating func addStringArrayProperty(name: String, description: String? = nil, count: ClosedRange<Int>) {
        let schema = DynamicGenerationSchema(
            arrayOf: Self.shortText,
            minimumElements: count.lowerBound, maximumElements: count.upperBound)
        properties.append(.init(name: name, description: description, schema: schema))
    }

    /// A list of objects of another dynamic schema, referred to by its name.
    package mutating func addArrayProperty(name: String, customType: String, description: String? = nil, count: ClosedRange<Int>? = nil) {
        let schema = DynamicGenerationSchema(
            arrayOf: DynamicGenerationSchema(referenceTo: customType),
            minimumElements: count?.lowerBound, maximumElements: count?.upperBound)
        properties.append(.init(name: name, description: description, schema: schema))
    }

    /// The object's schema.
    package var root: DynamicGenerationSchema {
        DynamicGenerationSchema(name: name, properties: properties)
    }
}
