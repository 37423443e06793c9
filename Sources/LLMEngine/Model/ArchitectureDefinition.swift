import GGUF

/// One model family, defined in a file of its own under `Architectures/`: what it reads beyond
/// the common hyperparameters, the tensors of each block, and the block itself, written with
/// the shared steps of `BlockPass` (norms, projections, RoPE, attention, feed-forward). The
/// common keys and the model-wide tensors are read by `ModelHyperparameters` and
/// `ModelWeights`, which ask the family for the rest; nothing outside `Architectures/` asks
/// which family it runs. Adding a family is its file, a case of `ModelArchitecture` and its test.
protocol ArchitectureDefinition {
    /// How RoPE pairs the dimensions of a head.
    static var ropeStyle: RopeStyle { get }

    /// Whether the family reads RoPE frequency factors (`rope_freqs.weight`, or LongRoPE's
    /// `rope_factors_long/short.weight`) as llama.cpp's graph for it does.
    static var readsRopeFactors: Bool { get }

    /// Fills in what the family decides beyond the common keys (per-layer attention kinds, RoPE
    /// bases, embedding scale), reading `<arch>.*` keys through `read`.
    static func refine(_ hp: inout ModelHyperparameters, _ read: HyperparameterReader) throws(ModelLoadError)

    /// The final norm's tensor (`output_norm.weight`; LFM2 names it `token_embd_norm.weight`).
    static var outputNormName: String { get }

    /// Whether every block's feed-forward network is routed experts, so that the dense width
    /// `feed_forward_length` may be absent (read as 0, as llama.cpp does; Qwen3.5-MoE).
    static var feedForwardIsRouted: Bool { get }

    /// Binds and checks the tensors of block `index`.
    static func layer(_ index: Int, _ tensors: LayerTensors) throws(ModelLoadError) -> ModelWeights.Layer

    /// One block over the rows of the pass: the family's sequence of shared steps.
    static func block(_ b: BlockPass)
}

extension ArchitectureDefinition {
    static var outputNormName: String { "output_norm.weight" }
    static var feedForwardIsRouted: Bool { false }
}

/// How RoPE pairs the dimensions of a head.
public enum RopeStyle: Sendable, Equatable {
    /// Pairs `(i, i + rotated/2)` (GPT-NeoX; Qwen2, Qwen3, Phi-3, Gemma 3).
    case neox
    /// Pairs `(2i, 2i + 1)` (the original Llama layout; SmolLM3).
    case interleaved
}

/// The gate's non-linearity in the gated feed-forward network `down(act(gate x) * up x)`.
public enum GateActivation: Sendable, Equatable {
    /// `x * sigmoid(x)` (SwiGLU).
    case silu
    /// GELU, tanh approximation (GeGLU).
    case gelu
    /// gpt-oss's clamped SwiGLU (ggml's `swiglu_oai`, alpha 1.702, limit 7): with
    /// `g = min(gate, 7)` and `u = clamp(up, -7, 7)`, `g * sigmoid(1.702 g) * (u + 1)`.
    case swigluOAI
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

    /// A count `0..<limit`; `value` when absent (required when `value` is nil).
    func count(_ suffix: String, below limit: Int, default value: Int? = nil) throws(ModelLoadError) -> Int {
        let key = "\(architecture).\(suffix)"
        guard let v = metadata.int(key) ?? value else { throw .invalidHyperparameter(key: key, reason: "missing") }
        guard (0..<limit).contains(v) else { throw .invalidHyperparameter(key: key, reason: "\(v) is out of range 0..<\(limit)") }
        return v
    }

    /// A positive integer per layer (or from `minimum`), `[count]`: one value for every layer,
    /// or an array of `count` values; `value` when absent.
    func perLayer(_ suffix: String, count: Int, default value: [Int]? = nil, minimum: Int = 1) throws(ModelLoadError) -> [Int] {
        let key = "\(architecture).\(suffix)"
        let values: [Int]
        if let array = metadata.intArray(key) {
            guard array.count == count else {
                throw .invalidHyperparameter(key: key, reason: "\(array.count) values for \(count) layers")
            }
            values = array
        } else if let one = metadata.int(key) {
            values = Array(repeating: one, count: count)
        } else if let value {
            values = value
        } else {
            throw .invalidHyperparameter(key: key, reason: "missing")
        }
        if let bad = values.first(where: { $0 < minimum || $0 >= 1 << 24 }) {
            throw .invalidHyperparameter(key: key, reason: "\(bad) is out of range")
        }
        return values
    }

    /// A string, or nil when absent.
    func string(_ suffix: String) -> String? { metadata.string("\(architecture).\(suffix)") }
}
