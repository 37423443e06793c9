import GGUF
import Kernels

/// The tensors of one model, found by name and checked against the hyperparameters: every
/// required tensor present, every shape as expected, every type one the kernels handle.
/// Shapes are in ggml order: `[columns, rows]` for a matrix, the input width first. The
/// model-wide tensors are read here; each block's by its family (`ArchitectureDefinition.layer`).
public struct ModelWeights: Sendable {
    /// The tensors of one transformer block; which of the optional ones a block has is its
    /// family's choice.
    public struct Layer: Sendable {
        /// RMSNorm before attention, `[d]`.
        public var attentionNorm: GGUFTensorInfo
        /// `[d, nHead * headK]` (a view into `attn_qkv` when fused); none in a recurrent layer.
        public var query: TensorSlice?
        /// `[d, nKV * headK]`, `[d, nKV * headV]` (views into `attn_qkv` when fused); none in a
        /// layer that reuses an earlier layer's keys and values; no value projection in a layer
        /// whose values are its keys (Gemma 4's `attention_k_eq_v`).
        public var key, value: TensorSlice?
        /// Biases of q, k, v.
        public var queryBias, keyBias, valueBias: TensorSlice?
        /// Per-head RMSNorm of queries and keys, `[headK]`.
        public var queryNorm, keyNorm: GGUFTensorInfo?
        /// Whether value heads are RMS-normalized (without a weight) before they are cached (Gemma 4).
        public var normalizesValues = false
        /// `[nHead * headV, d]`; none in a recurrent layer.
        public var output: GGUFTensorInfo?
        /// LFM2's gated short convolution, in a recurrent layer of that family.
        public var shortConvolution: ShortConvolutionTensors?
        /// The bias of the output projection, `[d]` (gpt-oss).
        public var outputBias: GGUFTensorInfo?
        /// Attention sinks, `[nHead]`: one logit per query head that joins its softmax's
        /// denominator only (gpt-oss's `attn_sinks`).
        public var attentionSinks: GGUFTensorInfo?
        /// Qwen3.5's Gated DeltaNet, in a recurrent layer of that family.
        public var gatedDeltaNet: GatedDeltaNetTensors?
        /// RMSNorm after attention, before the residual add.
        public var postAttentionNorm: GGUFTensorInfo?
        /// RMSNorm before the feed-forward network, `[d]`.
        public var feedForwardNorm: GGUFTensorInfo
        /// `[d, ff]` each (views into one `ffn_up` when fused); none in a block whose
        /// feed-forward network is its routed experts alone.
        public var gate, up: TensorSlice?
        /// `[ff, d]`.
        public var down: GGUFTensorInfo?
        /// Biases of the dense network: `[ff]` after gate and up, `[d]` after down (llama's
        /// optional `ffn_{gate,up,down}.bias`).
        public var gateBias, upBias, downBias: GGUFTensorInfo?
        /// The routed experts (a mixture-of-experts block), beside or instead of `gate`/`up`/`down`.
        public var experts: ExpertTensors?
        /// Gemma 4's norms of a block with experts beside its dense network: after the dense
        /// network (`post_ffw_norm_1`), before the experts (`pre_ffw_norm_2`) and after them
        /// (`post_ffw_norm_2`), `[d]` each.
        public var postDenseNorm, expertNorm, postExpertNorm: GGUFTensorInfo?
        /// RMSNorm after the feed-forward network.
        public var postFeedForwardNorm: GGUFTensorInfo?
        /// Gemma 4's per-layer input: gate `[d, p]`, projection `[p, d]`, norm after it `[d]`.
        public var perLayerGate, perLayerProjection, perLayerPostNorm: GGUFTensorInfo?
        /// A scalar the block's output is multiplied by (Gemma 4's `layer_output_scale`, `[1]`).
        public var outputScale: GGUFTensorInfo?

        /// A block of the shared layout; the optional tensors are added by the family.
        init(
            attentionNorm: GGUFTensorInfo, _ attention: AttentionProjections, output: GGUFTensorInfo,
            feedForwardNorm: GGUFTensorInfo, gate: TensorSlice?, up: TensorSlice?, down: GGUFTensorInfo?
        ) {
            self.attentionNorm = attentionNorm
            query = attention.query
            key = attention.key
            value = attention.value
            queryBias = attention.queryBias
            keyBias = attention.keyBias
            valueBias = attention.valueBias
            self.output = output
            self.feedForwardNorm = feedForwardNorm
            self.gate = gate
            self.up = up
            self.down = down
        }

        /// A block whose token mixer is not attention (a recurrent layer): its norms and dense
        /// feed-forward network; the family adds the mixer's tensors.
        init(attentionNorm: GGUFTensorInfo, feedForwardNorm: GGUFTensorInfo, gate: TensorSlice?, up: TensorSlice?, down: GGUFTensorInfo?) {
            self.attentionNorm = attentionNorm
            self.feedForwardNorm = feedForwardNorm
            self.gate = gate
            self.up = up
            self.down = down
        }

