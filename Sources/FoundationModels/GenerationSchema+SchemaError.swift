import Foundation

extension GenerationSchema {
    /// Why dynamic schemas cannot be made into a `GenerationSchema`.
    ///
    /// ```swift
    /// do {
    ///     let schema = try GenerationSchema(root: riddle, dependencies: [answer])
    /// } catch GenerationSchema.SchemaError.undefinedReferences(_, let names, _) {
    ///     print("Define these schemas:", names)
    /// }
    /// ```
    public enum SchemaError: Swift.Error, LocalizedError {
        /// What happened, for developers.
        public struct Context: Sendable {
            /// A description of the problem for debugging.
            public let debugDescription: String

            /// Creates a context.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// Two schemas define the type `type` (found in `schema`, `nil` at the top level).
        case duplicateType(schema: String?, type: String, context: Context)
        /// The structure `schema` has two properties named `property`.
        case duplicateProperty(schema: String, property: String, context: Context)
        /// The choice `schema` has no choices.
        case emptyTypeChoices(schema: String, context: Context)
        /// `schema` refers to types that no schema defines.
        case undefinedReferences(schema: String?, references: [String], context: Context)

        /// A one-line summary naming the schema and types at fault.
        public var errorDescription: String? {
            switch self {
            case .duplicateType(let schema, let type, _):
                "The type '\(type)' is defined more than once\(schema.map { " (in '\($0)')" } ?? "")."
            case .duplicateProperty(let schema, let property, _):
                "The schema '\(schema)' has more than one property named '\(property)'."
            case .emptyTypeChoices(let schema, _):
                "The schema '\(schema)' has no choices."
            case .undefinedReferences(let schema, let references, _):
                "\(schema.map { "The schema '\($0)'" } ?? "The schema") refers to undefined types: \(references.map { "'\($0)'" }.joined(separator: ", "))."
            }
        }

        /// How to fix the schemas.
        public var recoverySuggestion: String? {
            switch self {
            case .duplicateType: "Give each dynamic schema a unique name, and list each dependency once."
            case .duplicateProperty: "Give each property of a schema a unique name."
            case .emptyTypeChoices: "Provide at least one choice."
            case .undefinedReferences: "Pass a schema with each referenced name in `dependencies`."
            }
        }
    }
}
