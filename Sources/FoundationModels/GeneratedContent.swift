/// Structured content the model generated: `null`, a boolean, a number, a string, an array, or
/// a structure whose properties keep the order in which they were generated.
///
/// `GeneratedContent` is what guided generation produces before it becomes one of your types,
/// and what a dynamic schema's response holds:
///
/// ```swift
/// let content = GeneratedContent(properties: ["name": "Mochi", "age": 3])
/// content.jsonString                                         // {"name": "Mochi", "age": 3}
/// try content.value(String.self, forProperty: "name")        // "Mochi"
/// try GeneratedContent(json: #"{"name": "Mo"#).isComplete    // false (still streaming)
/// ```
public struct GeneratedContent: Sendable, Equatable, Generable, CustomDebugStringConvertible {
    /// The identity of this content within a response, if the content has one.
    public var id: GenerationID?

    /// The value itself.
    let storedKind: Kind

    /// Whether this value and everything in it has been generated to its end.
    let storedIsComplete: Bool

    /// Creates content from its parts; containers are complete when all their members are.
    init(kind: Kind, id: GenerationID?, isComplete: Bool) {
        self.storedKind = kind
        self.id = id
        self.storedIsComplete = isComplete
    }

    /// Creates content of the given kind.
    ///
    /// ```swift
    /// let list = GeneratedContent(kind: .array([GeneratedContent(kind: .number(1))]))
    /// ```
    public init(kind: Kind, id: GenerationID? = nil) {
        self.init(kind: kind, id: id, isComplete: kind.membersAreComplete)
    }

    /// The kind of value this content holds.
    public var kind: Kind { storedKind }

    /// Whether the content has been generated to its end. Content parsed from a cut-off JSON
    /// document (a streaming snapshot) is incomplete; content you build is complete.
    public var isComplete: Bool { storedIsComplete }

    /// Creates a structure from properties, kept in the order given. A repeated key keeps its
    /// first position and its last value.
    ///
    /// ```swift
    /// GeneratedContent(properties: ["question": "Why?", "choices": ["a", "b"]])
    /// ```
    public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>, id: GenerationID? = nil) {
        var values: [String: GeneratedContent] = [:]
        var order: [String] = []
        for (key, value) in properties {
            if values.updateValue(value.generatedContent, forKey: key) == nil { order.append(key) }
        }
        self.init(kind: .structure(properties: values, orderedKeys: order), id: id)
    }

    /// Creates a structure from a sequence of properties, resolving repeated keys with
    /// `combine(existing, new)`. Keys keep the position of their first occurrence.
    ///
    /// ```swift
    /// let content = GeneratedContent(properties: pairs) { _, new in new }
    /// ```
    public init<S>(
        properties: S,
        id: GenerationID? = nil,
        uniquingKeysWith combine: (GeneratedContent, GeneratedContent) throws -> some ConvertibleToGeneratedContent
    ) rethrows where S: Sequence, S.Element == (String, any ConvertibleToGeneratedContent) {
        var values: [String: GeneratedContent] = [:]
        var order: [String] = []
        for (key, value) in properties {
            let content = value.generatedContent
            if let existing = values[key] {
                values[key] = try combine(existing, content).generatedContent
            } else {
                values[key] = content
                order.append(key)
            }
        }
        self.init(kind: .structure(properties: values, orderedKeys: order), id: id)
    }

    /// Creates an array from a sequence of elements.
    ///
    /// ```swift
    /// GeneratedContent(elements: ["tea", "coffee"] as [any ConvertibleToGeneratedContent])
    /// ```
    public init<S>(elements: S, id: GenerationID? = nil) where S: Sequence, S.Element == any ConvertibleToGeneratedContent {
        self.init(kind: .array(elements.map(\.generatedContent)), id: id)
    }

    /// Creates content from any value convertible to generated content.
    ///
    /// ```swift
    /// GeneratedContent("Hello").kind  // .string("Hello")
    /// ```
    public init(_ value: some ConvertibleToGeneratedContent) {
        self = value.generatedContent
    }

    /// Creates content from a value and gives it an identity.
    public init(_ value: some ConvertibleToGeneratedContent, id: GenerationID) {
        self = value.generatedContent
        self.id = id
    }

    /// Creates a copy of other generated content (the `ConvertibleFromGeneratedContent`
    /// requirement); never throws.
    public init(_ content: GeneratedContent) throws {
        self = content
    }

    /// The content itself.
    public var generatedContent: GeneratedContent { self }

    /// Generated content is any JSON value, so its schema accepts anything.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .any, definitions: [])
    }

    /// The content as compact JSON, the same text as `jsonString`.
    public var debugDescription: String { jsonString }

    /// Two contents are equal when they have the same kind (structures: the same properties in
    /// the same order) and the same identity.
    public static func == (a: GeneratedContent, b: GeneratedContent) -> Bool {
        a.storedKind == b.storedKind && a.id == b.id
    }
}
