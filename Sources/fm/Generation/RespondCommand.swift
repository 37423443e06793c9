import ArgumentParser
import Foundation
@_spi(Serving) import FoundationModels

/// `fm respond PROMPT`: one turn of a `LanguageModelSession` on the local model — the same path
/// an app's `session.respond(to:)` takes (chat template, constrained decoding) — printing the
/// answer (text, or JSON with `--schema`).
struct RespondCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond",
        abstract: "Answer one prompt with a LanguageModelSession on the local model.",
        discussion: """
            With --schema FILE (a JSON Schema, or a GenerationSchema in Apple's JSON dialect) the \
            answer is JSON that follows the schema, enforced token by token; a keyword that cannot be \
            enforced is refused, naming it. Exit status: 0 answered; 1 the model could \
            not answer (not installed, context exceeded, ...) or the schema file could not be read.
            """)

    @OptionGroup var model: ModelOptions

    @Option(help: "Instructions for the session (its system message).")
    var instructions: String?

    @Option(help: "A JSON Schema file (or Apple's GenerationSchema dialect) the answer must follow.")
    var schema: String?

    @Flag(help: "Print the answer as it is generated.")
    var stream = false

    @OptionGroup var sampling: SamplingOptions

    @Argument(help: "The prompt ('-' or nothing: standard input).")
    var prompt: String?

    func run() async throws {
        try model.selectForSessions()
        let text = try TextInput.read(prompt)
        try SystemLanguageModel.default.requireAvailable()
        let session = instructions.map { LanguageModelSession(instructions: $0) } ?? LanguageModelSession()
        let options = sampling.generationOptions
        do {
            if let schema {
                let decoded: GenerationSchema
                do {
                    decoded = try GenerationSchema(jsonSchema: String(contentsOfFile: schema, encoding: .utf8))
                } catch let problem as JSONSchemaProblem {
                    throw CLIError("\(schema): \(problem)")
                }
                if stream {
                    var printed = ""
                    for try await snapshot in session.streamResponse(to: text, schema: decoded, options: options) {
                        printed = snapshot.rawContent.jsonString
                    }
                    print(printed)
                } else {
                    print(try await session.respond(to: text, schema: decoded, options: options).content.jsonString)
                }
            } else if stream {
                var printed = ""
                for try await snapshot in session.streamResponse(to: text, options: options) {
                    let content = snapshot.content
                    if content.hasPrefix(printed) {
                        FileHandle.standardOutput.write(Data(content.dropFirst(printed.count).utf8))
                    }
                    printed = content
                }
                print()
            } else {
                print(try await session.respond(to: text, options: options).content)
            }
        } catch let error as LanguageModelSession.GenerationError {
            throw CLIError("\(error)")
        }
    }
}
