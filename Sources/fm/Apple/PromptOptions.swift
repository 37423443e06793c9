import ArgumentParser
import Foundation
import FoundationModels

/// What goes into a request, as Apple's `fm respond` and `fm token-count` take it:
/// instructions, text segments, images, a transcript to continue, and the prompt.
struct PromptOptions: ParsableArguments {
    @Option(name: [.customShort("i"), .long], help: "Instructions for the session (its system message).")
    var instructions: String?

    @Option(name: .customLong("text"), help: "Add a text segment to the prompt (repeatable; before the prompt argument).")
    var texts: [String] = []

    @Option(name: .customLong("image"), help: "Add an image (refused: the local models have no vision).")
    var images: [String] = []

    @Option(help: "Continue the conversation of a saved transcript (a file, or a session name).")
    var loadTranscript: String?

    @Argument(help: "The prompt ('-', or nothing without --text: standard input).")
    var prompt: String?

    func validate() throws {
        if instructions != nil, loadTranscript != nil {
            throw ValidationError("--instructions cannot be combined with --load-transcript (the transcript has its own)")
        }
    }

    /// Throws the typed refusal of `--image`.
    func refuseImages() throws {
        if let image = images.first {
            throw CLIError("--image \(image): images are not supported: the local models have no vision (text only)")
        }
    }

    /// The prompt text: the `--text` segments, then the argument (or standard input), one
    /// per line.
    func promptText() throws -> String {
        var parts = texts
        if let prompt, prompt != "-" {
            parts.append(prompt)
        } else if prompt == "-" || texts.isEmpty {
            parts.append(try TextInput.read(nil))
        }
        let text = parts.joined(separator: "\n")
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CLIError("the prompt is empty (give it as an argument, with --text, or on standard input)")
        }
        return text
    }

    /// The transcript named by `--load-transcript`: a file, else a saved session of that name.
    func loadedTranscript() throws -> Transcript? {
        guard let loadTranscript else { return nil }
        let file = URL(fileURLWithPath: loadTranscript)
        if FileManager.default.fileExists(atPath: file.path) || loadTranscript.contains("/") {
            return try SessionStore.readTranscript(at: file, label: "transcript")
        }
        return try SessionStore.standard().load(loadTranscript)
    }
}
