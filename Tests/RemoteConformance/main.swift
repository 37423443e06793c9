// The remote model's end-to-end checks against a real OpenAI-compatible server: text, every
// guide kind, streaming snapshots, two turns, tools, cancellation, and — through the fault
// proxy of scripts/remote_conformance_proxy.py — 429, a time-out and injected guide violations.
//
//   FM_REMOTE_BASE_URL=http://127.0.0.1:8080/v1 FM_REMOTE_MODEL=qwen \
//   FM_REMOTE_PROXY_URL=http://127.0.0.1:8090 remote-conformance
//
// Prints one line per check and closes with `N passed, N failed`; exits 1 when a check failed.
import Foundation
import FoundationModels
import RemoteModels

let environment = ProcessInfo.processInfo.environment
guard let base = environment["FM_REMOTE_BASE_URL"].flatMap(URL.init(string:)) else {
    say("remote-conformance: set FM_REMOTE_BASE_URL (e.g. http://127.0.0.1:8080/v1)")
    exit(2)
}
let modelName = environment["FM_REMOTE_MODEL"] ?? "default"
let label = environment["FM_REMOTE_LABEL"] ?? base.absoluteString
let proxy = environment["FM_REMOTE_PROXY_URL"].flatMap(URL.init(string:))
let model = RemoteLanguageModel(baseURL: base, model: modelName, timeout: .seconds(300))
let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200)

/// A remote model on the fault proxy in `mode` (`pass`, `429`, `stall`, `content-<base64url>`).
@MainActor func proxied(_ mode: String, timeout: Duration = .seconds(300)) -> RemoteLanguageModel? {
    proxy.map { RemoteLanguageModel(baseURL: $0.appendingPathComponent(mode).appendingPathComponent("v1"), model: modelName, timeout: timeout) }
}

