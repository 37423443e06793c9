extension GeneratedContent {
    /// The kinds of value generated content can hold: JSON's kinds, with structures that remember
    /// the order of their properties.
    ///
    /// ```swift
    /// switch content.kind {
    /// case .structure(let properties, let orderedKeys):
    ///     for key in orderedKeys { print(key, properties[key]!.jsonString) }
    /// default: break
    /// }
    /// ```
    public enum Kind: Equatable, Sendable {
        /// JSON `null`: an absent optional value.
        case null
        /// A boolean.
        case bool(Bool)
        /// A number; integers are numbers with no fractional part.
        case number(Double)
        /// A string.
        case string(String)
        /// An ordered list of values.
        case array([GeneratedContent])
        /// Named properties, with their keys in generation order.
        case structure(properties: [String: GeneratedContent], orderedKeys: [String])

        /// Equal kinds hold equal values; structures also need the same key order.
        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.number(let x), .number(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.array(let x), .array(let y)): x == y
            case (.structure(let x, let xKeys), .structure(let y, let yKeys)): xKeys == yKeys && x == y
            default: false
            }
        }

        /// Whether every member of a container is complete (scalars: always).
        var membersAreComplete: Bool {
            switch self {
            case .null, .bool, .number, .string: true
            case .array(let elements): elements.allSatisfy(\.isComplete)
            case .structure(let properties, _): properties.values.allSatisfy(\.isComplete)
            }
        }

        /// A short phrase naming the kind, for error messages (`"a string"`).
        var phrase: String {
            switch self {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .structure: "a structure"
            }
        }
    }
}
