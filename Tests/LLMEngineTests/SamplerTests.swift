import Foundation
import LLMEngine
import Testing

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

    @Test func sameSeedSameTokens() {
        let params = SamplingParameters(temperature: 1.2, topK: 5, topP: 0.9, seed: 1234)
        func draw() -> [Int] {
            var s = Sampler(params)
            return (0..<200).map { _ in var l = logits; return s.sample(&l)! }
        }
        let a = draw(), b = draw()
        #expect(a == b)
        #expect(Set(a).count > 1, "a temperature of 1.2 should not always give the same token")
        var other = Sampler(SamplingParameters(temperature: 1.2, topK: 5, topP: 0.9, seed: 99))
        #expect((0..<200).map { _ in var l = logits; return other.sample(&l)! } != a)
    }

    @Test func topKAndTopPCutTheTail() {
        let k2 = Sampler.candidates(logits, parameters: SamplingParameters(temperature: 1, topK: 2))
        #expect(k2.map(\.id) == [6, 1])  // 3.0, then the lower id of the two 2.5s
        #expect(abs(k2.map(\.probability).reduce(0, +) - 1) < 1e-5)
        let p = Sampler.candidates(logits, parameters: SamplingParameters(temperature: 1, topP: 0.5))
        #expect(p.map(\.id) == [6, 1])  // 3.0 alone is ~0.38 of the mass; with 2.5 it passes 0.5
        let all = Sampler.candidates(logits, parameters: SamplingParameters(temperature: 1))
        #expect(all.count == 7)  // -infinity is never a candidate
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
        let stop = StopCondition(endOfSequenceTokens: [7], maximumTokens: 3)
        #expect(stop.check(7, count: 1) == .endOfSequence(7))
        #expect(stop.check(1, count: 2) == nil)
        #expect(stop.check(1, count: 3) == .maximumTokens)
    }
}
