import GGUF
import Kernels

/// The tensors of one model, found by name and checked against the hyperparameters: every
/// required tensor present, every shape as expected, every type one the kernels handle.
/// Shapes are in ggml order: `[columns, rows]` for a matrix, the input width first.
public struct ModelWeights: Sendable {
    /// The tensors of one transformer block.
    public struct Layer: Sendable {
        /// RMSNorm before attention, `[d]`.
        public let attentionNorm: GGUFTensorInfo
        /// `[d, nHead * headK]`, `[d, nKV * headK]`, `[d, nKV * headV]`.
        public let query, key, value: GGUFTensorInfo
        /// Biases of q, k, v (`ArchitectureTraits.hasQKVBias`).
        public let queryBias, keyBias, valueBias: GGUFTensorInfo?
        /// Per-head RMSNorm of queries and keys, `[headK]` (`hasQKNorm`).
        public let queryNorm, keyNorm: GGUFTensorInfo?
        /// `[nHead * headV, d]`.
        public let output: GGUFTensorInfo
        /// RMSNorm after attention, before the residual add (`hasPostNorms`).
        public let postAttentionNorm: GGUFTensorInfo?
        /// RMSNorm before the feed-forward network, `[d]`.
        public let feedForwardNorm: GGUFTensorInfo
        /// `[d, ff]`, `[d, ff]`, `[ff, d]`.
        public let gate, up, down: GGUFTensorInfo
        /// RMSNorm after the feed-forward network (`hasPostNorms`).
        public let postFeedForwardNorm: GGUFTensorInfo?
    }

    /// `[d, vocab]`.
    public let tokenEmbedding: GGUFTensorInfo
    /// `[d]`.
    public let outputNorm: GGUFTensorInfo
    /// `[d, vocab]`; the embedding table when the model ties them.
    public let output: GGUFTensorInfo
    /// Whether `output` is the embedding table.
    public let tiedOutput: Bool
    /// RoPE frequency factors `[ropeDimensions / 2]` (Llama 3.1 long-context scaling).
    public let ropeFrequencyFactors: GGUFTensorInfo?
    /// The blocks, in order.
    public let layers: [Layer]

    /// The ggml types the kernels implement: the rows of the kernel table (`QuantType.allCases`).
    public static let supportedTypes: [GGMLType] = QuantType.allCases.compactMap { GGMLType(rawValue: $0.rawValue) }

    /// Binds and checks the tensors of `file` for `hp`.
    public init(_ file: GGUFFile, _ hp: ModelHyperparameters) throws(ModelLoadError) {
        let d = hp.embeddingLength, ff = hp.feedForwardLength
        let qWidth = hp.headCount * hp.keyLength, kWidth = hp.headCountKV * hp.keyLength
        let vWidth = hp.headCountKV * hp.valueLength, oWidth = hp.headCount * hp.valueLength
        func tensor(
            _ name: String, _ shape: [Int], optional: Bool = false,
            vector: Bool = false
        ) throws(ModelLoadError) -> GGUFTensorInfo? {
            guard let info = file.tensor(named: name) else {
                if optional { return nil }
                throw .missingTensor(name)
            }
            guard info.dimensions == shape else { throw .shapeMismatch(tensor: name, expected: shape, found: info.dimensions) }
            let allowed: [GGMLType] = vector ? [.f32, .f16, .bf16] : Self.supportedTypes
            guard allowed.contains(info.type) else {
                throw .unsupportedTensorType(tensor: name, type: info.type.name, supported: allowed.map(\.name))
            }
            return info
        }
        func required(_ name: String, _ shape: [Int], vector: Bool = false) throws(ModelLoadError) -> GGUFTensorInfo {
            try tensor(name, shape, vector: vector)!
        }
        let traits = hp.architecture.traits
        tokenEmbedding = try required("token_embd.weight", [d, hp.vocabularySize])
        outputNorm = try required("output_norm.weight", [d], vector: true)
        if let out = try tensor("output.weight", [d, hp.vocabularySize], optional: true) {
            output = out
            tiedOutput = false
        } else {
            output = tokenEmbedding
            tiedOutput = true
        }
        ropeFrequencyFactors = try tensor("rope_freqs.weight", [hp.ropeDimensions / 2], optional: true, vector: true)
        var layers: [Layer] = []
        for i in 0..<hp.blockCount {
            let p = "blk.\(i)."
            let bias = traits.hasQKVBias, qkNorm = traits.hasQKNorm, postNorms = traits.hasPostNorms
            layers.append(
                Layer(
                    attentionNorm: try required(p + "attn_norm.weight", [d], vector: true),
                    query: try required(p + "attn_q.weight", [d, qWidth]),
                    key: try required(p + "attn_k.weight", [d, kWidth]),
                    value: try required(p + "attn_v.weight", [d, vWidth]),
                    queryBias: bias ? try required(p + "attn_q.bias", [qWidth], vector: true) : nil,
                    keyBias: bias ? try required(p + "attn_k.bias", [kWidth], vector: true) : nil,
                    valueBias: bias ? try required(p + "attn_v.bias", [vWidth], vector: true) : nil,
                    queryNorm: qkNorm ? try required(p + "attn_q_norm.weight", [hp.keyLength], vector: true) : nil,
                    keyNorm: qkNorm ? try required(p + "attn_k_norm.weight", [hp.keyLength], vector: true) : nil,
                    output: try required(p + "attn_output.weight", [oWidth, d]),
                    postAttentionNorm: postNorms ? try required(p + "post_attention_norm.weight", [d], vector: true) : nil,
                    feedForwardNorm: try required(p + "ffn_norm.weight", [d], vector: true),
                    gate: try required(p + "ffn_gate.weight", [d, ff]),
                    up: try required(p + "ffn_up.weight", [d, ff]),
                    down: try required(p + "ffn_down.weight", [ff, d]),
                    postFeedForwardNorm: postNorms ? try required(p + "post_ffw_norm.weight", [d], vector: true) : nil))
        }
        self.layers = layers
    }
}