/// `text` as base64url, for the proxy's `content-` mode.
func base64url(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

/// Writes a line to standard output at once (unbuffered, so the log follows the run).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A check that failed, saying why.
struct CheckFailure: Error, CustomStringConvertible {
    let description: String
}

var passed = 0
var failed = 0

/// Runs a check: it returns a detail for the log, or throws why it failed.
@MainActor func check(_ name: String, _ body: () async throws -> String) async {
    let start = ContinuousClock.now
    do {
        let detail = try await body()
        passed += 1
        say("PASS \(name) (\(ContinuousClock.now - start)): \(detail)")
    } catch {
        failed += 1
        say("FAIL \(name) (\(ContinuousClock.now - start)): \(error)")
    }
}

say("remote-conformance against \(label) (model \(modelName))")

await check("text") {
    let answer = try await LanguageModelSession(model: model, instructions: "Answer in one short sentence.")
        .respond(to: "Name a coffee drink.", options: greedy).content
    guard !answer.isEmpty else { throw CheckFailure(description: "empty answer") }
    return answer
}

await check("every guide kind") {
    let order = try await LanguageModelSession(model: model, instructions: "You take coffee orders.")
        .respond(to: "Ana wants a latte with oat milk.", generating: ConformanceOrder.self, options: greedy).content
    let broken = order.brokenGuides
    guard broken.isEmpty else { throw CheckFailure(description: "guides broken: \(broken)") }
    return "name \(order.name), drink \(order.drink), shots \(order.shots), toppings \(order.toppings)"
}

await check("streaming snapshots") {
    var snapshots = 0
    var last: ConformanceDrink.PartiallyGenerated?
    for try await snapshot in LanguageModelSession(model: model).streamResponse(
        to: "Suggest a coffee drink.", generating: ConformanceDrink.self, options: greedy)
    {
        snapshots += 1
        last = snapshot.content
    }
    guard snapshots >= 2, let name = last?.name, let shots = last?.shots else {
        throw CheckFailure(description: "\(snapshots) snapshots, last \(String(describing: last))")
    }
    return "\(snapshots) snapshots, last \(name) with \(shots) shots"
}

await check("multi-turn") {
    let session = LanguageModelSession(model: model, instructions: "Answer briefly.")
    _ = try await session.respond(to: "My name is Ana. Name a tea.", options: greedy)
    let start = ContinuousClock.now
    let second = try await session.respond(to: "What is my name?", options: greedy).content
    let latency = ContinuousClock.now - start
    guard session.transcript.count >= 4 else { throw CheckFailure(description: "transcript has \(session.transcript.count) entries") }
    return "second turn \(latency): \(second)"
}

await check("tools (allowed)") {
    let tool = ConformanceWeatherTool()
    let session = LanguageModelSession(model: model, tools: [tool], instructions: "Use the getWeather tool to answer weather questions.")
    let answer = try await session.respond(to: "What is the weather in Paris?", options: greedy).content
    guard !tool.cities.isEmpty else { throw CheckFailure(description: "the tool was not called; answer: \(answer)") }
    return "called for \(tool.cities); answer: \(answer)"
}

await check("tools (required)") {
    // A prompt that needs no tool: under `.required` the model must still call one, at every
    // step, until a tool throws (Apple's contract); the second call throws.
    let tool = ConformanceWeatherTool(throwsAtCall: 2)
    let session = LanguageModelSession(model: model, tools: [tool], instructions: "You are a helpful assistant.")
    var options = greedy
    options.toolCallingMode = .required
    do {
        let answer = try await session.respond(to: "Say hello to Ana.", options: options).content
        throw CheckFailure(description: "answered under .required after \(tool.cities.count) calls: \(answer)")
    } catch let error as LanguageModelSession.ToolCallError where error.underlyingError is ConformanceWeatherTool.Enough {
        return "called for \(tool.cities), then the tool threw"
    }
}

await check("cancellation") {
    let task = Task {
        var count = 0
        for try await _ in LanguageModelSession(model: model).streamResponse(
            to: "Count from 1 to 300, one number per line.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1500))
        {
            count += 1
            if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        }
    }
    do {
        try await task.value
        throw CheckFailure(description: "the response finished despite the cancellation")
    } catch is CancellationError {}
    // The server has seen the client leave and takes the next request.
    let next = try await LanguageModelSession(model: model).respond(to: "Say OK.", options: greedy).content
    return "cancelled; next answer: \(next)"
}

if proxy != nil {
    await check("429 with Retry-After through the proxy") {
        do {
            _ = try await LanguageModelSession(model: proxied("429")!).respond(to: "Hi")
            throw CheckFailure(description: "no error")
        } catch LanguageModelError.rateLimited(let limited) {
            guard limited.debugDescription.contains("retry after 3 s"), limited.resetDate != nil else {
                throw CheckFailure(description: limited.debugDescription)
            }
            return limited.debugDescription
        }
    }

    await check("time-out through the proxy") {
        do {
            _ = try await LanguageModelSession(model: proxied("stall", timeout: .seconds(3))!).respond(to: "Hi")
            throw CheckFailure(description: "no error")
        } catch LanguageModelError.timeout(let timeout) {
            guard timeout.debugDescription.contains("timeout") else { throw CheckFailure(description: timeout.debugDescription) }
            return timeout.debugDescription
        }
    }

    await check("the proxy passes requests on") {
        try await LanguageModelSession(model: proxied("pass")!).respond(to: "Say OK.", options: greedy).content
    }

    await check("injected guide violations fail closed") {
        var caught: [String] = []
        var missed: [String] = []
        for (guide, json) in ConformanceOrder.violations {
            do {
                _ = try await LanguageModelSession(model: proxied("content-" + base64url(json))!)
                    .respond(to: "Order", generating: ConformanceOrder.self)
                missed.append(guide)
            } catch is GeneratedContent.ParsingError {
                caught.append(guide)
            }
        }
        let summary = "injected \(ConformanceOrder.violations.count), caught \(caught.count)"
        guard missed.isEmpty else { throw CheckFailure(description: summary + "; reached the caller: \(missed)") }
        return summary
    }
}

say("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
