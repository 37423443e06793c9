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
        for p in processors { p.apply(to: &logits) }
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

    /// Picks a token from processed logits without touching the processors.
    public mutating func select(_ logits: [Float]) -> Int? {
        if parameters.isGreedy { return Self.argmax(logits) }
        let candidates = Self.candidates(logits, parameters: parameters)
        guard !candidates.isEmpty else { return nil }
        var r = generator.nextUnitFloat()
        for c in candidates {
            r -= c.probability
            if r < 0 { return c.id }
        }
        return candidates.last!.id  // rounding: the total can fall a hair short of 1
    }

    /// The index of the largest finite logit (the lowest index among equals).
    public static func argmax(_ logits: [Float]) -> Int? {
        var best: Int?
        var bestValue = -Float.infinity
        for (i, v) in logits.enumerated() where v > bestValue {
            best = i
            bestValue = v
        }
        return best
    }

    /// A token and its probability after temperature, top-k and top-p.
    public struct Candidate: Sendable, Equatable {
        /// Token id.
        public let id: Int
        /// Probability, renormalised over the kept candidates.
        public let probability: Float
    }

    /// The candidates a draw chooses among, most likely first, probabilities summing to 1.
    public static func candidates(_ logits: [Float], parameters: SamplingParameters) -> [Candidate] {
        var kept: [(id: Int, logit: Float)] = []
        kept.reserveCapacity(256)
        for (i, v) in logits.enumerated() where v > -.infinity { kept.append((i, v)) }
        guard !kept.isEmpty else { return [] }
        // Most likely first; ties by id so the order never depends on the sort's stability.
        kept.sort { $0.logit != $1.logit ? $0.logit > $1.logit : $0.id < $1.id }
        if let k = parameters.topK, k > 0, kept.count > k { kept.removeLast(kept.count - k) }
        let t = max(parameters.temperature, 1e-6)
        let top = kept[0].logit
        var probabilities = kept.map { expf(($0.logit - top) / t) }
        var total = probabilities.reduce(0, +)
        if let p = parameters.topP, p < 1 {
            var cumulative: Float = 0
            var cut = probabilities.count
            for (i, q) in probabilities.enumerated() {
                cumulative += q / total
                if cumulative >= p { cut = i + 1; break }
            }
            probabilities.removeLast(probabilities.count - cut)
            kept.removeLast(kept.count - cut)
            total = probabilities.reduce(0, +)
        }
        return zip(kept, probabilities).map { Candidate(id: $0.id, probability: $1 / total) }
    }
}
