import ArgumentParser
import GGUF

/// `fm inspect FILE`: prints a GGUF file's header, metadata and tensor table.
///
/// ```
/// fm inspect ~/.cache/fm/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf | head -60
/// fm inspect --json model.gguf | jq '.totals'
/// ```
/// A malformed file prints the parser's error (naming the problem and byte offset) to stderr
/// and exits with status 1.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a GGUF file's metadata and tensor table.",
        discussion: """
            Long arrays show their element type, count and first elements; long strings (such \
            as the chat template) are cut short. --full prints everything.
            """)

    @Argument(help: "Path of a GGUF file.")
    var file: String

    @Flag(help: "Print long strings and arrays in full.")
    var full = false

    @Flag(help: "Print a machine-readable JSON object instead of text.")
    var json = false

    func run() throws {
        let gguf: GGUFFile
        do {
            gguf = try GGUFFile(path: file)
        } catch .cannotOpen(let path, let reason) {
            throw CLIError(GGUFError.cannotOpen(path: path, reason: reason).description)
        } catch {
            throw CLIError("\(file): \(error)")
        }
        let report = InspectReport(file: gguf, full: full)
        print(json ? report.json() : report.text())
    }
}
