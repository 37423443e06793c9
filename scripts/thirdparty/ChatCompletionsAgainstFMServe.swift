// A test of ours, copied by scripts/thirdparty_check into its scratch package beside Apple's
// foundation-models-utilities (never into this repository's own targets): Apple's
// `ChatCompletionsLanguageModel`, unchanged, answering through `fm serve` on loopback — text,
// streaming snapshots, a `@Generable` type, a tool call. The script starts the server and sets
// FM_SERVE_URL; run without it, every test fails saying so.
import Foundation
import FoundationModels
import FoundationModelsUtilities
import Synchronization
import Testing

@Generable
struct LoopbackDrink {
    @Guide(description: "The drink's name")
    var name: String
    @Guide(description: "Espresso shots", .range(1...3))
    var shots: Int
}

/// Records the cities it is asked about; its second call throws, which ends a `.required`
/// request (Apple: the session keeps calling tools until one throws).
final class LoopbackWeatherTool: Tool {
    let name = "getWeather"
    let description = "Gets the current weather in a city."
    let cities = Mutex<[String]>([])

    struct Enough: Error {}

    @Generable
    struct Arguments {
        @Guide(description: "The city")
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        let count = cities.withLock {
            $0.append(arguments.city); return $0.count
        }
        if count == 2 { throw Enough() }
        return "It is sunny and 21 °C in \(arguments.city)."
    }
}

@Suite(.serialized)
struct ChatCompletionsAgainstFMServe {
    let model: ChatCompletionsLanguageModel
    let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 60)

    init() throws {
        let url = try #require(
            ProcessInfo.processInfo.environment["FM_SERVE_URL"].flatMap(URL.init(string:)),
            "FM_SERVE_URL is not set: scripts/thirdparty_check starts fm serve and sets it")
        model = ChatCompletionsLanguageModel(name: "system", url: url)
    }

    @Test func text() async throws {
        let answer = try await LanguageModelSession(model: model).respond(to: "Say hello in three words.", options: greedy)
        #expect(!answer.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test func streamingSnapshotsAreCumulative() async throws {
        // A reader slower than the server may see only the newest snapshot, so their number is
        // not fixed; each must extend the one before, and the last must be the answer.
        var snapshots: [String] = []
        let stream = LanguageModelSession(model: model).streamResponse(to: "Name three colours.", options: greedy)
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        let last = try #require(snapshots.last)
        #expect(!last.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $1.hasPrefix($0) }, "\(snapshots)")
        #expect(try await stream.collect().content == last)
    }

    @Test func generableType() async throws {
        let drink = try await LanguageModelSession(model: model).respond(
            to: "Invent a coffee drink.", generating: LoopbackDrink.self, options: greedy
        ).content
        #expect(!drink.name.isEmpty)
        #expect((1...3).contains(drink.shots), "\(drink.shots)")
    }

    @Test func toolCall() async throws {
        let tool = LoopbackWeatherTool()
        let session = LanguageModelSession(model: model, tools: [tool], instructions: "Use getWeather to answer weather questions.")
        let answer = try await session.respond(to: "What is the weather in Paris?", options: greedy)
        #expect(!tool.cities.withLock { $0 }.isEmpty, "no call; answer: \(answer.content)")
        #expect(session.transcript.contains { if case .toolOutput = $0 { true } else { false } })
    }

    @Test func requiredKeepsCallingUntilAToolThrows() async throws {
        let tool = LoopbackWeatherTool()
        let session = LanguageModelSession(model: model, tools: [tool], instructions: "You are a helpful assistant.")
        var options = greedy
        options.toolCallingMode = .required
        await #expect(throws: LanguageModelSession.ToolCallError.self) {
            try await session.respond(to: "Say hello to Ana.", options: options)
        }
        #expect(tool.cities.withLock { $0 }.count == 2)
    }
}
