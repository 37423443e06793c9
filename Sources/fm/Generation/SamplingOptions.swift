import ArgumentParser
import FoundationModels

/// The sampling options every session command shares (`fm respond`, `fm chat`), mapped to
/// Apple's `GenerationOptions`.
struct SamplingOptions: ParsableArguments {
    @Flag(name: [.customShort("g"), .long], help: "Always take the most likely token (deterministic).")
    var greedy = false

    @Option(help: "Sampling temperature (0: greedy).")
    var temperature: Double?

    @Option(help: "Keep only the K most likely tokens (random sampling).")
    var topK: Int?

    @Option(help: "Keep the most likely tokens up to this total probability (random sampling).")
    var topP: Double?

    @Option(help: "Random seed (same seed, same output).")
    var seed: UInt64?

    @Option(name: .long, help: "The most tokens an answer may take.")
    var maxTokens: Int?

    func validate() throws {
        if let temperature, temperature < 0 { throw ValidationError("--temperature must not be negative") }
        if let topK, topK < 1 { throw ValidationError("--top-k must be at least 1") }
        if let topP, !(topP > 0 && topP <= 1) { throw ValidationError("--top-p must be in (0, 1]") }
        if let maxTokens, maxTokens < 1 { throw ValidationError("--max-tokens must be at least 1") }
        if greedy, topK != nil || topP != nil { throw ValidationError("--greedy excludes --top-k and --top-p") }
        if topK != nil, topP != nil { throw ValidationError("give --top-k or --top-p, not both") }
    }

    /// The options of a request.
    var generationOptions: GenerationOptions {
        var sampling: GenerationOptions.SamplingMode?
        if greedy {
            sampling = .greedy
        } else if let topK {
            sampling = .random(top: topK, seed: seed)
        } else if let topP {
            sampling = .random(probabilityThreshold: topP, seed: seed)
        } else if let seed {
            sampling = .random(probabilityThreshold: 0.9, seed: seed)
        }
        return GenerationOptions(samplingMode: sampling, temperature: temperature, maximumResponseTokens: maxTokens)
    }
}
