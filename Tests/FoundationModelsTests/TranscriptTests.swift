import Foundation
import Testing

@testable import FoundationModels

struct BreadSearchTool: Tool {
    let name = "searchBreadDatabase"
    let description = "Searches a local database for bread recipes."

    struct Arguments: Generable {
        var searchTerm: String
        var limit: Int
        static var generationSchema: GenerationSchema {
            GenerationSchema(
                type: Arguments.self,
                properties: [
                    .init(name: "searchTerm", description: "The type of bread to search for", type: String.self),
                    .init(name: "limit", description: "The number of recipes to get", type: Int.self, guides: [.range(1...6)]),
                ])
        }
        init(_ content: GeneratedContent) throws {
            searchTerm = try content.value(forProperty: "searchTerm")
            limit = try content.value(forProperty: "limit")
        }
        var generatedContent: GeneratedContent { GeneratedContent(properties: ["searchTerm": searchTerm, "limit": limit]) }
    }

    func call(arguments: Arguments) async throws -> String { "[]" }
}

@Suite struct TranscriptTests {
    static func sampleTranscript() -> Transcript {
        Transcript(entries: [
            .instructions(
                .init(
                    id: "I1", segments: [.text(.init(id: "S1", content: "You are a bread expert."))],
                    toolDefinitions: [Transcript.ToolDefinition(tool: BreadSearchTool())])),
            .prompt(
                .init(
                    id: "P1", segments: [.text(.init(id: "S2", content: "A brioche recipe?"))],
                    options: GenerationOptions(samplingMode: .random(top: 40, seed: 7), temperature: 0.5, maximumResponseTokens: 300),
                    responseFormat: Transcript.ResponseFormat(type: Bean.self))),
            .toolCalls(
                .init(
                    id: "C1",
                    [
                        Transcript.ToolCall(
                            id: "call-1", toolName: "searchBreadDatabase",
                            arguments: GeneratedContent(properties: ["searchTerm": "brioche", "limit": 1]))
                    ])),
            .toolOutput(.init(id: "call-1", toolName: "searchBreadDatabase", segments: [.text(.init(id: "S3", content: "[]"))])),
            .response(
                .init(
                    id: "R1", assetIDs: ["model.gguf"],
                    segments: [
                        .structure(.init(id: "S4", source: "Bean", content: GeneratedContent(properties: ["origin": "Kenya", "roast": "dark"])))
                    ])),
            .prompt(.init(id: "P2", segments: [.text(.init(id: "S5", content: "Thanks"))], options: GenerationOptions(samplingMode: .greedy))),
            .prompt(.init(id: "P3", segments: [], options: GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9)))),
            .response(.init(id: "R2", assetIDs: [], segments: [.text(.init(id: "S6", content: "You're welcome."))])),
        ])
    }

    @Test func codableRoundTrip() throws {
        let transcript = Self.sampleTranscript()
        let data = try JSONEncoder().encode(transcript)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded == transcript)
        #expect(decoded.count == 8)
        #expect(decoded[2].id == "C1")
    }

    @Test func encodesInApplesFormat() throws {
        let json = try sortedJSON(Self.sampleTranscript())
        #expect(
            json.hasPrefix(
                ##"{"transcript":{"entries":[{"contents":[{"id":"S1","text":"You are a bread expert.","type":"text"}],"id":"I1","role":"instructions","tools":[{"function":{"description":"Searches a local database for bread recipes.","name":"searchBreadDatabase","parameters":{"additionalProperties":false,"##
            ))
        #expect(
            json.contains(
                ##"{"id":"C1","role":"response","toolCalls":[{"arguments":"{\"searchTerm\": \"brioche\", \"limit\": 1}","id":"call-1","name":"searchBreadDatabase"}]}"##
            ))
        #expect(
            json.contains(
                ##"{"contents":[{"id":"S3","text":"[]","type":"text"}],"id":"call-1","role":"tool","toolCallID":"call-1","toolName":"searchBreadDatabase"}"##
            ))
        #expect(json.contains(##""responseFormat":{"jsonSchema":{"name":"Bean","schema":{"$defs""##))
        #expect(
            json.contains(
                ##"{"assets":["model.gguf"],"contents":[{"id":"S4","structure":{"content":{"origin":"Kenya","roast":"dark"},"source":"Bean"},"type":"structure"}],"id":"R1","role":"response"}"##
            ))
        #expect(json.hasSuffix(##""type":"FoundationModels.Transcript","version":1}"##))
    }

    @Test func decodesAppleShapedDocument() throws {
        let text = ##"""
            {"version": 1, "type": "FoundationModels.Transcript", "transcript": {"entries": [
              {"id": "A", "role": "instructions", "contents": [{"type": "text", "id": "t1", "text": "Be brief."}]},
              {"id": "B", "role": "user", "options": {}, "contents": [{"type": "text", "id": "t2", "text": "Hi"}],
               "responseFormat": {"type": "jsonSchema", "jsonSchema": {"name": "Reply", "schema": {"type": "object", "title": "Reply",
                 "additionalProperties": false, "properties": {"b": {"type": "string"}, "a": {"type": "integer"}}, "x-order": ["b", "a"], "required": ["b"]}}}},
              {"id": "C", "role": "response", "assets": ["x"], "contents": [{"type": "structure", "id": "0", "structure": {"source": "Reply", "content": {"b": "hey", "a": 2}}}]}
            ]}}
            """##
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(text.utf8))
        #expect(transcript.count == 3)
        guard case .prompt(let prompt) = transcript[1], let format = prompt.responseFormat else { Issue.record("no prompt"); return }
        #expect(format.name == "Reply")
        #expect(prompt.options == GenerationOptions())
        #expect(try sortedJSON(format.schema).contains(##""x-order":["b","a"]"##))
        guard case .response(let response) = transcript[2], case .structure(let structure) = response.segments.first else {
            Issue.record("no response"); return
        }
        #expect(try structure.content.value(Int.self, forProperty: "a") == 2)
        #expect(transcript[0].description == "Instructions: Be brief.")
    }

    @Test func badDocumentsNameTheProblem() {
        let text = ##"{"transcript": {"entries": [{"id": "A", "role": "robot", "contents": []}]}}"##
        #expect {
            try JSONDecoder().decode(Transcript.self, from: Data(text.utf8))
        } throws: { error in
            String(describing: error).contains("entry 0") && String(describing: error).contains("robot")
        }
    }

    @Test func collectionAndDescriptions() {
        var transcript = Self.sampleTranscript()
        transcript[7] = .response(.init(id: "R3", assetIDs: [], segments: [.text(.init(content: "Bye"))]))
        #expect(transcript.last?.id == "R3")
        #expect(transcript.last?.description == "Response: Bye")
        guard case .toolCalls(let calls) = transcript[2] else { Issue.record("no calls"); return }
        #expect(calls.count == 1)
        #expect(calls.description == ##"searchBreadDatabase({"searchTerm": "brioche", "limit": 1})"##)
        #expect(Transcript.ToolDefinition(tool: BreadSearchTool()) == Transcript.ToolDefinition(tool: BreadSearchTool()))
        #expect(Transcript.ResponseFormat(schema: Person.generationSchema) == Transcript.ResponseFormat(type: Person.self))
        #expect(Transcript.ResponseFormat(type: Person.self) != Transcript.ResponseFormat(type: Bean.self))
    }
}
