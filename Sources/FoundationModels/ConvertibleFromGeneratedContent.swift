/// A type that can be initialized from generated content.
///
/// The model produces `GeneratedContent`; a conforming type reads its own shape back out of it.
/// `@Generable` types conform automatically. Conform manually to decode content produced for a
/// dynamic schema into a Swift value:
///
/// ```swift
/// struct Riddle: ConvertibleFromGeneratedContent {
///     var question: String
///     init(_ content: GeneratedContent) throws {
///         question = try content.value(String.self, forProperty: "question")
///     }
/// }
/// ```
public protocol ConvertibleFromGeneratedContent: SendableMetatype {
    /// Creates an instance from content the model generated.
    ///
    /// - Throws: `GeneratedContent.ParsingError` (or an error of your
    ///   own) when the content does not have the shape this type expects.
    init(_ content: GeneratedContent) throws
}
