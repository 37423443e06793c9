import Synchronization

/// The chain's end-of-sequence stage: the generation is finished once one of
/// `endOfSequenceTokens` is accepted (that token is not part of the output). The most tokens to
/// generate is the token loop's own limit, not a stage.
///
/// ```swift
/// var sampler = Sampler(.greedy, processors: [StopCondition(endOfSequenceTokens: [eos])])
/// ```
public final class StopCondition: LogitProcessor, Sendable {
    /// Tokens that end the generation.
    public let endOfSequenceTokens: Set<Int>
    /// The end token accepted, once one was.
    private let ended = Mutex<Int?>(nil)

    /// A stage ending the generation at any of `endOfSequenceTokens`.
    public init(endOfSequenceTokens: Set<Int>) {
        self.endOfSequenceTokens = endOfSequenceTokens
    }

    /// Leaves the logits as they are.
    public func apply(to logits: inout [Float]) {}

    /// Notes an end token.
    public func accept(_ token: Int) {
        if endOfSequenceTokens.contains(token) { ended.withLock { $0 = token } }
    }

    /// Forgets the end token.
    public func reset() { ended.withLock { $0 = nil } }

    /// Whether an end token was accepted.
    public var isFinished: Bool { ended.withLock { $0 != nil } }

    /// The end token accepted, if any.
    public var endToken: Int? { ended.withLock { $0 } }
}
