import ArgumentParser
import FMSupport
import Foundation
import GGUF
import LLMEngine
import LocalInference
import Tokenizers

/// `fm generate PROMPT`: streams a raw completion (no chat template) to stdout.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Stream a raw completion of a prompt (no chat template).",
        discussion: "Control tokens written in the prompt (<|im_start|>) are recognised. Timings go to stderr.")

    @OptionGroup var options: ModelOptions

    @Option(name: .long, help: "The most tokens to generate.")
    var maxTokens = 128

    @Option(help: "Sampling temperature (0: greedy).")
    var temperature: Float = 0.8

    @Option(help: "Keep only the K most likely tokens.")
    var topK: Int?

    @Option(help: "Nucleus sampling threshold.")
    var topP: Float?

    @Option(help: "Random seed (same seed, same output).")
    var seed: UInt64?

    @Flag(help: "Always take the most likely token.")
    var greedy = false

    @Option(name: [.customShort("t"), .long], help: "Threads (default: physical cores).")
    var threads: Int?

    @Option(help: "Context size in tokens (default: prompt + max tokens).")
    var context: Int?

    @Argument(help: "The prompt ('-' or nothing: standard input).")
    var prompt: String?

    func validate() throws {
        if maxTokens < 0 { throw ValidationError("--max-tokens must not be negative") }
        if temperature < 0 { throw ValidationError("--temperature must not be negative") }
    }

    func run() throws {
        let path = try options.path()
        // The tokens first (the tokenizer alone), so the context can be sized before the model
        // loads with it.
        let tokenizer = try TokenizerLoader.load(from: try GGUFFile(path: path))
        let ids = tokenizer.encode(try TextInput.read(prompt), parseSpecial: true)
        guard !ids.isEmpty else { throw CLIError("the prompt is empty") }
        let capacity = context ?? (ids.count + maxTokens + 1)
        guard ids.count + maxTokens <= capacity else {
            throw CLIError("prompt (\(ids.count) tokens) plus --max-tokens \(maxTokens) exceeds the context of \(capacity) tokens")
        }
        let model = try LocalModel(
            location: ModelLocation(path: path), contextSize: capacity, threads: threads, instructionSet: ProcessEnvironment.kernels().isa)
        let params =
            greedy
            ? SamplingParameters.greedy
            : SamplingParameters(temperature: temperature, topK: topK, topP: topP, seed: seed)
        // The project's one token loop, as sessions and the server run it, on the raw plan:
        // every token allowed, an end-of-turn token ends the completion.
        let request = GenerationRequest(prompt: ids, plan: .raw, sampling: params, maximumTokens: maxTokens)
        let outcome = try model.generateSynchronously(
            request,
            onEvent: { event in
                if case .text(let text, _) = event { FileHandle.standardOutput.write(Data(text.utf8)) }
            })
        FileHandle.standardOutput.write(Data("\n".utf8))
        func rate(_ n: Int, _ d: Duration) -> String {
            let s = d.seconds
            return String(format: "%d tokens in %.2f s (%.1f tokens/s)", n, s, Double(n) / max(s, 1e-9))
        }
        Terminal.status(
            "prompt: \(rate(outcome.prefilledTokens, outcome.prefillDuration)); "
                + "generated \(outcome.tokens.count) tokens, decode: \(rate(outcome.tokens.count, outcome.decodeDuration))")
    }
}
