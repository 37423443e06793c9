import Foundation
import StructuredDecoding
import Testing

@_spi(Serving) @testable import FoundationModels

/// The schema as the prompt shows it: a TypeScript type that says everything the JSON Schema
/// says (names, order, optionality, choices, ranges, descriptions) in fewer tokens.
@Suite struct SchemaPromptTextTests {
    @Test func recursiveTypeIsNamedAndDescribedLineByLine() {
        let expected = """
            type Person = {
              "age"?: integer, // The person's age; 18 to 100
              "children": Person[], // The person's children; at most 3 items
              "name": string, // The person's name
            };
            Person
            """
        #expect(SchemaTypeScript(document: Person.generationSchema.jsonValue).text == expected)
    }

    @Test func definitionsComeFirstWithTheirDescriptions() {
        let expected = """
            // How dark the beans are
            type Roast = "light" | "medium" | "dark";
            // A coffee bean
            {
              "origin": string,
              "roast": Roast, // The roast level
            }
            """
        #expect(SchemaTypeScript(document: Bean.generationSchema.jsonValue).text == expected)
    }

    @Test func jsonSchemaKeywordsBecomeTypesAndNotes() throws {
        let schema = try GenerationSchema(
            jsonSchema: #"""
                {"type": "object", "required": ["id", "tags"], "properties": {
                  "id": {"type": "string", "pattern": "^[A-Z]{3}$"},
                  "tags": {"type": "array", "items": {"enum": ["red", "green"]}, "minItems": 1, "maxItems": 2, "uniqueItems": true},
                  "nick": {"type": "string", "minLength": 2, "maxLength": 8},
                  "score": {"type": ["number", "null"], "exclusiveMinimum": 0},
                  "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"const": "x"}], "items": false},
                  "kind": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"enum": [1, 2]}}]},
                  "my key": {"type": "boolean"}
                }}
                """#)
        let expected = #"""
            {"id": string /* matching /^[A-Z]{3}$/ */, "tags": ("red" | "green")[] /* 1 to 2 items; unique items */, "nick"?: string /* 2 to 8 characters */, "score"?: number | null /* more than 0 */, "pair"?: [integer, "x"], "kind"?: integer | (1 | 2)[], "my key"?: boolean}
            """#
        #expect(SchemaTypeScript(document: schema.jsonValue).text == expected)
    }

    @Test func keywordsItCannotSayAreKeptAsJSON() {
        let document = JSONValue.members([
            ("type", .string("integer")), ("minimum", .integer(1)), ("x-unit", .string("cm")),
        ])
        #expect(SchemaTypeScript(document: document).text == #"integer /* at least 1; {"x-unit":"cm"} */"#)
    }

    /// The benchmark's schema (Apple's dialect, four action kinds in `$defs`): every property
    /// and choice is named, in about a third of the JSON's characters (619 of 1,811).
    @Test func npcEncounterTakesAThirdOfItsJSON() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/schemas/npc-encounter.json")
        let schema = try GenerationSchema(jsonSchema: try String(contentsOf: url, encoding: .utf8))
        let json = schema.jsonValue.compactText
        let text = SchemaTypeScript(document: schema.jsonValue).text
        for word in [
            #""npcName": string"#, "grumpy", #""patience": integer, // 0 to 10"#, #""actions": Action[], // 1 to 5 items"#,
            "What the NPC says first", #""type": "orderCoffee""#, #""extraShots": integer /* 0 to 4 */"#, #""wantsManager": boolean"#,
            #""weather" | "sports""#, #""tip": number /* 0 to 20 */"#,
        ] {
            #expect(text.contains(word), "missing \(word) in \(text)")
        }
        #expect(text.utf8.count * 100 <= json.utf8.count * 35, "\(text.utf8.count) characters against \(json.utf8.count)")
    }

    /// A prompt that already opens with a schema's text (a remote client wrote it before the
    /// request reached `fm serve`) is not given a second copy; any other prompt with a response
    /// format is.
    @Test func aPromptThatAlreadyShowsItsSchemaIsNotGivenASecond() {
        let format = Transcript.ResponseFormat(type: Bean.self)
        let shown = Bean.generationSchema.promptText + "Pick a bean."
        func content(_ words: String, lastPrompt: Bool) -> String? {
            let transcript = Transcript(entries: [
                .prompt(Transcript.Prompt(segments: [.text(.init(content: words))], responseFormat: format))
            ])
            return transcript.chatMessages(includeSchemaInLastPrompt: lastPrompt).last?.content
        }
        #expect(content(shown, lastPrompt: true) == shown)
        #expect(content("Pick a bean.", lastPrompt: true) == shown)
        #expect(content("Pick a bean.", lastPrompt: false) == "Pick a bean.")
        #expect(SchemaPromptText.isShown(in: shown))
        #expect(!SchemaPromptText.isShown(in: "Pick a bean. " + shown))
    }
}
