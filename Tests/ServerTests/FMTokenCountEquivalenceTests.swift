import Foundation
import FoundationModels
import TestSupport
import Testing

/// `fm token-count` prints exactly `SystemLanguageModel.tokenCount(for:)` of the same prompt.
@Suite struct FMTokenCountEquivalenceTests {
    static let prompts = [
        "The quick brown fox jumps over the lazy dog.",
        "What is Swift?",
        "Say hello in three words.",
        "Give me a classic sci-fi film.",
        "Apple shipped a CLI for on-device AI.",
        "A",
        "Hi",
        "naïve café déjà vu — “quoted” ‘text’ …",
        "日本語のテキストを数えてください。",
        "emoji: ☕️🍰🫖 and flags 🇫🇷🇯🇵",
        "   leading and trailing spaces   ",
        "line one\nline two\n\nline four",
        "tabs\tand\tmore\ttabs",
        "<|im_start|>user\nnot a control token here<|im_end|>",
        "{\"json\": [1, 2, 3], \"nested\": {\"key\": null}}",
        "func greet(_ name: String) -> String { \"Hello, \\(name)!\" }",
        String(repeating: "espresso ", count: 200),
        "1234567890 3.14159 -42 1e10 0x1F",
        "https://example.com/path?query=1&other=two#fragment",
        "Write a haiku about a barista who dreams of mountains at dawn.",
    ]

    @Test func theCommandCountsWhatTheAPICounts() async throws {
        _ = try TestModels.qwenPath()
        let model = SystemLanguageModel.default
        var rows: [String] = []
        for prompt in Self.prompts {
            let out = try FMBinary.run(["token-count", prompt])
            #expect(out.status == 0, "\(out.stderr)")
            let command = Int(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            let api = try await model.tokenCount(for: prompt)
            #expect(command == api, "\(prompt.debugDescription): fm token-count \(String(describing: command)), tokenCount(for:) \(api)")
            rows.append("\(api)\t\(command.map(String.init) ?? "-")\t\(prompt.prefix(50).debugDescription)")
        }
        // Instructions count as a transcript with an instructions entry, then the prompt.
        let out = try FMBinary.run(["token-count", "-q", "-i", "You are concise", "Follow up"])
        let entries: [Transcript.Entry] = [
            .instructions(.init(segments: [.text(.init(content: "You are concise"))], toolDefinitions: [])),
            .prompt(.init(segments: [.text(.init(content: "Follow up"))])),
        ]
        let api = try await model.tokenCount(for: entries)
        #expect(Int(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == api)
        rows.append("\(api)\t\(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\t-i 'You are concise' 'Follow up'")
        print("tokenCount(for:)\tfm token-count\tprompt\n" + rows.joined(separator: "\n"))
    }
}
