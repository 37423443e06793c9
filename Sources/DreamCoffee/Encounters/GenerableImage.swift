import FoundationModels

/// A customer's picture. Apple's sample describes it for Image Playground; there is no image
/// model here, so the model paints it itself: a one-sentence description, then a 12×12 sprite,
/// one string per row, each row constrained by a pattern guide to the palette's letters with a
/// transparent margin of equal width on both sides (so every picture has a silhouette).
///
/// The schema is built at run time with `DynamicGenerationSchema`, as the sample's
/// `GenerableImage` does.
public struct GenerableImage: Generable, Equatable, Sendable {
    /// What the picture shows, in one sentence.
    public let imageDescription: String
    /// The sprite's rows, top to bottom (`Sprite.size` strings of `Sprite.size` palette letters).
    public let pixels: [String]

    /// A picture with a description and rows of palette letters.
    public init(imageDescription: String, pixels: [String]) {
        self.imageDescription = imageDescription
        self.pixels = pixels
    }

    /// The row pattern: a transparent margin of 0…4 dots on each side, palette letters between.
    static var rowPattern: String {
        let letters = "[" + Sprite.Palette.letters + "]"
        let widths = (0...4).map { margin -> String in
            let dots = String(repeating: #"\."#, count: margin)
            return dots + letters + "{\(Sprite.size - 2 * margin)}" + dots
        }
        return "(" + widths.joined(separator: "|") + ")"
    }

    /// The picture's schema, built at run time.
    public static var generationSchema: GenerationSchema {
        let legend = Sprite.Palette.legend
        let row: DynamicGenerationSchema
        do {
            row = DynamicGenerationSchema(type: String.self, guides: [.pattern(try Regex(rowPattern))])
        } catch {
            preconditionFailure("the sprite row pattern does not compile: \(error)")
        }
        let root = DynamicGenerationSchema(
            name: "GenerableImage",
            description: "A picture of a fantastical creature, animal or object, never a human",
            properties: [
                DynamicGenerationSchema.Property(
                    name: "imageDescription",
                    description: "What the picture shows, in one sentence",
                    schema: DynamicGenerationSchema(type: String.self)
                ),
                DynamicGenerationSchema.Property(
                    name: "pixels",
                    description: """
                        A \(Sprite.size)x\(Sprite.size) pixel-art sprite of the picture, one string \
                        per row, top to bottom. Colours: \(legend); "." is transparent.
                        """,
                    schema: DynamicGenerationSchema(
                        arrayOf: row, minimumElements: Sprite.size, maximumElements: Sprite.size)
                ),
            ]
        )
        do {
            return try GenerationSchema(root: root, dependencies: [])
        } catch {
            preconditionFailure("GenerableImage's schema is invalid: \(error)")
        }
    }

    /// Reads a generated picture.
    public init(_ content: GeneratedContent) throws {
        imageDescription = try content.value(forProperty: "imageDescription")
        pixels = try content.value([String].self, forProperty: "pixels")
    }

    /// The picture as generated content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: [
            "imageDescription": imageDescription,
            "pixels": GeneratedContent(elements: pixels),
        ])
    }

    /// The sprite the rows describe (unknown letters and short rows are transparent).
    public var sprite: Sprite { Sprite(rows: pixels) }
}
