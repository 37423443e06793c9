/// A GGUF model on the Hugging Face Hub worth trying with `fm model install hf:…`, listed
/// beside the package-registry models by `fm model list --all`.
///
/// Not verified here: this project's build machines have no network path to the Hub, so the
/// repository names, tags and sizes below are written from the Hub's pages as remembered and
/// may drift; an install checks everything against the Hub itself (file list, size, SHA-256).
package struct HubSuggestion: Sendable, Hashable {
    /// What to install: `hf:owner/repo:QUANT`.
    package let reference: String
    /// The GGUF `general.architecture` the files declare, to compare with the engine's list.
    package let architecture: String
    /// The approximate size of the file, in decimal gigabytes.
    package let approximateGigabytes: Double
    /// A few words on the model.
    package let summary: String
}

/// This year's small models on the Hub, by repository and approximate size (not verified
/// here: see `HubSuggestion`).
package enum HubSuggestions {
    /// The suggestions, smallest first.
    package static let all: [HubSuggestion] = [
        .init(reference: "hf:unsloth/Qwen3-0.6B-GGUF:Q4_K_M", architecture: "qwen3", approximateGigabytes: 0.4, summary: "Qwen3 0.6B"),
        .init(
            reference: "hf:LiquidAI/LFM2-700M-GGUF:Q4_K_M", architecture: "lfm2", approximateGigabytes: 0.5,
            summary: "Liquid LFM2 700M (hybrid conv/attention)"),
        .init(
            reference: "hf:unsloth/Qwen3.5-0.8B-GGUF:Q4_K_M", architecture: "qwen35", approximateGigabytes: 0.5,
            summary: "Qwen3.5 0.8B (hybrid Gated DeltaNet/attention)"),
        .init(reference: "hf:Qwen/Qwen3-0.6B-GGUF:Q8_0", architecture: "qwen3", approximateGigabytes: 0.6, summary: "Qwen3 0.6B, Qwen's own Q8_0"),
        .init(reference: "hf:ggml-org/gemma-3-1b-it-GGUF:Q4_K_M", architecture: "gemma3", approximateGigabytes: 0.8, summary: "Gemma 3 1B instruct"),
        .init(reference: "hf:unsloth/Qwen3-1.7B-GGUF:Q4_K_M", architecture: "qwen3", approximateGigabytes: 1.1, summary: "Qwen3 1.7B"),
        .init(reference: "hf:ggml-org/SmolLM3-3B-GGUF:Q4_K_M", architecture: "smollm3", approximateGigabytes: 1.9, summary: "SmolLM3 3B"),
        .init(
            reference: "hf:unsloth/Phi-4-mini-instruct-GGUF:Q4_K_M", architecture: "phi3", approximateGigabytes: 2.5,
            summary: "Phi-4-mini instruct 3.8B"),
        .init(
            reference: "hf:ggml-org/gemma-4-E2B-it-GGUF:Q4_K_M", architecture: "gemma4", approximateGigabytes: 3.0,
            summary: "Gemma 4 E2B instruct"),
        .init(
            reference: "hf:LiquidAI/LFM2-8B-A1B-GGUF:Q4_K_M", architecture: "lfm2moe", approximateGigabytes: 5.0,
            summary: "Liquid LFM2 8B-A1B (hybrid, mixture of experts, 1.5B used per token)"),
        .init(
            reference: "hf:ggml-org/gpt-oss-20b-GGUF:MXFP4", architecture: "gpt-oss", approximateGigabytes: 12.1,
            summary: "gpt-oss 20b (mixture of experts in MXFP4, 3.6B used per token)"),
        .init(
            reference: "hf:unsloth/Qwen3-30B-A3B-GGUF:Q4_K_M", architecture: "qwen3moe", approximateGigabytes: 18.6,
            summary: "Qwen3 30B-A3B (mixture of experts, 3B used per token)"),
        .init(
            reference: "hf:unsloth/Qwen3.5-35B-A3B-GGUF:Q4_K_M", architecture: "qwen35moe", approximateGigabytes: 21.0,
            summary: "Qwen3.5 35B-A3B (hybrid, mixture of experts with a shared expert, 3B used per token)"),
    ]
}
