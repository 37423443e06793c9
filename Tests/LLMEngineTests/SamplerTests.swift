// Tests of Sampler: greedy argmax, processors, seeded repeatability, and the fast top-k / top-p /
// plain-temperature selection against a straightforward full-sort reference (bit for bit), draw
// frequencies against the probabilities (chi-square), and NaN / infinity handling.
import Foundation
import Testing

@testable import LLMEngine

/// A processor that allows only even tokens and records what it was told.
final class EvenOnly: LogitProcessor, @unchecked Sendable {
    var accepted: [Int] = []
    var resets = 0
    func apply(to logits: inout [Float]) { logits.mask { $0 % 2 == 0 } }
    func accept(_ token: Int) { accepted.append(token) }
    func reset() { accepted.removeAll(); resets += 1 }
}

@Suite struct SamplerTests {
    let logits: [Float] = [0.1, 2.5, 1.0, 2.5, -1, 0.7, 3.0, -.infinity]

    @Test func greedyTakesTheLargestLowestIndexFirst() {
        var sampler = Sampler(.greedy)
        var l = logits
        #expect(sampler.sample(&l) == 6)
        #expect(Sampler.argmax([1, 3, 3]) == 1)
        #expect(Sampler.argmax([-.infinity, -.infinity]) == nil)
    }

    @Test func processorsMaskAndHearTheChosenToken() {
        let even = EvenOnly()
        var sampler = Sampler(.greedy, processors: [even])
        var l: [Float] = [0, 5, 1, 9]
        #expect(sampler.sample(&l) == 2)
        #expect(even.accepted == [2])
        sampler.reset()
        #expect(even.resets == 1 && even.accepted.isEmpty)
    }

    /// The chain as the token loop asks it: the first stage that forces tokens gives them, any
    /// finished stage finishes the chain, an end token ends it through `StopCondition`, and a
    /// chain that forbids every token leaves nothing to select.
    @Test func theChainForcesFinishesAndStops() {
        final class Forcing: LogitProcessor, @unchecked Sendable {
            var forced: [Int]
            init(_ forced: [Int]) { self.forced = forced }
            func apply(to logits: inout [Float]) {}
            func accept(_ token: Int) { if forced.first == token { forced.removeFirst() } }
            func reset() {}
            func forcedTokens() -> [Int] { forced }
        }
        let stop = StopCondition(endOfSequenceTokens: [7])
        let first = Forcing([]), second = Forcing([3, 4])
        var sampler = Sampler(.greedy, processors: [first, second, stop])
        #expect(sampler.forcedTokens() == [3, 4])
        first.forced = [1]
        #expect(sampler.forcedTokens() == [1], "the first stage that forces gives the tokens")
        #expect(!sampler.isFinished)
        var logits: [Float] = [0, 0, 0, 0, 0, 0, 0, 9]
        #expect(sampler.sample(&logits) == 7)
        #expect(sampler.isFinished && stop.endToken == 7)
        sampler.reset()
        #expect(!sampler.isFinished && stop.endToken == nil)

        final class ForbidAll: LogitProcessor, @unchecked Sendable {
            func apply(to logits: inout [Float]) { logits.mask { _ in false } }
            func accept(_ token: Int) {}
            func reset() {}
        }
        var deadEnd = Sampler(.greedy, processors: [ForbidAll()])
        var all: [Float] = [1, 2, 3]
        #expect(deadEnd.sample(&all) == nil)
        var random = Sampler(SamplingParameters(temperature: 1, seed: 1), processors: [ForbidAll()])
        all = [1, 2, 3]
        #expect(random.sample(&all) == nil)
    }

    /// The chain's candidates are the first stage's that knows them within the limit; stages
    /// that do not (the default) are passed over, and a chain of them knows none.
    @Test func theChainsCandidatesComeFromTheFirstStageThatKnowsThem() {
        final class Choosing: LogitProcessor, @unchecked Sendable {
            let allowed: [Int]
            init(_ allowed: [Int]) { self.allowed = allowed }
            func apply(to logits: inout [Float]) { logits.mask { allowed.contains($0) } }
            func accept(_ token: Int) {}
            func reset() {}
            func candidateTokens(atMost limit: Int) -> [Int]? { allowed.count <= limit ? allowed : nil }
        }
        let stop = StopCondition(endOfSequenceTokens: [7])
        let sampler = Sampler(.greedy, processors: [stop, Choosing([2, 5, 6]), Choosing([5])])
        #expect(sampler.candidateTokens(atMost: 8) == [2, 5, 6])
        #expect(sampler.candidateTokens(atMost: 2) == [5], "the first stage has more than 2")
        #expect(sampler.candidateTokens(atMost: 0) == nil)
        #expect(Sampler(.greedy, processors: [stop]).candidateTokens(atMost: 100) == nil)
    }

