import ArgumentParser
import Foundation
@_spi(Serving) import FoundationModels

/// `fm respond PROMPT`: one turn of a `LanguageModelSession` on the local model, with the
/// options of Apple's `fm respond` (macOS 27) — the same path an app's `session.respond(to:)`
/// takes (chat template, constrained decoding) — printing the answer as it streams (text, or
/// JSON with `--schema`).
struct RespondCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond",
        abstract: "Generate a response to a prompt (one turn of a LanguageModelSession).",
        discussion: """
            The prompt is the argument, the --text segments, or standard input:
              fm respond 'What is Swift?'
              echo 'What is Swift?' | fm respond --greedy --no-stream
              fm respond --schema movie.json 'Give me a classic sci-fi film.'
            With --schema FILE (Apple's GenerationSchema JSON, as `fm schema object` writes it, or \
            a JSON Schema) the answer is JSON that follows the schema, enforced token by token; a \
            keyword that cannot be enforced is refused, naming it. -m system is the local default \
            model; pcc does not exist on Linux. Exit status: 0 answered; 1 the model could not \
            answer (not installed, context exceeded, ...) or an input could not be read.
            """)

    @OptionGroup var model: SessionModelOptions

    @OptionGroup var input: PromptOptions

    @Option(help: "A generation schema file the answer must follow (guided generation).")
    var schema: String?

    @Option(help: "Save the transcript after responding: a session name (in ~/.fm/sessions) or a path.")
    var saveTranscript: String?

    @Flag(inversion: .prefixedNo, help: "Print the answer as it is generated.")
    var stream = true

    @Flag(
        name: [.customShort("v"), .long],
        help: "Say which session is created, and the answer's token counts and time (on standard error).")
    var verbose = false

    @Option(help: "general or content-tagging (comma-separated tags).")
    var useCase: UseCaseOption = .general

    @Option(help: "default or permissive-content-transformations.")
    var guardrails: GuardrailsOption = .default

    @OptionGroup var sampling: SamplingOptions

    func run() async throws {
        let systemModel = try model.systemModel(useCase: useCase.value, guardrails: guardrails.value)
        try input.refuseImages()
        let text = try input.promptText()
        let transcript = try input.loadedTranscript()
        try systemModel.requireAvailable()
        let instructions = input.instructions
        if verbose {
            Terminal.status(
                "Creating session with model \(model.displayName), use case \(useCase.rawValue), guardrails \(guardrails.rawValue)"
                    + (instructions.map { ", instructions: \($0)" } ?? "") + (transcript.map { ", \($0.count) transcript entries" } ?? ""))
        }
        let session =
            transcript.map { LanguageModelSession(model: systemModel, transcript: $0) }
            ?? LanguageModelSession(model: systemModel, instructions: instructions)
        let decoded = try schema.map(Self.readSchema)
        try await CLIError.reportingModelErrors {
            let clock = ContinuousClock(), start = clock.now
            let usage = try await answer(text, session: session, schema: decoded)
            if verbose, let usage {
                Terminal.status(
                    "\(usage.input.totalTokenCount) prompt tokens (\(usage.input.cachedTokenCount) cached), "
                        + "\(usage.output.totalTokenCount) answer tokens in \(clock.now - start)")
            }
        }
        if let saveTranscript { try Self.save(session.transcript, to: saveTranscript) }
    }

    /// Prints the answer: streamed text as it grows, or the JSON of a guided answer. Returns the
    /// response's token counts.
    func answer(_ text: String, session: LanguageModelSession, schema: GenerationSchema?) async throws -> LanguageModelSession.Usage? {
        let options = sampling.generationOptions
        var usage: LanguageModelSession.Usage?
        if let schema {
            if stream {
                var printed = ""
                let response = session.streamResponse(to: text, schema: schema, options: options)
                for try await snapshot in response {
                    printed = snapshot.rawContent.jsonString
                }
                print(printed)
                usage = try await response.collect().usage
            } else {
                let response = try await session.respond(to: text, schema: schema, options: options)
                print(response.content.jsonString)
                return response.usage
            }
        } else if stream {
            var printed = ""
            let response = session.streamResponse(to: text, options: options)
            for try await snapshot in response {
                let content = snapshot.content
                if content.hasPrefix(printed) {
                    FileHandle.standardOutput.write(Data(content.dropFirst(printed.count).utf8))
                }
                printed = content
            }
            print()
            usage = try await response.collect().usage
        } else {
            let response = try await session.respond(to: text, options: options)
            print(response.content)
            return response.usage
        }
        return usage
    }

    /// Reads a schema file (Apple's dialect or JSON Schema).
    static func readSchema(_ path: String) throws -> GenerationSchema {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CLIError("\(path): cannot read the schema file")
        }
        do {
            return try GenerationSchema(jsonSchema: text)
        } catch let problem as JSONSchemaProblem {
            throw CLIError("\(path): \(problem)")
        }
    }

    /// `--save-transcript NAME`: a session in the store, or a file when NAME is a path.
    static func save(_ transcript: Transcript, to name: String) throws {
        if name.contains("/") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(transcript).write(to: URL(fileURLWithPath: name), options: .atomic)
        } else {
            let store = SessionStore.standard()
            let session = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
            try store.save(transcript, as: session)
            Terminal.status("saved transcript as \(store.url(of: session).path)")
        }
    }
}

/// `--use-case`: Apple's `SystemLanguageModel.UseCase` by its command-line name.
enum UseCaseOption: String, ExpressibleByArgument, CaseIterable {
    case general
    case contentTagging = "content-tagging"

    /// The use case.
    var value: SystemLanguageModel.UseCase {
        self == .general ? .general : .contentTagging
    }

}

/// `--guardrails`: Apple's `SystemLanguageModel.Guardrails` by its command-line name.
enum GuardrailsOption: String, ExpressibleByArgument, CaseIterable {
    case `default`
    case permissiveContentTransformations = "permissive-content-transformations"

    /// The guardrails.
    var value: SystemLanguageModel.Guardrails {
        self == .default ? .default : .permissiveContentTransformations
    }
}
