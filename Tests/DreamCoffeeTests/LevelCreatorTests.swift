import Foundation
import FoundationModels
import TestSupport
import Testing

@testable import DreamCoffee

/// The level creator: a design becomes a dynamic schema, and content generated under it goes up
/// on the wall.
@MainActor
@Suite struct LevelCreatorTests {
    @Test func aDesignBecomesADynamicSchemaWithItsDependencies() throws {
        let design = LevelDesign(
            name: "Riddle",
            fields: [
                LevelField(name: "question", kind: .text),
                LevelField(name: "answers", kind: .choices),
                LevelField(name: "question", kind: .number), // a duplicate name is dropped
                LevelField(name: "difficulty", kind: .number),
            ])
        let schema = try LevelCreator.schema(for: design)
        let json = String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
        #expect(json.contains(#""title":"Riddle""#))
        #expect(json.contains("Choice") && json.contains("isCorrect"))
        #expect(!json.contains(#""question":{"type":"integer"#))
    }

    @Test func theCreatorDesignsGeneratesAndHangsTheItem() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (game, model) = scriptedGame(
            [
                .text([#"{"name": "Riddle", "fields": [{"name": "question", "kind": "text"}, {"name": "answers", "kind": "choices"}]}"#]),
                .text([
                    #"{"question": "Dark or light, bitter or sweet?", "answers": [{"text": "Coffee", "isCorrect": true}, {"text": "Tea", "isCorrect": false}]}"#
                ]),
            ], folder: folder)
        await game.createItem("a riddle with multiple-choice answers")
        let item = try #require(game.state.items.first?.item)
        #expect(item.kindName == "Riddle")
        #expect(item.lines == ["question: Dark or light, bitter or sweet?", "answers: Coffee (correct) / Tea"])
        // The second request ran under the schema built from the design.
        let schema = try #require(model.requests[1].schema)
        #expect(String(decoding: try JSONEncoder().encode(schema), as: UTF8.self).contains("isCorrect"))
        #expect(game.walkToItem(1))
        game.approach()
        #expect(game.speech?.speaker == "Riddle")
    }

    @Test func anInvalidDesignIsReportedNotCrashed() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A design the game cannot read (no fields): a decoding failure, reported on the status
        // line, and nothing goes up on the wall.
        let (game, _) = scriptedGame([.text([#"{"name": "Potion"}"#])], folder: folder)
        await game.createItem("a potion")
        #expect(game.state.items.isEmpty)
        #expect(game.status.hasPrefix("The level creator failed"))
    }
}
