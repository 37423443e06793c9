import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FoundationModels

/// Counts hook calls across tasks.
private final class HookLog: Sendable {
    let events = Mutex<[String]>([])
    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// Keeps the last `count` history entries before each request.
private struct KeepLast: LanguageModelSession.DynamicProfileModifier {
    @SessionProperty(\.history) private var history
    let count: Int

    func body(content: Content) -> some DynamicProfile {
        content.onPrompt { history = history.suffix(count) }
    }
}

/// Instructions that show a tool only when allowed.
private struct WeatherInstructions: DynamicInstructions {
    let allowWeather: Bool

    var body: some DynamicInstructions {
        Instructions("You are a helpful assistant.")
        if allowWeather {
            Instructions("You can look up the weather.")
            WeatherTool()
        }
        DynamicInstructions.ForEach(["Be brief.", "Be kind."], id: \.self) { rule in
            Instructions(rule)
        }
    }
}

@Suite struct DynamicProfileTests {
    @Test func dynamicInstructionsBecomeTheInstructionsEntryAndTheTools() async throws {
        let model = ScriptedLanguageModel([.text(["ok"])])
        let session = LanguageModelSession(model: model, dynamicInstructions: WeatherInstructions(allowWeather: true))
        try await session.respond(to: "Hi")
        guard case .instructions(let instructions) = session.transcript.first else {
            Issue.record("no instructions entry: \(session.transcript)")
            return
        }
        #expect(text(of: instructions.segments) == "You are a helpful assistant.You can look up the weather.Be brief.Be kind.")
        #expect(instructions.toolDefinitions.map(\.name) == ["getWeather"])
        #expect(model.requests.first?.enabledToolDefinitions.map(\.name) == ["getWeather"])
    }

    @Test func aConditionThatFailsOffersNoTool() async throws {
        let model = ScriptedLanguageModel([.text(["ok"])])
        let session = LanguageModelSession(model: model, dynamicInstructions: WeatherInstructions(allowWeather: false))
        try await session.respond(to: "Hi")
        #expect(model.requests.first?.enabledToolDefinitions.isEmpty == true)
    }

    @Test func profileSettingsOverrideTheRequestsOptions() async throws {
        let model = ScriptedLanguageModel([.text(["ok"])])
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }
            .model(model).temperature(0.25).maximumResponseTokens(12).toolCallingMode(.disallowed).reasoningLevel(.light)
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "Hi", options: GenerationOptions(temperature: 0.9))
        let request = try #require(model.requests.first)
        #expect(request.generationOptions.temperature == 0.25)
        #expect(request.generationOptions.maximumResponseTokens == 12)
        #expect(request.generationOptions.toolCallingMode == .disallowed)
        #expect(request.contextOptions.reasoningLevel == .light)
    }

    @Test func hooksRunForPromptsToolCallsOutputsAndResponses() async throws {
        let log = HookLog()
        let model = ScriptedLanguageModel([
            .toolCalls([ScriptedToolCall(id: "c1", name: "getWeather", arguments: #"{"city": "Paris"}"#)]),
            .text(["Sunny."]),
        ])
        let profile = LanguageModelSession.Profile {
            Instructions("Weather helper.")
            WeatherTool()
        }
        .model(model)
        .onPrompt { prompt in log.record("prompt \(text(of: prompt.segments))") }
        .onToolCall { call in log.record("call \(call.toolName)") }
        .onToolOutput { call, output in log.record("output \(call.id) \(text(of: output.segments))") }
        .onResponse { response in log.record("response \(text(of: response.segments))") }
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "Paris?")
        #expect(log.all == ["prompt Paris?", "call getWeather", "output c1 21°C", "response Sunny."])
    }

    @Test func aModifierWithASessionPropertyTrimsTheHistory() async throws {
        let model = ScriptedLanguageModel([.text(["one"]), .text(["two"]), .text(["three"])])
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }.model(model).modifier(KeepLast(count: 3))
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "1")
        try await session.respond(to: "2")
        try await session.respond(to: "3")
        // Before the third request the history (prompt 1, response 1, prompt 2, response 2,
        // prompt 3) was cut to its last three entries.
        #expect(kinds(model.requests[2].transcript) == ["instructions", "prompt", "response", "prompt"])
        #expect(kinds(session.transcript) == ["instructions", "prompt", "response", "prompt", "response"])
        #expect(session.properties.history.count == 4)
    }

    @Test func historyTransformChangesWhatTheModelSeesNotTheTranscript() async throws {
        let model = ScriptedLanguageModel([.text(["one"]), .text(["two"])])
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }.model(model).historyTransform { Array($0.suffix(1)) }
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "1")
        try await session.respond(to: "2")
        // The transform sees and returns the whole history, instructions included, as in
        // Apple's framework (its foundation-models-utilities' RollingWindowTests expect a
        // window of 3 to drop the instructions).
        #expect(kinds(model.requests[1].transcript) == ["prompt"])
        #expect(kinds(session.transcript) == ["instructions", "prompt", "response", "prompt", "response"])
    }

    @Test func historyTransformsRunInOrderOverTheWholeHistory() async throws {
        let model = ScriptedLanguageModel([.text(["one"]), .text(["two"])])
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }.model(model)
            .historyTransform { history in history.filter { if case .response = $0 { false } else { true } } }
            .historyTransform { history in Array(history.prefix(1) + history.suffix(1)) }
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "1")
        try await session.respond(to: "2")
        #expect(kinds(model.requests[0].transcript) == ["instructions", "prompt"])
        #expect(kinds(model.requests[1].transcript) == ["instructions", "prompt"])
        guard case .prompt(let prompt)? = model.requests[1].transcript.last, case .text(let text)? = prompt.segments.first else {
            Issue.record("the last entry the model saw is not a text prompt")
            return
        }
        #expect(text.content == "2")
    }
}

