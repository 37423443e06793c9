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

    @Test func aMissingModelSaysHowToInstallIt() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("fm-empty-\(UUID().uuidString)").path
        let out = try FMBinary.run(["respond", "Hello"], environment: ["FM_MODELS_DIR": empty])
        #expect(out.status == 1)
        #expect(out.stderr.contains("fm model install"))
        #expect(!out.crashed)
    }
}
