// Sampler: the logit-processor chain, then greedy argmax or a seeded draw after temperature,
// top-k and top-p. No path sorts the whole vocabulary: top-k keeps a bounded heap
// (TopKSelection), top-p alone collects only the nucleus (NucleusSelection), and plain temperature
// draws from the full softmax in vocabulary order (SoftmaxScan.draw).
import Foundation

/// Chooses tokens from logits: the `LogitProcessor` chain first (constraints, penalties), then
/// greedy argmax, or temperature -> top-k -> top-p -> a draw from a seeded generator.
///
/// ```swift
/// var sampler = Sampler(SamplingParameters(temperature: 0.7, topK: 40, seed: 1))
/// let token = sampler.sample(&logits)
/// ```
public struct Sampler: Sendable {
    /// The parameters.
    public let parameters: SamplingParameters
    /// Stages that see the logits before selection, in order.
    public var processors: [any LogitProcessor]
    private var generator: SeededGenerator

    /// Creates a sampler; without a seed the generator is seeded from the system's randomness.
    public init(_ parameters: SamplingParameters, processors: [any LogitProcessor] = []) {
        self.parameters = parameters
        self.processors = processors
        var system = SystemRandomNumberGenerator()
        generator = SeededGenerator(seed: parameters.seed ?? system.next())
    }

    /// Runs the processors over `logits`, picks a token and tells the processors which.
    /// Returns nil when every token is forbidden.
    public mutating func sample(_ logits: inout [Float]) -> Int? {
        process(&logits)
        guard let token = select(logits) else { return nil }
        accept(token)
        return token
    }

    /// Tells the processors about a token chosen elsewhere (a forced token).
    public func accept(_ token: Int) {
        for p in processors { p.accept(token) }
    }

    /// Resets the processors (the generator keeps its stream).
    public func reset() {
        for p in processors { p.reset() }
    }

    /// The tokens the chain allows alone from here: the first stage's that forces any (the
    /// others see them through `accept`); empty when the model has a choice.
    public func forcedTokens() -> [Int] {
        for p in processors {
            let forced = p.forcedTokens()
            if !forced.isEmpty { return forced }
        }
        return []
    }

    /// Whether a stage of the chain has ended the generation.
    public var isFinished: Bool { processors.contains { $0.isFinished } }

    /// The tokens the chain can still allow at this point, when a stage knows there are at most
    /// `limit` (the first such stage's list: a stage only ever forbids, so no later one adds
    /// any); `nil` when any may be.
    public func candidateTokens(atMost limit: Int) -> [Int]? {
        for p in processors {
            if let candidates = p.candidateTokens(atMost: limit) { return candidates }
        }
        return nil
    }

    /// Runs the processors over `logits` in chain order (the mask before a selection).
    public func process(_ logits: inout [Float]) {
        for p in processors { p.apply(to: &logits) }
    }

    /// Picks a token from processed logits without touching the processors.
    ///
    /// Greedy parameters take `argmax`. Otherwise one unit float from the seeded generator picks
    /// the token (none is drawn when every token is forbidden): with top-k or top-p, among
    /// `candidates(_:parameters:)` by their running probability in that order; with neither, from
    /// the full softmax in vocabulary order (`SoftmaxScan.draw`), which needs no sort.
    /// NaN and -infinity logits are never chosen.
    public mutating func select(_ logits: [Float]) -> Int? {
        if parameters.isGreedy { return Self.argmax(logits) }
        let topK = Self.effectiveTopK(parameters.topK, vocabularySize: logits.count)
        let topP = Self.effectiveTopP(parameters.topP)
        return logits.withUnsafeBufferPointer { logits in
            if topK == nil && topP == nil {
                return SoftmaxScan.draw(logits, temperature: parameters.temperature, generator: &generator)
            }
            let kept = Self.weightedCandidates(logits, temperature: parameters.temperature, topK: topK, topP: topP)
            guard !kept.ids.isEmpty else { return nil }
            return kept.draw(unit: generator.nextUnitFloat())
        }
    }

    /// The index of the largest logit (the lowest index among equals); NaN is never chosen, and
    /// nil means every logit is -infinity or NaN.
    public static func argmax(_ logits: [Float]) -> Int? {
        logits.withUnsafeBufferPointer { logits in
            let best = SoftmaxScan.maximum(logits)
            return best > -.infinity ? SoftmaxScan.firstIndex(of: best, in: logits) : nil
        }
    }

    /// A token and its probability after temperature, top-k and top-p.
    public struct Candidate: Sendable, Equatable {
        /// Token id.
        public let id: Int
        /// Probability, renormalised over the kept candidates.
        public let probability: Float
    }

    /// The candidates a draw chooses among, most likely first (equal logits: lowest id first),
    /// probabilities summing to 1. NaN and -infinity logits are never candidates; if any logit is
    /// +infinity, the +infinity logits share the probability equally and are the only candidates.
    ///
    /// Definition (the fast paths give exactly this, bit for bit):
    /// 1. order the candidates as above; with top-k (0 < k), keep the first k;
    /// 2. weigh each `expf((logit - best) / t)`, `best` the first logit, `t` the temperature
    ///    clamped to [1e-6, greatest finite];
    /// 3. with top-p (p < 1), Z is the sum of the kept weights in id order (in Double), and the
    ///    candidates are cut to the shortest prefix whose running sum (in Double) reaches p * Z;
    /// 4. a probability is `weight / S`, S the kept weights' running sum at the end.
    ///
    /// Top-k selects with a bounded heap and top-p alone collects only the nucleus. With neither,
    /// the list is every valid token, which has to be sorted; `select` does not build it.
    public static func candidates(_ logits: [Float], parameters: SamplingParameters) -> [Candidate] {
        logits.withUnsafeBufferPointer { logits in
            weightedCandidates(
                logits, temperature: parameters.temperature,
                topK: effectiveTopK(parameters.topK, vocabularySize: logits.count),
                topP: effectiveTopP(parameters.topP)
            ).candidates
        }
    }

    /// `topK` when it cuts anything: positive and below the vocabulary size.
    static func effectiveTopK(_ topK: Int?, vocabularySize: Int) -> Int? {
        guard let topK, topK > 0, topK < vocabularySize else { return nil }
        return topK
    }

    /// `topP` when it cuts anything: below 1 (and not NaN).
    static func effectiveTopP(_ topP: Float?) -> Float? {
        guard let topP, topP < 1 else { return nil }
        return topP
    }

    /// The kept candidates with their weights, by the cheapest path that gives the definition.
    static func weightedCandidates(
        _ logits: UnsafeBufferPointer<Float>, temperature: Float, topK: Int?, topP: Float?
    ) -> WeightedCandidates {
        precondition(logits.count <= Int(UInt32.max), "token ids must fit the packed keys")
        if let topK {
            return WeightedCandidates(
                order: TopKSelection.best(topK, of: logits), logits: logits, temperature: temperature, topP: topP)
        }
        if let topP {
            return NucleusSelection.select(logits, temperature: temperature, topP: topP)
        }
        var keys: [UInt64] = []
        for i in logits.indices where logits[i] > -.infinity { keys.append(SoftmaxScan.key(logits[i], id: i)) }
        keys.sort()
        return WeightedCandidates(
            order: keys.map(SoftmaxScan.id(ofKey:)), logits: logits, temperature: temperature, topP: nil)
    }
}