        /// The pre-norm block most families share: `attn_norm`, q/k/v (fused or not, biases
        /// required when `biases`), `attn_output`, `ffn_norm`, then gate/up (fused or not) and
        /// `ffn_down` unless `dense` is false (a block of routed experts: the family adds them).
        static func standard(_ t: LayerTensors, biases: Bool = false, dense: Bool = true) throws(ModelLoadError) -> Layer {
            let d = t.hp.embeddingLength, ff = t.hp.feedForwardLengths[t.index], a = t.attention
            let (gate, up) = dense ? try t.gateAndUp(input: d, hidden: ff) : (nil, nil)
            return Layer(
                attentionNorm: try t.vector("attn_norm.weight", d),
                try t.attentionProjections(
                    input: d, query: a.queryWidth, key: a.keyWidth, value: a.valueWidth, biases: biases,
                    keysAndValues: a.writesCache ? .required : .none),
                output: try t.matrix("attn_output.weight", [a.outputWidth, d]),
                feedForwardNorm: try t.vector("ffn_norm.weight", d), gate: gate, up: up,
                down: dense ? try t.matrix("ffn_down.weight", [ff, d]) : nil)
        }
    }

    /// `[d, vocab]`.
    public let tokenEmbedding: GGUFTensorInfo
    /// `[d]`.
    public let outputNorm: GGUFTensorInfo
    /// `[d, vocab]`; the embedding table when the model ties them.
    public let output: GGUFTensorInfo
    /// Whether `output` is the embedding table.
    public let tiedOutput: Bool
    /// Gemma 4's per-layer token embeddings `[L * p, vocab]` (L blocks, p =
    /// `perLayerInputLength`), the projection of the embedded token onto them `[d, L * p]`, and
    /// the norm of each block's slice of that projection `[p]`.
    public let perLayerTokenEmbedding, perLayerModelProjection, perLayerProjectionNorm: GGUFTensorInfo?
    /// RoPE frequency factors `[ropeDimensions / 2]` (Llama 3.1 long-context scaling; Gemma 4's
    /// global layers, whose unrotated pairs have factors of 1e30).
    public let ropeFrequencyFactors: GGUFTensorInfo?
    /// LongRoPE's factors `[ropeDimensions / 2]` for caches longer than the original context
    /// (`rope_factors_long.weight`) and for the others (`rope_factors_short.weight`).
    public let ropeLongFactors, ropeShortFactors: GGUFTensorInfo?
    /// The blocks, in order.
    public let layers: [Layer]

    /// The ggml types the kernels implement: the rows of the kernel table (`QuantType.allCases`).
    public static let supportedTypes: [GGMLType] = QuantType.allCases.compactMap { GGMLType(rawValue: $0.rawValue) }

    /// Binds and checks the tensors of `file` for `hp`.
    public init(_ file: GGUFFile, _ hp: ModelHyperparameters) throws(ModelLoadError) {
        let d = hp.embeddingLength, family = hp.architecture.definition
        func tensor(_ name: String, _ shape: [Int], optional: Bool = false, vector: Bool = false) throws(ModelLoadError) -> GGUFTensorInfo? {
            try Self.bind(file, name, shape, optional: optional, vector: vector)
        }
        tokenEmbedding = try tensor("token_embd.weight", [d, hp.vocabularySize])!
        outputNorm = try tensor(family.outputNormName, [d], vector: true)!
        if let out = try tensor("output.weight", [d, hp.vocabularySize], optional: true) {
            output = out
            tiedOutput = false
        } else {
            output = tokenEmbedding
            tiedOutput = true
        }
        if let p = hp.perLayerInputLength {
            let width = p * hp.blockCount
            perLayerTokenEmbedding = try tensor("per_layer_token_embd.weight", [width, hp.vocabularySize])
            perLayerModelProjection = try tensor("per_layer_model_proj.weight", [d, width])
            perLayerProjectionNorm = try tensor("per_layer_proj_norm.weight", [p], vector: true)
        } else {
            (perLayerTokenEmbedding, perLayerModelProjection, perLayerProjectionNorm) = (nil, nil, nil)
        }
        let factors = [hp.ropeDimensions / 2], readsFactors = family.readsRopeFactors
        ropeFrequencyFactors = readsFactors ? try tensor("rope_freqs.weight", factors, optional: true, vector: true) : nil
        ropeLongFactors = readsFactors ? try tensor("rope_factors_long.weight", factors, optional: true, vector: true) : nil
        ropeShortFactors = readsFactors ? try tensor("rope_factors_short.weight", factors, optional: true, vector: true) : nil
        var layers: [Layer] = []
        for i in 0..<hp.blockCount {
            layers.append(try family.layer(i, LayerTensors(file: file, index: i, hp: hp)))
        }
        self.layers = layers
    }

    /// The tensor `name` of `file`, checked for `shape` and for a type the kernels read (a
    /// float type for vectors); nil when absent and `optional`.
    static func bind(
        _ file: GGUFFile, _ name: String, _ shape: [Int], optional: Bool, vector: Bool
    ) throws(ModelLoadError) -> GGUFTensorInfo? {
        guard let info = file.tensor(named: name) else {
            if optional { return nil }
            throw .missingTensor(name)
        }
        guard info.dimensions == shape else { throw .shapeMismatch(tensor: name, expected: shape, found: info.dimensions) }
        let allowed: [GGMLType] = vector ? [.f32, .f16, .bf16] : supportedTypes
        guard allowed.contains(info.type) else {
            throw .unsupportedTensorType(tensor: name, type: info.type.name, supported: allowed.map(\.name))
        }
        return info
    }
}
