import GGUF

/// What a model family changes in the shared pre-norm transformer: the switches the forward
/// pass reads, so that no code outside `Architectures/` asks which family it runs.
public struct ArchitectureTraits: Sendable, Equatable {
    /// How RoPE pairs the dimensions of a head.
    public enum RopeStyle: Sendable, Equatable {
        /// Pairs `(i, i + d/2)` (GPT-NeoX; Qwen2, Gemma 3).
        case neox
        /// Pairs `(2i, 2i + 1)` (the original Llama layout).
        case interleaved
    }

    /// The gate's non-linearity in the gated feed-forward network `down(act(gate x) * up x)`.
    public enum Activation: Sendable, Equatable {
        /// `x * sigmoid(x)` (SwiGLU).
        case silu
        /// GELU, tanh approximation (GeGLU).
        case gelu
    }

    /// RoPE pairing.
    public var ropeStyle: RopeStyle
    /// Feed-forward gate activation.
    public var activation: Activation
    /// Whether q, k and v projections carry biases (`attn_{q,k,v}.bias`).
    public var hasQKVBias: Bool
    /// Whether queries and keys are RMS-normalised per head before RoPE (`attn_{q,k}_norm`).
    public var hasQKNorm: Bool
    /// Whether attention and feed-forward outputs are RMS-normalised before the residual add
    /// (`post_attention_norm`, `post_ffw_norm`).
    public var hasPostNorms: Bool
    /// Whether token embeddings are multiplied by `sqrt(embeddingLength)`.
    public var scalesEmbeddings: Bool
}

/// One model family: the metadata it reads beyond the common keys and its block's switches.
/// Each family lives in a file of its own under `Architectures/`, all with this shape; the
/// common hyperparameters and tensors are read by `ModelHyperparameters` and `ModelWeights`,
/// which ask the family for the rest.
protocol ArchitectureDefinition {
    /// The block's switches.
    static var traits: ArchitectureTraits { get }

    /// Fills in what the family decides beyond the common keys (sliding windows, the local
    /// RoPE base), reading `<arch>.*` keys through `read`.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError)
}

/// Reads `<arch>.<suffix>` keys of a model file with range checks (used by the families).
struct HyperparameterReader {
    let metadata: GGUFMetadata
    let architecture: String

    /// A positive integer (below 2^24); `value` when absent.
    func int(_ suffix: String, default value: Int? = nil) throws(ModelLoadError) -> Int {
        let key = "\(architecture).\(suffix)"
        guard let v = metadata.int(key) ?? value else { throw .invalidHyperparameter(key: key, reason: "missing") }
        guard v > 0, v < 1 << 24 else { throw .invalidHyperparameter(key: key, reason: "\(v) is out of range") }
        return v
    }

    /// A positive finite number; `value` when absent.
    func float(_ suffix: String, default value: Float) throws(ModelLoadError) -> Float {
        let key = "\(architecture).\(suffix)"
        let v = metadata.double(key).map(Float.init) ?? value
        guard v.isFinite, v > 0 else { throw .invalidHyperparameter(key: key, reason: "\(v) is not a positive number") }
        return v
    }

    /// A string, or nil when absent.
    func string(_ suffix: String) -> String? { metadata.string("\(architecture).\(suffix)") }
}
