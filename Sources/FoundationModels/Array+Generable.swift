extension Array: Generable where Element: Generable {
    /// A partially generated array holds partially generated elements.
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    /// `{"type": "array", "items": …}` with the element's schema (a reference for named types).
    ///
    /// ```swift
    /// [String].generationSchema  // {"items":{"type":"string"},"type":"array"}
    /// ```
    public static var generationSchema: GenerationSchema {
        var composer = SchemaComposer()
        let items = composer.embed(SchemaResolver.schema(for: Element.self))
        return GenerationSchema(
            root: .array(ArraySchema(items: items)), definitions: composer.definitions,
            unsupportedGuides: composer.unsupportedGuides)
    }
}

extension Array: ConvertibleToGeneratedContent where Element: ConvertibleToGeneratedContent {
    /// `.array` of the elements' content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .array(map(\.generatedContent)))
    }
}

extension Array: ConvertibleFromGeneratedContent where Element: ConvertibleFromGeneratedContent {
    /// Reads an array, converting each element.
    /// - Throws: `GeneratedContent.ParsingError` for other kinds; an element's error.
    public init(_ content: GeneratedContent) throws {
        guard case .array(let elements) = content.kind else {
            throw content.mismatch(expected: "an array", for: [Element].self)
        }
        self = try elements.map(Element.init)
    }
}
