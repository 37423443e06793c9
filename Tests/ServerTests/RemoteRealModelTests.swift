import Foundation
import FoundationModels
import LocalModels
import RemoteModels
import TestSupport
import Testing

/// The seeds' guided-generation and tool-calling samples through the whole chain: a session on
/// `RemoteLanguageModel` → HTTP → `ChatServer` → the real Qwen model on the local engine.
@Suite(.serialized) struct RemoteRealModelTests {
    @Generable
    struct Cat {
        @Guide(description: "The cat's name")
        var name: String
        @Guide(description: "The cat's age", .range(0...20))
        var age: Int
        @Guide(description: "A one sentence profile about the cat's personality")
        var profile: String
    }

    struct GetWeatherTool: Tool {
        let name = "getWeather"
        let description = "Retrieve the latest weather information for a city"

        @Generable
        struct Arguments {
            @Guide(description: "The city to fetch the weather for")
            var city: String
        }

        func call(arguments: Arguments) async throws -> String {
            "The temperature in \(arguments.city) is 71 degrees Fahrenheit."
        }
    }

    /// A server on the real model and a remote model pointing at it.
    static func serve() async throws -> (ServerHarness, RemoteLanguageModel) {
        let path = try TestModels.qwenPath()
        let harness = try await ServerHarness.start(model: GGUFLanguageModel(path: path, contextSize: 2048), name: "qwen")
        // fm serve shows the schema to the model itself: the model sees the prompt a local
        // session would give it (`.inMessages` would show the client's rendering instead).
        // The time-out is generous on purpose: in the full suite every real-model suite runs at
        // once on 2 cores, and an answer that takes 5 s alone took up to 300 s there. What these
        // tests check is the chain's behaviour, not its speed (that is the benchmarks' job).
        let remote = RemoteLanguageModel(
            baseURL: URL(string: harness.base + "/v1")!, model: "qwen", timeout: .seconds(1200), schemaPresentation: .byServer)
        return (harness, remote)
    }

    @Test("guided generation: a @Generable answer follows its guides, streamed and whole")
    func guidedGeneration() async throws {
        let (harness, remote) = try await Self.serve()
        let session = LanguageModelSession(model: remote)
        let options = GenerationOptions(samplingMode: .greedy)
        let cat = try await session.respond(to: "Generate a rescue cat", generating: Cat.self, options: options).content
        #expect((0...20).contains(cat.age))
        #expect(!cat.name.isEmpty && !cat.profile.isEmpty)

        var snapshots = 0
        var last: Cat.PartiallyGenerated?
        for try await snapshot in LanguageModelSession(model: remote).streamResponse(
            to: "Generate a rescue cat", generating: Cat.self,
            options: options)
        {
            snapshots += 1
            last = snapshot.content
        }
        #expect(snapshots > 1, "snapshots arrive as the server streams")
        #expect(last?.age.map { (0...20).contains($0) } == true)
        await harness.stop()
    }

    @Test("tool calling: the model's call runs in the session's tool loop and the answer uses its output")
    func toolCalling() async throws {
        let (harness, remote) = try await Self.serve()
        let session = LanguageModelSession(
            model: remote, tools: [GetWeatherTool()],
            instructions: "Help the person with getting weather information")
        let response = try await session.respond(to: "What is the temperature in Cupertino?", options: GenerationOptions(samplingMode: .greedy))
        let calls = response.transcriptEntries.compactMap { if case .toolCalls(let calls) = $0 { calls } else { nil } }.flatMap { $0 }
        #expect(!calls.isEmpty)
        #expect(calls.allSatisfy { $0.toolName == "getWeather" })
        let outputs = response.transcriptEntries.compactMap { if case .toolOutput(let output) = $0 { output } else { nil } }
        #expect(outputs.count == calls.count)
        await harness.stop()
    }
}
