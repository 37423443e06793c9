import ArgumentParser
import Foundation
import GGUF
import Kernels
import LLMEngine

/// `fm logits`: the next-token logits after each of several token sequences, as raw float32, for
/// numeric comparisons with a reference (`scripts/fidelity.py`).
///
/// ```
/// echo '[[151644, 872, 198], [9707, 11]]' > prompts.json
/// fm logits --model qwen2.5-coder-0.5b --prompts prompts.json --out rows.f32   # 2 x vocabulary floats
/// ```
struct LogitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logits",
        abstract: "Write the next-token logits after token sequences, as little-endian float32 rows.",
        discussion: """
            PROMPTS is a JSON array of arrays of token ids. Each sequence is prefilled into an empty \
            context exactly as a prompt is (batched), and the logits of its last position are \
            written: one row of vocabulary-size floats per sequence, in order.
            """)

    @OptionGroup var options: ModelOptions

    @Option(help: "A JSON file: an array of token-id arrays.")
    var prompts: String

    @Option(help: "The output file.")
    var out: String

    @Option(name: [.customShort("t"), .long], help: "Threads (default: physical cores).")
    var threads: Int?

    @Option(help: "How the KV cache stores keys and values: f16 or q8_0.")
    var kvCache: KVFormat = .f16

    func run() throws {
        let sequences = try JSONDecoder().decode([[Int]].self, from: Data(contentsOf: URL(fileURLWithPath: prompts)))
        guard !sequences.isEmpty, sequences.allSatisfy({ !$0.isEmpty }) else {
            throw CLIError("\(prompts): give a non-empty array of non-empty token-id arrays")
        }
        let model = try Transformer(
            file: GGUFFile(path: options.path()), threads: threads ?? Transformer.defaultThreads, kernels: ProcessEnvironment.kernels())
        var data = Data()
        for tokens in sequences {
            var cache = model.makeCache(capacity: tokens.count, format: kvCache)
            let logits = try model.forward(tokens: tokens, cache: &cache)
            logits.withUnsafeBytes { data.append(contentsOf: $0) } // little-endian on every supported CPU
        }
        try data.write(to: URL(fileURLWithPath: out), options: .atomic)
        Terminal.status("\(sequences.count) rows of \(model.hyperparameters.vocabularySize) logits -> \(out)")
    }
}
