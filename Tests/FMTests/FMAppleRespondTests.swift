import Foundation
import TestSupport
import Testing

/// `fm respond`, `fm token-count`, `fm available` and `fm quota-usage` with Apple's flags and
/// output, through a pipe as scripts run them.
@Suite struct FMAppleRespondTests {
    /// A fresh `FM_HOME` for one test.
    static func home() -> [String: String] {
        ["FM_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("fm-home-\(UUID().uuidString)").path]
    }

    @Test func thePromptComesFromStandardInputAndStreamingIsTheDefault() throws {
        _ = try TestModels.qwenPath()
        let prompt = "What is the capital of France? Answer in one word."
        let streamed = try FMBinary.run(["respond", "-g", "--max-tokens", "16"], stdin: prompt)
        let whole = try FMBinary.run(["respond", "--greedy", "--no-stream", "--max-tokens", "16", prompt])
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(streamed.stdout.contains("Paris"))
        // Greedy: the streamed answer and the whole answer are the same text.
        #expect(streamed.stdout == whole.stdout)
    }

    @Test func textSegmentsInstructionsAndVerbose() throws {
        _ = try TestModels.qwenPath()
        let out = try FMBinary.run([
            "respond", "-g", "-v", "-i", "Answer in one word.", "--max-tokens", "16", "--text", "What is the capital of Italy?",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Rome"))
        #expect(out.stderr.contains("Creating session with"))
    }

    @Test func systemIsTheLocalModelAndPCCIsUnavailable() throws {
        _ = try TestModels.qwenPath()
        let system = try FMBinary.run(["respond", "-m", "system", "-g", "--max-tokens", "4", "Hi"])
        #expect(system.status == 0, "\(system.stderr)")
        let pcc = try FMBinary.run(["respond", "-m", "pcc", "Hi"])
        #expect(pcc.status == 1)
        #expect(pcc.stderr.contains("PCC inference is not available in this context."))
        let unknown = try FMBinary.run(["respond", "-m", "no-such-model", "Hi"])
        #expect(unknown.status != 0 && !unknown.crashed)
    }

    /// `--context-size` sets the session's context: a prompt longer than a small context is
    /// refused with both figures; one past the model's trained length is refused, naming it.
    @Test func contextSizeIsTheSessionsContext() throws {
        _ = try TestModels.qwenPath()
        let prompt = String(repeating: "Tell me about coffee. ", count: 20)
        let small = try FMBinary.run(["respond", "-g", "--context-size", "64", "--max-tokens", "4", prompt])
        #expect(small.status == 1 && !small.crashed, "\(small.stderr)")
        #expect(small.stderr.contains("64"), "\(small.stderr)")
        let enough = try FMBinary.run(["respond", "-g", "--context-size", "512", "--max-tokens", "4", prompt])
        #expect(enough.status == 0, "\(enough.stderr)")
        let tooLong = try FMBinary.run(["respond", "-g", "--context-size", "40000", "--max-tokens", "4", "Hi"])
        #expect(tooLong.status == 1 && tooLong.stderr.contains("40000") && tooLong.stderr.contains("32768"), "\(tooLong.stderr)")
        let zero = try FMBinary.run(["respond", "--context-size", "0", "Hi"])
        #expect(zero.status != 0 && zero.stderr.contains("--context-size"), "\(zero.stderr)")
    }

    /// `--kv-cache q8_0` answers as the f16 cache does on a short greedy prompt; an unknown
    /// format is refused by the flag, and by `FM_KV_CACHE` with a message naming it.
    @Test func kvCacheFormats() throws {
        _ = try TestModels.qwenPath()
        let prompt = "What is the capital of France? Answer in one word."
        let half = try FMBinary.run(["respond", "-g", "--no-stream", "--max-tokens", "8", prompt])
        let eight = try FMBinary.run(["respond", "-g", "--no-stream", "--kv-cache", "q8_0", "--max-tokens", "8", prompt])
        #expect(half.status == 0 && eight.status == 0, "\(half.stderr) \(eight.stderr)")
        #expect(eight.stdout.contains("Paris") && half.stdout.contains("Paris"), "\(eight.stdout) / \(half.stdout)")
        let flag = try FMBinary.run(["respond", "--kv-cache", "q4_0", "Hi"])
        #expect(flag.status != 0 && flag.stderr.contains("q4_0"), "\(flag.stderr)")
        let variable = try FMBinary.run(["respond", "-g", "--max-tokens", "4", "Hi"], environment: ["FM_KV_CACHE": "q4_0"])
        #expect(variable.status == 1 && !variable.crashed && variable.stderr.contains("FM_KV_CACHE=q4_0"), "\(variable.stderr)")
    }

    @Test func imagesAreRefusedWithAReason() throws {
        let out = try FMBinary.run(["respond", "--image", "photo.jpg", "--text", "What is in this image?"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("--image photo.jpg") && out.stderr.contains("no vision"))
        let count = try FMBinary.run(["token-count", "--image", "a.jpg", "Describe"])
        #expect(count.status == 1 && count.stderr.contains("no vision"))
    }

    @Test func aTranscriptIsSavedAndLoaded() throws {
        _ = try TestModels.qwenPath()
        let home = Self.home()
        let first = try FMBinary.run(
            ["respond", "-g", "--max-tokens", "12", "-i", "Answer briefly.", "--save-transcript", "trip", "Name a city in Japan."], environment: home)
        #expect(first.status == 0, "\(first.stderr)")
        let file = URL(fileURLWithPath: home["FM_HOME"]!).appendingPathComponent("sessions/trip.json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(saved?["transcript"] != nil)
        // Loaded by session name and by path; the answer continues that conversation.
        let byName = try FMBinary.run(
            ["respond", "-g", "--max-tokens", "12", "--load-transcript", "trip", "--save-transcript", "trip2", "And one in Italy?"], environment: home
        )
        #expect(byName.status == 0, "\(byName.stderr)")
        let continued = try String(contentsOf: file.deletingLastPathComponent().appendingPathComponent("trip2.json"), encoding: .utf8)
        #expect(continued.contains("Name a city in Japan.") && continued.contains("And one in Italy?"))
        let byPath = try FMBinary.run(["respond", "-g", "--max-tokens", "4", "--load-transcript", file.path, "Thanks"], environment: home)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        // A corrupt transcript is named; instructions and a transcript exclude each other.
        try Data("{ not json".utf8).write(to: file)
        let corrupt = try FMBinary.run(["respond", "--load-transcript", "trip", "Hi"], environment: home)
        #expect(corrupt.status == 1 && corrupt.stderr.contains(file.path))
        let both = try FMBinary.run(["respond", "-i", "x", "--load-transcript", "trip", "Hi"], environment: home)
        #expect(both.status != 0 && both.stderr.contains("--load-transcript"))
    }

    @Test func aSchemaFromSchemaObjectGuidesTheAnswer() throws {
        _ = try TestModels.qwenPath()
        let schema = try FMBinary.run(["schema", "object", "--name", "Movie", "--string", "title", "--integer", "year", "--boolean", "rewatchable"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("movie-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(schema.stdout.utf8).write(to: file)
        let out = try FMBinary.run(["respond", "-g", "--max-tokens", "60", "--schema", file.path, "Give me a classic sci-fi film."])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        #expect(object?["title"] is String && object?["year"] is Int && object?["rewatchable"] is Bool, "\(out.stdout)")
    }

    @Test func contentTaggingAnswersWithTags() throws {
        _ = try TestModels.qwenPath()
        let out = try FMBinary.run(["respond", "-g", "--max-tokens", "30", "--use-case", "content-tagging", "Apple shipped a CLI for on-device AI."])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains(","), "\(out.stdout)")
        let bad = try FMBinary.run(["respond", "--guardrails", "none", "Hi"])
        #expect(bad.status != 0 && bad.stderr.contains("guardrails"))
    }

    @Test func tokenCountIsABareNumberWhenPiped() throws {
        _ = try TestModels.qwenPath()
        let piped = try FMBinary.run(["token-count", "The quick brown fox jumps over the lazy dog."])
        #expect(piped.status == 0, "\(piped.stderr)")
        let count = Int(piped.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(count != nil && count! > 5, "\(piped.stdout)")
        let quiet = try FMBinary.run(["token-count", "-q"], stdin: "The quick brown fox jumps over the lazy dog.")
        #expect(quiet.stdout == piped.stdout)
        // Instructions replace the template's default system message: longer ones count more.
        func counted(_ instructions: String) throws -> Int? {
            let out = try FMBinary.run(["token-count", "-i", instructions, "The quick brown fox jumps over the lazy dog."])
            return Int(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let short = try counted("You are concise.")
        let long = try counted("You are concise. You always answer in French, in one short sentence, without lists.")
        #expect(short != nil && long != nil && long! > short!)
    }

    @Test func tokenCountSaysTokenCountOnATerminal() throws {
        _ = try TestModels.qwenPath()
        var environment = PseudoTerminal.defaultEnvironment
        for key in ["FM_MODELS_DIR", "FM_MODEL"] { environment[key] = ProcessInfo.processInfo.environment[key] }
        let pty = try PseudoTerminal(
            executable: try FMBinary.url(), arguments: ["token-count", "The quick brown fox jumps over the lazy dog."],
            environment: environment, columns: 100, rows: 10)
        let screen = try pty.waitFor("Token count: ", timeout: .seconds(60))
        #expect(screen.contains("Token count: "))
        #expect(try pty.waitForExit(timeout: .seconds(30)) == 0)
    }

    @Test func availableAndQuotaUsageSpeakApplesLines() throws {
        _ = try TestModels.qwenPath()
        let all = try FMBinary.run(["available"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout == "System model available\n")
        #expect(all.stderr == "Error: PCC inference is not available in this context.\n")
        let pcc = try FMBinary.run(["available", "--model", "pcc"])
        #expect(pcc.status == 1)
        let system = try FMBinary.run(["available", "-m", "system"])
        #expect(system.status == 0 && system.stderr.isEmpty)
        let quota = try FMBinary.run(["quota-usage"])
        #expect(quota.status == 0)
        #expect(
            quota.stdout == "System: Not applicable (quota only applies to PCC)\nPCC: unavailable (PCC inference is not available in this context.)\n"
        )
    }
}
