import FoundationModels

/// A customer's picture. Apple's sample describes it for Image Playground; there is no image
/// model here, so the model paints it itself under constraint: a one-sentence description, three
/// colours from the palette, then a 12×12 sprite, one property per row, each row constrained by
/// a pattern guide to the current `Silhouette` (the outline, with the eyes in place) so every
/// picture has a shape.
///
/// The schema is built at run time with `DynamicGenerationSchema`, as the sample's
/// `GenerableImage` does, from the silhouette the encounter engine picked for this customer.
package struct GenerableImage: Generable, Equatable, Sendable {
    /// What the picture shows, in one sentence.
    package let imageDescription: String
    /// The body, details and eye colours, by palette name.
    package let colours: [String]
    /// The sprite's rows, top to bottom.
    package let pixels: [String]

    /// A picture.
    package init(imageDescription: String, colours: [String], pixels: [String]) {
        self.imageDescription = imageDescription
        self.colours = colours
        self.pixels = pixels
    }

    static let colourKeys = ["bodyColour", "detailColour", "eyeColour"]

    static func rowKey(_ row: Int) -> String { "row\(row + 1)" }

    /// The picture's schema for the current silhouette, built at run time.
    package static var generationSchema: GenerationSchema {
        let silhouette = Silhouette.current
        let colour = { (name: String, description: String) in
            DynamicGenerationSchema.Property(
                name: name, description: description,
                schema: DynamicGenerationSchema(type: String.self, guides: [.anyOf(Sprite.Palette.names)]))
        }
        var properties = [
            DynamicGenerationSchema.Property(
                name: "imageDescription",
                description: "What the picture shows, in one sentence",
                schema: DynamicGenerationSchema(type: String.self)),
            colour(colourKeys[0], "The main colour of the creature"),
            colour(colourKeys[1], "The colour of its details (hair, wings, clothes)"),
            colour(colourKeys[2], "The colour of its eyes"),
        ]
        for row in 0..<Sprite.size {
            let regex: Regex<AnyRegexOutput>
            do { regex = try Regex(silhouette.pattern(ofRow: row)) } catch {
                preconditionFailure("the sprite row pattern does not compile: \(error)")
            }
            properties.append(
                DynamicGenerationSchema.Property(
                    name: rowKey(row),
                    description: row == 0 ? "Pixel-art rows of the picture: b = main colour, d = details, e = eyes, . = empty" : nil,
                    schema: DynamicGenerationSchema(type: String.self, guides: [.pattern(regex)])))
        }
        let root = DynamicGenerationSchema(
            name: "GenerableImage",
            description: "A picture of a fantastical creature, animal or object, never a human",
            properties: properties)
        do {
            return try GenerationSchema(root: root, dependencies: [])
        } catch {
            preconditionFailure("GenerableImage's schema is invalid: \(error)")
        }
    }

    /// Reads a generated picture.
    package init(_ content: GeneratedContent) throws {
        imageDescription = try content.value(forProperty: "imageDescription")
        colours = try GenerableImage.colourKeys.map { try content.value(String.self, forProperty: $0) }
        pixels = try (0..<Sprite.size).map { try content.value(String.self, forProperty: GenerableImage.rowKey($0)) }
    }

    /// The picture as generated content (properties in schema order).
    package var generatedContent: GeneratedContent {
        var properties: [(String, any ConvertibleToGeneratedContent)] = [("imageDescription", imageDescription)]
        for (key, colour) in zip(GenerableImage.colourKeys, colours) { properties.append((key, colour)) }
        for (row, pixels) in pixels.enumerated() { properties.append((GenerableImage.rowKey(row), pixels)) }
        return GeneratedContent(properties: properties) { _, new in new }
    }

    /// The sprite the rows describe.
    package var sprite: Sprite { Sprite(rows: pixels, colours: colours) }
}
