import Foundation
import TestSupport
import Testing

/// `fm generate`: a raw completion through the project's one token loop (the one sessions and
/// the server run), on the real model.
@Suite struct FMGenerateTests {
    static let chatPrompt = "<|im_start|>user\nWhat is the capital of France? One word.<|im_end|>\n<|im_start|>assistant\n"

    /// Greedy completions repeat, end at the model's end-of-turn token (not printed), and the
    /// timings go to stderr.
    @Test func aGreedyCompletionRepeatsAndEndsAtTheEndOfTurn() throws {
        let first = try FMBinary.run(["generate", "--greedy", "--max-tokens", "48", Self.chatPrompt])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Paris"), "\(first.stdout)")
        #expect(!first.stdout.contains("<|im_end|>"))
        let generated = first.stderr.firstMatch(of: /generated (\d+) tokens/).flatMap { Int($0.1) }
        #expect(generated.map { $0 > 0 && $0 < 48 } == true, "not ended by the end of turn: \(first.stderr)")
        let second = try FMBinary.run(["generate", "--greedy", "--max-tokens", "48", Self.chatPrompt])
        #expect(second.stdout == first.stdout)
    }

    /// `--max-tokens` bounds the completion; a seed repeats a sampled one.
    @Test func theTokenLimitAndTheSeedHold() throws {
        let limited = try FMBinary.run(["generate", "--seed", "3", "--max-tokens", "5", "Once upon a time"])
        #expect(limited.status == 0, "\(limited.stderr)")
        #expect(limited.stderr.contains("generated 5 tokens"), "\(limited.stderr)")
        let again = try FMBinary.run(["generate", "--seed", "3", "--max-tokens", "5", "Once upon a time"])
        #expect(again.stdout == limited.stdout)
        let none = try FMBinary.run(["generate", "--max-tokens", "0", "Once upon a time"])
        #expect(none.status == 0 && none.stdout == "\n", "\(none.stderr)")
    }

    /// A context too small for the prompt and the limit is refused before any work, naming both.
    @Test func aContextTooSmallIsRefused() throws {
        let out = try FMBinary.run(["generate", "--context", "4", "--max-tokens", "8", "Once upon a time"])
        #expect(out.status != 0 && !out.crashed)
        #expect(out.stderr.contains("exceeds the context of 4 tokens"), "\(out.stderr)")
    }
}
