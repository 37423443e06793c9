import Foundation

/// A function the model can call while it answers, to fetch information or act in your app.
///
/// The model sees the tool's name, description and the schema of its arguments; when it calls
/// the tool, the session decodes the arguments, runs `call(arguments:)` and shows the output to
/// the model. A tool may be called several times in one request, in parallel.
///
/// ```swift
/// struct FindContactTool: Tool {
///     let name = "findContact"
///     let description = "Finds a contact from a specified age generation."
///
///     @Generable
///     struct Arguments {
///         let generation: Generation
///     }
///
///     func call(arguments: Arguments) async throws -> String {
///         "Naomy"
///     }
/// }
/// let session = LanguageModelSession(tools: [FindContactTool()])
/// ```
public protocol Tool<Arguments, Output>: Sendable {
    /// What the tool returns: a `String`, `GeneratedContent`, or any prompt representable value.
    associatedtype Output: PromptRepresentable
    /// What the model passes: usually a `@Generable` struct.
    associatedtype Arguments: ConvertibleFromGeneratedContent

    /// The tool's name, shown to the model (a short verb phrase such as `findContact`).
    var name: String { get }
    /// A one-sentence description of what the tool does, shown to the model.
    var description: String { get }
    /// The schema of the arguments.
    var parameters: GenerationSchema { get }
    /// Whether the arguments' schema is shown to the model in the instructions.
    var includesSchemaInInstructions: Bool { get }

    /// Runs the tool with the arguments the model generated.
    @concurrent func call(arguments: Arguments) async throws -> Output
}

extension Tool {
    /// The type's name.
    public var name: String { String(describing: Self.self) }

    /// `true`: the model sees the arguments' schema.
    public var includesSchemaInInstructions: Bool { true }
}

extension Tool where Arguments: Generable {
    /// The schema of the generable arguments type.
    public var parameters: GenerationSchema { Arguments.generationSchema }
}

extension Tool where Arguments == String {
    /// Unavailable: a tool's arguments must be a structure.
    @available(*, unavailable, message: "'Tool' that uses 'String' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError() }
}

extension Tool where Arguments == Int {
    /// Unavailable: a tool's arguments must be a structure.
    @available(*, unavailable, message: "'Tool' that uses 'Int' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError() }
}

extension Tool where Arguments == Double {
    /// Unavailable: a tool's arguments must be a structure.
    @available(*, unavailable, message: "'Tool' that uses 'Double' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError() }
}

extension Tool where Arguments == Float {
    /// Unavailable: a tool's arguments must be a structure.
    @available(*, unavailable, message: "'Tool' that uses 'Float' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError() }
}

extension Tool where Arguments == Decimal {
    /// Unavailable: a tool's arguments must be a structure.
    @available(*, unavailable, message: "'Tool' that uses 'Decimal' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError() }
}

extension Tool where Arguments == Bool {
    /// Unavailable: a tool's arguments must be a structure.
    @available(*, unavailable, message: "'Tool' that uses 'Bool' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError() }
}