    @Test func sameSeedSameTokens() {
        let params = SamplingParameters(temperature: 1.2, topK: 5, topP: 0.9, seed: 1234)
        func draw() -> [Int] {
            var s = Sampler(params)
            return (0..<200).map { _ in
                var l = logits; return s.sample(&l)!
            }
        }
        let a = draw(), b = draw()
        #expect(a == b)
        #expect(Set(a).count > 1, "a temperature of 1.2 should not always give the same token")
        var other = Sampler(SamplingParameters(temperature: 1.2, topK: 5, topP: 0.9, seed: 99))
        #expect(
            (0..<200).map { _ in
                var l = logits; return other.sample(&l)!
            } != a)
    }

    @Test func topKAndTopPCutTheTail() {
        let k2 = Sampler.candidates(logits, parameters: SamplingParameters(temperature: 1, topK: 2))
        #expect(k2.map(\.id) == [6, 1]) // 3.0, then the lower id of the two 2.5s
        #expect(abs(k2.map(\.probability).reduce(0, +) - 1) < 1e-5)
        let p = Sampler.candidates(logits, parameters: SamplingParameters(temperature: 1, topP: 0.5))
        #expect(p.map(\.id) == [6, 1]) // 3.0 alone is ~0.38 of the mass; with 2.5 it passes 0.5
        let all = Sampler.candidates(logits, parameters: SamplingParameters(temperature: 1))
        #expect(all.count == 7) // -infinity is never a candidate
    }

    @Test func drawsFollowTheDistribution() {
        // Two tokens with logits log(3) and 0: probabilities 3/4 and 1/4.
        var s = Sampler(SamplingParameters(temperature: 1, seed: 7))
        var counts = [0, 0]
        for _ in 0..<20_000 { var l: [Float] = [Float(log(3.0)), 0]; counts[s.sample(&l)!] += 1 }
        let share = Double(counts[0]) / 20_000
        #expect(abs(share - 0.75) < 0.015, "share \(share)")
    }

    @Test func stopConditions() {
        let stop = StopCondition(endOfSequenceTokens: [7, 9])
        stop.accept(1)
        #expect(!stop.isFinished && stop.endToken == nil)
        var logits: [Float] = [1, 2, 3]
        stop.apply(to: &logits)
        #expect(logits == [1, 2, 3], "the stop stage masks nothing")
        stop.accept(9)
        #expect(stop.isFinished && stop.endToken == 9)
        #expect(stop.forcedTokens().isEmpty)
    }
}

/// The sampler's definition written the slow, obvious way: sort every valid logit.
enum FullSortSampler {
    /// Kept candidates, best first, with their weights and the weights' running sum.
    struct Kept {
        var ids: [Int] = []
        var weights: [Float] = []
        var total = 0.0
        var probabilities: [Float] { weights.map { Float(Double($0) / total) } }
    }

    static func temperature(_ t: Float) -> Float { t > 1e-6 ? min(t, .greatestFiniteMagnitude) : 1e-6 }

    /// NaN and -infinity are never valid; +infinity, if present, is the only valid value.
    static func valid(_ logits: [Float]) -> [Int] {
        let valid = logits.indices.filter { logits[$0] > -.infinity }
        let infinite = valid.filter { logits[$0] == .infinity }
        return infinite.isEmpty ? valid : infinite
    }

    static func candidates(_ logits: [Float], _ parameters: SamplingParameters) -> Kept {
        var order = valid(logits)
        order.sort { logits[$0] != logits[$1] ? logits[$0] > logits[$1] : $0 < $1 }
        if let k = parameters.topK, k > 0 { order = Array(order.prefix(k)) }
        guard let first = order.first else { return Kept() }
        let best = logits[first], t = temperature(parameters.temperature)
        var weights = order.map { best == .infinity ? 1 : expf((logits[$0] - best) / t) }
        if let p = parameters.topP, p < 1 {
            var z = 0.0
            for j in order.indices.sorted(by: { order[$0] < order[$1] }) { z += Double(weights[j]) }
            var running = 0.0
            for j in order.indices {
                running += Double(weights[j])
                if running >= Double(p) * z {
                    order.removeSubrange((j + 1)...)
                    weights.removeSubrange((j + 1)...)
                    break
                }
            }
        }
        var total = 0.0
        for w in weights { total += Double(w) }
        return Kept(ids: order, weights: weights, total: total)
    }

