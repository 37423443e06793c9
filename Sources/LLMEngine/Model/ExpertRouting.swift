/// How a mixture-of-experts block picks and weighs its experts (Qwen3-MoE, Gemma 4 26B-A4B, gpt-oss):
/// the router scores every expert for each row, the `used` best are run, and their outputs
/// are summed with the scores' weights. Which normalisation a family applies is its choice,
/// as llama.cpp's `build_moe_ffn` arguments are per family.
public struct ExpertRouting: Sendable, Equatable {
    /// How router logits become expert scores.
    public enum Gating: Sendable, Equatable {
        /// `softmax` over all experts (Qwen3-MoE, Gemma 4).
        case softmax
        /// `sigmoid` of each logit, the experts chosen by the scores plus a per-expert selection
        /// bias (`exp_probs_b`) and weighed by the unbiased scores (LFM2-MoE; llama.cpp's
        /// `LLAMA_EXPERT_GATING_FUNC_TYPE_SIGMOID`).
        case sigmoid
        /// The `used` best raw logits are chosen, and their weights are the softmax over those
        /// chosen logits alone (gpt-oss; llama.cpp's `LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX_WEIGHT`).
        case softmaxOfChosen
    }

    /// Experts per block (`expert_count`).
    public var count: Int
    /// Experts run per row (`expert_used_count`).
    public var used: Int
    /// Hidden width of one expert's feed-forward network per block, `[blockCount]`
    /// (`expert_feed_forward_length`, one value or an array).
    public var feedForwardLengths: [Int]
    /// How scores are made from the router's logits.
    public var gating: Gating
    /// Whether the `used` scores of a row are divided by their sum (Qwen3-MoE's `norm_topk_prob`).
    public var normalizesWeights: Bool
    /// A factor on the weights after normalisation, when the family has one.
    public var weightScale: Float?
    /// The hidden width of the shared expert every row runs beside its routed ones, when the
    /// family has one (Qwen3.5-MoE's `expert_shared_feed_forward_length`).
    public var sharedFeedForwardLength: Int?

    /// A routing of `count` experts, `used` per row.
    public init(
        count: Int, used: Int, feedForwardLengths: [Int], gating: Gating = .softmax, normalizesWeights: Bool,
        weightScale: Float? = nil
    ) {
        self.count = count
        self.used = used
        self.feedForwardLengths = feedForwardLengths
        self.gating = gating
        self.normalizesWeights = normalizesWeights
        self.weightScale = weightScale
    }

    /// Reads `expert_count`, `expert_used_count` and `expert_feed_forward_length` (default: the
    /// dense width over the experts used, as llama.cpp's) for `blocks` blocks.
    static func read(
        _ read: HyperparameterReader, blocks: Int, denseWidths: [Int], gating: Gating = .softmax, normalizesWeights: Bool
    ) throws(ModelLoadError) -> ExpertRouting {
        let arch = read.architecture
        let count = try read.int("expert_count")
        let used = try read.int("expert_used_count")
        guard used <= count else {
            throw .invalidHyperparameter(key: "\(arch).expert_used_count", reason: "\(used) is more than the \(count) experts")
        }
        let widths = try read.perLayer(
            "expert_feed_forward_length", count: blocks, default: denseWidths.map { max(1, $0 / used) })
        return ExpertRouting(
            count: count, used: used, feedForwardLengths: widths, gating: gating, normalizesWeights: normalizesWeights)
    }

    /// The gating `expert_gating_func` names (llama.cpp's numbering: 1 softmax, 2 sigmoid), or
    /// `value` when the file has none.
    static func gating(_ read: HyperparameterReader, default value: Gating) throws(ModelLoadError) -> Gating {
        let key = "\(read.architecture).expert_gating_func"
        switch read.metadata.int(key) {
        case nil: return value
        case 1: return .softmax
        case 2: return .sigmoid
        case let other?: throw .invalidHyperparameter(key: key, reason: "gating function \(other) is not supported (1 softmax, 2 sigmoid)")
        }
    }
}
