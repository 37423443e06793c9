import Foundation
import TestSupport
import Testing

/// `fm respond`: a LanguageModelSession on the local model from the command line.
@Suite struct FMRespondTests {
    /// The repository's `Benchmarks/schemas` folder.
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/schemas")

    @Test func answersInText() throws {
        let out = try FMBinary.run([
            "respond", "--greedy", "--max-tokens", "32", "--instructions", "Answer in one sentence.",
            "What is the capital of France?",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Paris"))
    }

    @Test func answersUnderASchema() throws {
        let schema = Self.schemas.appendingPathComponent("contact.json").path
        let out = try FMBinary.run(["respond", "--greedy", "--max-tokens", "300", "--schema", schema, "A contact card for a barista."])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        #expect(object != nil, "not a JSON object: \(out.stdout)")
    }

    /// The second process reads back the instructions and schema text the first prefilled
    /// (`FM_PROMPT_CACHE`), and `-v` says so; its answer still follows the schema.
    @Test func aSecondProcessReadsThePromptBackFromTheCache() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fm-prompt-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let schema = Self.schemas.appendingPathComponent("npc-encounter.json").path
        let arguments = ["respond", "-v", "--greedy", "--max-tokens", "200", "--schema", schema, "Invent a customer for a coffee shop."]
        func cachedTokens(_ stderr: String) -> (prompt: Int, cached: Int)? {
            guard let match = stderr.firstMatch(of: /(\d+) prompt tokens \((\d+) cached\)/) else { return nil }
            return (Int(match.1)!, Int(match.2)!)
        }
        let first = try FMBinary.run(arguments, environment: ["FM_PROMPT_CACHE": cache.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(cachedTokens(first.stderr)?.cached == 0, "\(first.stderr)")
        let second = try FMBinary.run(arguments, environment: ["FM_PROMPT_CACHE": cache.path])
        #expect(second.status == 0, "\(second.stderr)")
        let counts = try #require(cachedTokens(second.stderr), "\(second.stderr)")
        #expect(counts.cached == counts.prompt - 1, "\(second.stderr)")
        #expect(counts.prompt > 200)
        #expect((try? JSONSerialization.jsonObject(with: Data(second.stdout.utf8))) is [String: Any], "\(second.stdout)")
    }

    @Test func aMissingModelSaysHowToInstallIt() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("fm-empty-\(UUID().uuidString)").path
        let out = try FMBinary.run(["respond", "Hello"], environment: ["FM_MODELS_DIR": empty])
        #expect(out.status == 1)
        #expect(out.stderr.contains("fm model install"))
        #expect(!out.crashed)
    }
}