    /// The token `Sampler.select` must return for the unit float `u`: the first candidate (or,
    /// with neither top-k nor top-p, the first token in vocabulary order) whose running weight
    /// exceeds `u` times the total.
    static func draw(_ logits: [Float], _ parameters: SamplingParameters, unit u: Float) -> Int? {
        let cutsK = (parameters.topK ?? 0) > 0 && parameters.topK! < logits.count
        let cutsP = (parameters.topP ?? 1) < 1
        var ids: [Int], weights: [Float], total = 0.0
        if cutsK || cutsP {
            let kept = candidates(logits, parameters)
            (ids, weights, total) = (kept.ids, kept.weights, kept.total)
        } else {
            ids = valid(logits)
            guard let bestID = ids.max(by: { logits[$0] < logits[$1] }) else { return nil }
            let best = logits[bestID], t = temperature(parameters.temperature)
            weights = ids.map { best == .infinity ? 1 : expf((logits[$0] - best) / t) }
            for w in weights { total += Double(w) }
        }
        var running = 0.0
        for (id, w) in zip(ids, weights) {
            running += Double(w)
            if running > Double(u) * total { return id }
        }
        return nil
    }
}

extension SeededGenerator {
    /// A standard normal deviate (Box-Muller).
    mutating func normal() -> Float {
        let u = max(Double(nextUnitFloat()), 1e-12), v = Double(nextUnitFloat())
        return Float((-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite struct SamplerSelectionTests {
    /// Logit vectors of several shapes: spread, ties, masks, NaN, signed zeros, +infinity.
    static func logits(_ n: Int, shape: Int, _ g: inout SeededGenerator) -> [Float] {
        let spread = 0.5 + 4 * g.nextUnitFloat()
        switch shape % 9 {
        case 0: return (0..<n).map { _ in g.normal() * spread }
        case 1: return (0..<n).map { _ in (g.normal() * spread * 2).rounded() / 2 } // many ties
        case 2: return (0..<n).map { _ in g.below(10) < 3 ? -.infinity : g.normal() * spread }
        case 3: return (0..<n).map { _ in [Float(-0.0), 0, 1, -1, 1][g.below(5)] } // ties, signed zeros
        case 4: // peaked, as language models usually are
            var l = (0..<n).map { _ in g.normal() * 2 }
            for _ in 0..<min(3, n) { l[g.below(n)] = 12 + 4 * g.nextUnitFloat() }
            return l
        case 5: return (0..<n).map { _ in [Float.nan, -.infinity][g.below(2)] * (g.below(20) < 2 ? 1 : 0) + g.normal() }
        case 6: return (0..<n).map { _ in g.below(1000) == 0 ? g.normal() : -.infinity } // mostly masked
        case 7:
            var l = (0..<n).map { _ in g.normal() * spread }
            for _ in 0..<(1 + g.below(3)) { l[g.below(n)] = .infinity }
            return l
        default: return (0..<n).map { _ in g.below(2) == 0 ? .nan : -.infinity } // nothing valid
        }
    }

    static func parameterSets(_ n: Int, _ g: inout SeededGenerator) -> [SamplingParameters] {
        let temperatures: [Float] = [0.05, 0.7, 1, 1.5, 8]
        func t() -> Float { temperatures[g.below(temperatures.count)] }
        let ks = [1, 2, 40, max(1, n / 2), max(1, n - 1), n, n + 3, 0, -1]
        let ps: [Float] = [0, 0.1, 0.5, 0.9, 0.95, 0.999, 0.99999, 1, .nan]
        var sets: [SamplingParameters] = [
            SamplingParameters(temperature: t(), topK: 40),
            SamplingParameters(temperature: t(), topK: ks[g.below(ks.count)]),
            SamplingParameters(temperature: t(), topP: 0.9),
            SamplingParameters(temperature: t(), topP: ps[g.below(ps.count)]),
            SamplingParameters(temperature: t(), topP: ps[g.below(ps.count)]),
            SamplingParameters(temperature: t(), topK: 40, topP: 0.9),
            SamplingParameters(temperature: t(), topK: ks[g.below(ks.count)], topP: ps[g.below(ps.count)]),
        ]
        if n <= 5000 { sets.append(SamplingParameters(temperature: t())) } // every token, sorted
        return sets
    }

    static let sizes = [1, 2, 3, 5, 15, 16, 17, 33, 64, 100, 1000, 4099, 65_537, 151_936, 300_000]

    @Test func fastSelectionEqualsTheFullSortReference() {
        var g = SeededGenerator(seed: 2024)
        var compared = 0
        for n in Self.sizes {
            for shape in 0..<(n >= 100_000 ? 9 : 18) {
                let logits = Self.logits(n, shape: shape, &g)
                for parameters in Self.parameterSets(n, &g) {
                    let fast = Sampler.candidates(logits, parameters: parameters)
                    let reference = FullSortSampler.candidates(logits, parameters)
                    #expect(fast.map(\.id) == reference.ids, "n \(n) shape \(shape) \(parameters)")
                    #expect(fast.map(\.probability) == reference.probabilities, "n \(n) shape \(shape) \(parameters)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }

    /// A guide that puts the first threshold too high (or above every logit) makes the nucleus
    /// walk run out and lower the threshold slice by slice; the result must not change.
    @Test(arguments: [-40, -3, 0, 0.5] as [Float])
    func nucleusIsExactWhateverTheGuide(margin: Float) {
        var g = SeededGenerator(seed: 31)
        for n in [1, 20, 1000, 70_000] {
            for shape in 0..<9 {
                let logits = Self.logits(n, shape: shape, &g)
                for (t, p) in [(1, 0.9), (0.7, 0.5), (8, 0.95), (0.05, 0.999), (1.5, 0)] as [(Float, Float)] {
                    let fast = logits.withUnsafeBufferPointer {
                        NucleusSelection.select($0, temperature: t, topP: p, margin: margin)
                    }
                    let reference = FullSortSampler.candidates(logits, SamplingParameters(temperature: t, topP: p))
                    #expect(fast.ids == reference.ids, "n \(n) shape \(shape) t \(t) p \(p)")
                    #expect(fast.weights == reference.weights && fast.total == reference.total)
                }
            }
        }
    }

    @Test func drawsEqualTheDefinition() {
        var g = SeededGenerator(seed: 77)
        for n in [1, 7, 50, 1000, 5000, 151_936] {
            for shape in 0..<9 {
                let logits = Self.logits(n, shape: shape, &g)
                var sets = Self.parameterSets(n, &g)
                sets.append(SamplingParameters(temperature: 0.9)) // the direct full-softmax draw
                sets.append(SamplingParameters(temperature: 2, topK: n))
                for parameters in sets where !parameters.isGreedy {
                    let seed = g.next()
                    var sampler = Sampler(
                        SamplingParameters(
                            temperature: parameters.temperature, topK: parameters.topK, topP: parameters.topP, seed: seed))
                    var units = SeededGenerator(seed: seed)
                    for _ in 0..<3 {
                        let expected = FullSortSampler.draw(logits, parameters, unit: units.nextUnitFloat())
                        #expect(sampler.select(logits) == expected, "n \(n) shape \(shape) \(parameters)")
                        if expected == nil { break } // no draw consumed: the streams part ways
                    }
                }
            }
        }
    }

    /// Chi-square critical values at a significance of 0.001, by degrees of freedom.
    static let critical: [Double] = [0, 10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88]

    @Test(arguments: [
        SamplingParameters(temperature: 1, seed: 11),
        SamplingParameters(temperature: 0.6, seed: 12),
        SamplingParameters(temperature: 1.3, topK: 4, seed: 13),
        SamplingParameters(temperature: 1, topP: 0.8, seed: 14),
        SamplingParameters(temperature: 2, topK: 5, topP: 0.9, seed: 15),
    ])
    func drawFrequenciesFollowTheProbabilities(_ parameters: SamplingParameters) {
        let logits: [Float] = [0.1, 2.5, 1.0, 2.5, -1, 0.7, 3.0, -.infinity, .nan, 1.8]
        var probability = [Double](repeating: 0, count: logits.count)
        if parameters.topK == nil && parameters.topP == nil {
            let t = Double(parameters.temperature)
            let w = logits.map { $0 > -.infinity ? exp(Double($0) / t) : 0 }
            let z = w.reduce(0, +)
            probability = w.map { $0 / z }
        } else {
            for c in Sampler.candidates(logits, parameters: parameters) { probability[c.id] = Double(c.probability) }
        }
        let draws = 50_000
        var counts = [Int](repeating: 0, count: logits.count)
        var sampler = Sampler(parameters)
        for _ in 0..<draws { counts[sampler.select(logits)!] += 1 }
        var chiSquare = 0.0
        var cells = 0
        for (p, count) in zip(probability, counts) {
            if p == 0 {
                #expect(count == 0, "a token of probability 0 was drawn")
                continue
            }
            let expected = p * Double(draws)
            chiSquare += (Double(count) - expected) * (Double(count) - expected) / expected
            cells += 1
        }
        #expect(cells >= 2)
        #expect(chiSquare < Self.critical[cells - 1], "chi-square \(chiSquare) over \(cells) cells: \(counts)")
    }

    @Test func nanIsNeverChosen() {
        let logits: [Float] = [.nan, 1, .nan, 0.5, -.infinity, .nan]
        #expect(Sampler.argmax(logits) == 1)
        #expect(Sampler.argmax([.nan, 2, 2]) == 1)
        #expect(Sampler.argmax(Array(repeating: .nan, count: 40) + [-1] + Array(repeating: .nan, count: 40)) == 40)
        let modes: [SamplingParameters] = [
            .greedy,
            SamplingParameters(temperature: 1, seed: 1),
            SamplingParameters(temperature: 5, topK: 2, seed: 2),
            SamplingParameters(temperature: 5, topP: 0.99, seed: 3),
            SamplingParameters(temperature: 5, topK: 3, topP: 0.9, seed: 4),
            SamplingParameters(temperature: .nan, seed: 5),
            SamplingParameters(temperature: 1, topP: .nan, seed: 6),
        ]
        for parameters in modes {
            var sampler = Sampler(parameters)
            for _ in 0..<300 {
                var l = logits
                let token = sampler.sample(&l)
                #expect(token == 1 || token == 3, "\(parameters): \(String(describing: token))")
            }
            #expect(Set(Sampler.candidates(logits, parameters: parameters).map(\.id)).isSubset(of: [1, 3]))
            for nothing in [[Float.nan, .nan], [.nan, -.infinity], [], Array(repeating: .nan, count: 100)] {
                var l = nothing
                #expect(sampler.sample(&l) == nil)
                #expect(Sampler.candidates(nothing, parameters: parameters).isEmpty)
            }
        }
    }

    @Test func maskedTokensAreNeverChosen() {
        var g = SeededGenerator(seed: 5)
        var logits = (0..<50_000).map { _ in g.normal() * 3 }
        for i in logits.indices where i % 7 != 3 { logits[i] = -.infinity }
        for parameters in [
            SamplingParameters(temperature: 1, seed: 1), SamplingParameters(temperature: 1, topK: 40, seed: 2),
            SamplingParameters(temperature: 1, topP: 0.95, seed: 3), .greedy,
        ] {
            var sampler = Sampler(parameters)
            for _ in 0..<50 { #expect(sampler.select(logits)! % 7 == 3) }
        }
    }

    @Test func positiveInfinityTakesAllTheProbability() {
        let logits: [Float] = [1, .infinity, 3, .nan, .infinity, -.infinity]
        #expect(Sampler.argmax(logits) == 1)
        for parameters in [
            SamplingParameters(temperature: 1), SamplingParameters(temperature: 1, topK: 3),
            SamplingParameters(temperature: 1, topP: 0.9),
        ] {
            let c = Sampler.candidates(logits, parameters: parameters)
            #expect(c.map(\.id) == [1, 4] && c.map(\.probability) == [0.5, 0.5], "\(parameters)")
            var sampler = Sampler(
                SamplingParameters(temperature: 1, topK: parameters.topK, topP: parameters.topP, seed: 3))
            let drawn = Set((0..<200).map { _ in sampler.select(logits)! })
            #expect(drawn == [1, 4])
        }
        #expect(Sampler.candidates(logits, parameters: SamplingParameters(topP: 0.5)).map(\.id) == [1])
        #expect(Sampler.candidates(logits, parameters: SamplingParameters(topK: 1)).map(\.id) == [1])
    }

    @Test func extremeTemperaturesStayFinite() {
        let logits: [Float] = [-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude, 1e-30, -1e-30]
        for t: Float in [1e-9, 1e-6, 1, 1e30, .infinity, .greatestFiniteMagnitude] {
            for parameters in [
                SamplingParameters(temperature: t, seed: 1), SamplingParameters(temperature: t, topK: 3, seed: 1),
                SamplingParameters(temperature: t, topP: 0.7, seed: 1),
            ] {
                let c = Sampler.candidates(logits, parameters: parameters)
                #expect(c.allSatisfy { $0.probability.isFinite }, "\(parameters)")
                #expect(c.map(\.id) == FullSortSampler.candidates(logits, parameters).ids)
                var sampler = Sampler(parameters)
                #expect(sampler.select(logits) != nil)
            }
        }
    }
}
