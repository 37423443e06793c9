// The code samples of Apple's article "Generating Swift data structures with guided generation"
// (../shared/seeds/guided-generation-article.md), in order, each compiled with a plain
// `import FoundationModels` and unchanged but for whitespace. Statements are wrapped in functions
// whose parameters are the free variables they use (`session`, `menuSchema`, `schema`), so the
// tests can run them against a scripted model; each function returns what the sample computed.

import FoundationModels

enum GuidedGenerationArticle {
    // MARK: "Conform your data type to Generable": a Float response

    static func tablespoons() async throws -> Float {
        let prompt = "How many tablespoons are in a cup?"
        let session = LanguageModelSession(model: .default)

        // Generate a response with the type `Float`, instead of `String`.
        let response = try await session.respond(to: prompt, generating: Float.self)
        return response.content
    }

    // MARK: "Conform your data type to Generable": CatProfile

    @Generable(description: "Basic profile information about a cat")
    struct CatProfile {
        // A guide isn't necessary for basic fields.
        var name: String

        @Guide(description: "The age of the cat", .range(0...20))
        var age: Int

        @Guide(description: "A one sentence profile about the cat's personality")
        var profile: String
    }

    // MARK: "Make a request with your custom data type"

    static func rescueCat(session: LanguageModelSession) async throws -> CatProfile {
        // Generate a response using a custom type.
        let response = try await session.respond(
            to: "Generate a cute rescue cat",
            generating: CatProfile.self
        )
        return response.content
    }

    // MARK: "Define a dynamic schema at runtime"

    static func makeMenuSchema() -> DynamicGenerationSchema {
        // Create the dynamic schema at runtime.
        let menuSchema = DynamicGenerationSchema(
            name: "Menu",
            properties: [
                DynamicGenerationSchema.Property(
                    name: "dailySoup",
                    schema: DynamicGenerationSchema(
                        name: "dailySoup",
                        anyOf: ["Tomato", "Chicken Noodle", "Clam Chowder"]
                    )
                )

                // Add additional properties.
            ]
        )
        return menuSchema
    }

    static func makeSchema(menuSchema: DynamicGenerationSchema) throws -> GenerationSchema {
        // Create the schema.
        let schema = try GenerationSchema(root: menuSchema, dependencies: [])
        return schema
    }

    static func respondWithSchema(session: LanguageModelSession, schema: GenerationSchema) async throws -> GeneratedContent {
        // Pass the schema to the model to guide the output.
        let response = try await session.respond(
            to: "The prompt you want to make.",
            schema: schema
        )
        return response.content
    }
}