extension SessionPropertyValues {
    /// A custom session property declared with the macro.
    @SessionPropertyEntry var turnsTaken: Int = 0
}

/// Counts turns in a custom session property.
private struct CountTurns: LanguageModelSession.DynamicProfileModifier {
    @SessionProperty(\.turnsTaken) private var turnsTaken

    func body(content: Content) -> some DynamicProfile {
        content.onResponse { turnsTaken += 1 }
    }
}

@Suite struct SessionPropertyEntryTests {
    @Test func aDeclaredEntryStartsAtItsDefaultAndKeepsWhatHooksWrite() async throws {
        let model = ScriptedLanguageModel([.text(["one"]), .text(["two"])])
        let session = LanguageModelSession(profile: LanguageModelSession.Profile { Instructions("Be brief.") }.model(model).modifier(CountTurns()))
        #expect(session.properties.turnsTaken == 0)
        try await session.respond(to: "1")
        try await session.respond(to: "2")
        #expect(session.properties.turnsTaken == 2)
    }
}

/// Two parts chosen by how many turns were taken, each announcing when it becomes active and
/// when it stops being active; the whole profile announces itself once.
private struct FirstTurnThenRest: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.turnsTaken) private var turnsTaken
    let model: ScriptedLanguageModel
    let log: HookLog

    var body: some DynamicProfile {
        if turnsTaken == 0 {
            Profile { Instructions("Greet.") }.model(model)
                .onActivate { log.record("greeting on") }
                .onDeactivate { log.record("greeting off") }
        } else {
            Profile { Instructions("Answer.") }.model(model)
                .onActivate { log.record("answering on") }
                .onDeactivate { log.record("answering off") }
        }
    }
}

@Suite struct ProfileActivationTests {
    @Test func activationHooksRunWhenTheBranchTakenChanges() async throws {
        let log = HookLog()
        let model = ScriptedLanguageModel([.text(["hello"]), .text(["one"]), .text(["two"])])
        let profile = FirstTurnThenRest(model: model, log: log)
            .onActivate { log.record("session on") }
            .onDeactivate { log.record("session off") }
            .onPrompt { log.record("prompt") }
            .modifier(CountTurns())
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "1")
        #expect(log.all == ["session on", "greeting on", "prompt"])
        try await session.respond(to: "2")
        #expect(log.all == ["session on", "greeting on", "prompt", "greeting off", "answering on", "prompt"])
        try await session.respond(to: "3")
        // The same branch again: nothing activates or deactivates.
        #expect(log.all == ["session on", "greeting on", "prompt", "greeting off", "answering on", "prompt", "prompt"])
        #expect(model.requests.map { text(of: instructionsSegments($0.transcript)) } == ["Greet.", "Answer.", "Answer."])
    }
}

/// The segments of a transcript's instructions entry.
private func instructionsSegments(_ transcript: Transcript) -> [Transcript.Segment] {
    guard case .instructions(let instructions)? = transcript.first else { return [] }
    return instructions.segments
}
