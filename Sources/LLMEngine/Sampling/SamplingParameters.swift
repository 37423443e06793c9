/// How the next token is chosen from the logits.
///
/// ```swift
/// let greedy = SamplingParameters.greedy
/// let creative = SamplingParameters(temperature: 0.8, topK: 40, topP: 0.95, seed: 42)
/// ```
public struct SamplingParameters: Sendable, Equatable {
    /// Divides the logits; 0 means greedy (always the most likely token).
    public var temperature: Float
    /// Keeps only the `topK` most likely tokens (0 or nil: no limit).
    public var topK: Int?
    /// Keeps the smallest set of most likely tokens whose probability reaches `topP` (nucleus).
    public var topP: Float?
    /// Seeds the random generator; the same seed and logits give the same tokens.
    public var seed: UInt64?

    /// Creates sampling parameters.
    public init(temperature: Float = 1, topK: Int? = nil, topP: Float? = nil, seed: UInt64? = nil) {
        self.temperature = temperature
        self.topK = topK
        self.topP = topP
        self.seed = seed
    }

    /// Always the most likely token.
    public static let greedy = SamplingParameters(temperature: 0)

    /// Whether sampling is deterministic argmax.
    public var isGreedy: Bool { temperature <= 0 || topK == 1 }
}
