import Foundation
import FoundationModels
import TestSupport
import Testing

/// The samples of "Generating Swift data structures with guided generation" build the schemas the
/// article describes and decode what a (scripted) model generates.
@Suite struct GuidedGenerationArticleTests {
    typealias Article = GuidedGenerationArticle

    @Test func catProfileSchemaHasTheDeclaredOrderAndGuides() throws {
        let json = try schemaJSON(Article.CatProfile.generationSchema)
        #expect(string(json, "title") == "CatProfile")
        #expect(string(json, "description") == "Basic profile information about a cat")
        #expect(string(json, "type") == "object")
        #expect(strings(json, "x-order") == ["name", "age", "profile"])
        #expect(Set(strings(json, "required") ?? []) == ["name", "age", "profile"])
        #expect(value(json, "additionalProperties") as? Bool == false)

        #expect(string(json, "properties", "name", "type") == "string")
        #expect(value(json, "properties", "name", "description") == nil)
        #expect(string(json, "properties", "age", "type") == "integer")
        #expect(string(json, "properties", "age", "description") == "The age of the cat")
        #expect(number(json, "properties", "age", "minimum") == 0)
        #expect(number(json, "properties", "age", "maximum") == 20)
        #expect(string(json, "properties", "profile", "description") == "A one sentence profile about the cat's personality")
    }

    @Test func rescueCatRequestIsConstrainedToCatProfileAndDecoded() async throws {
        let model = ScriptedLanguageModel([
            .text([#"{"name": "Mochi", "age": 3, "profile": "A shy cat who loves sunny windowsills."}"#])
        ])
        let cat = try await Article.rescueCat(session: LanguageModelSession(model: model))

        #expect(cat.name == "Mochi")
        #expect(cat.age == 3)
        #expect(cat.profile == "A shy cat who loves sunny windowsills.")
        let schema = try #require(model.requests.first?.schema)
        #expect(try strings(schemaJSON(schema), "x-order") == ["name", "age", "profile"])
    }

    @Test func menuSchemaOffersOnlyTheDailySoups() throws {
        let schema = try Article.makeSchema(menuSchema: Article.makeMenuSchema())
        let json = try schemaJSON(schema)
        #expect(string(json, "title") == "Menu")
        #expect(strings(json, "x-order") == ["dailySoup"])
        #expect(strings(json, "required") == ["dailySoup"])
        // The choice is written in place, named as the sample names it.
        #expect(string(json, "properties", "dailySoup", "title") == "dailySoup")
        #expect(string(json, "properties", "dailySoup", "type") == "string")
        #expect(strings(json, "properties", "dailySoup", "enum") == ["Tomato", "Chicken Noodle", "Clam Chowder"])
    }

    @Test func dynamicSchemaResponseIsReadByProperty() async throws {
        let model = ScriptedLanguageModel([.text([#"{"dailySoup": "Clam Chowder"}"#])])
        let schema = try Article.makeSchema(menuSchema: Article.makeMenuSchema())
        let content = try await Article.respondWithSchema(session: LanguageModelSession(model: model), schema: schema)

        #expect(try content.value(String.self, forProperty: "dailySoup") == "Clam Chowder")
        #expect(try model.requests.first?.schema.map(schemaText) == schemaText(schema))
    }
}
