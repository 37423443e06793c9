import ArgumentParser
import Foundation
import FoundationModels

/// `fm token-count PROMPT`: how many tokens a prompt takes on the local model, counted by
/// `SystemLanguageModel.tokenCount(for:)` — Apple's `fm token-count` (macOS 27).
///
/// A prompt alone is `tokenCount(for: prompt)`; with instructions or a loaded transcript, the
/// count is `tokenCount(for:)` of the transcript entries they make, the prompt last.
struct TokenCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token-count",
        abstract: "Count the tokens of a prompt with the model's tokenizer.",
        discussion: """
            Prints `Token count: N` on a terminal, the bare number when standard output is a pipe \
            or with --quiet:
              fm token-count 'The quick brown fox jumps over the lazy dog.'
            """)

    @OptionGroup var model: SessionModelOptions

    @OptionGroup var input: PromptOptions

    @Flag(name: [.customShort("q"), .long], help: "Print only the number.")
    var quiet = false

    func run() async throws {
        let systemModel = try model.systemModel()
        try input.refuseImages()
        let text = try input.promptText()
        try systemModel.requireAvailable()
        let count = try await CLIError.reportingModelErrors {
            try await Self.count(prompt: text, instructions: input.instructions, transcript: input.loadedTranscript(), model: systemModel)
        }
        if quiet || isatty(STDOUT_FILENO) == 0 {
            print(count)
        } else {
            print("Token count: \(count)")
        }
    }

    /// The count of a prompt, after instructions and a transcript when given.
    static func count(prompt: String, instructions: String?, transcript: Transcript?, model: SystemLanguageModel) async throws -> Int {
        if instructions == nil, transcript == nil {
            return try await model.tokenCount(for: prompt)
        }
        var entries: [Transcript.Entry] = transcript.map { Array($0) } ?? []
        if let instructions {
            let entry = Transcript.Instructions(segments: [.text(.init(content: instructions))], toolDefinitions: [])
            entries.insert(.instructions(entry), at: 0)
        }
        entries.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: prompt))])))
        return try await model.tokenCount(for: entries)
    }
}
