import Kernels
import Testing

@testable import LLMEngine

/// The delta rule's chunked (WY) form, `KernelSet.deltaRule(…chunk: C)`, against its recurrent
/// form (`chunk: 0`) and the readable `DeltaRule.step`: the outputs and the final state, over
/// lengths that are and are not multiples of the chunk, with decays near 0 (the state keeps
/// everything) and strongly negative (it forgets almost at once), at every instruction set.
///
/// The bound: each form rounds, per position, dot products of at most `S + C` terms (a key or
/// query against a row of the state, or against the chunk's other keys), each term at most
/// `m` = the largest |entry| of the states, values and outputs involved (the keys and queries
/// are unit vectors, β < 1, e^g ≤ 1); such a sum is off by at most `(S + C) ε m` (ε = 2⁻²⁴).
/// The state update `M(I − β k kᵀ) e^g` does not grow an error (`I − β k kᵀ` has norm ≤ 1), so
/// after `n` positions the two forms differ by at most `2 n (S + C) ε m`.
@Suite struct DeltaRuleChunkTests {
    /// `count` positions of one head laid out as the block pass holds them: rows of
    /// `q | k | v` (`3 S` wide), the gates in rows of two (β then g).
    struct Positions {
        let length: Int
        var count: Int
        var rows: [Float], gates: [Float]

        init(count: Int, length s: Int, decays: ClosedRange<Float>, seed: UInt64) {
            var rng = SeededGenerator(seed: seed)
            length = s
            self.count = count
            rows = (0..<(count * 3 * s)).map { _ in Float.random(in: -1...1, using: &rng) }
            gates = (0..<count).flatMap { _ in [Float.random(in: 0.05...0.95, using: &rng), Float.random(in: decays, using: &rng)] }
            rows.withUnsafeMutableBufferPointer { p in
                for t in 0..<count {
                    DeltaRule.l2Normalize(p.baseAddress! + t * 3 * s, count: s, epsilon: 1e-6)
                    DeltaRule.l2Normalize(p.baseAddress! + t * 3 * s + s, count: s, epsilon: 1e-6)
                }
            }
        }

        /// The outputs (`[count][S]`) and the final state from `state`, by the kernel.
        func run(_ kernels: KernelSet, chunk: Int, state: [Float]) -> (out: [Float], state: [Float]) {
            var state = state, out = [Float](repeating: 0, count: count * length)
            let s = length
            rows.withUnsafeBufferPointer { r in
                gates.withUnsafeBufferPointer { g in
                    kernels.deltaRule(
                        count: count, length: s, queries: r.baseAddress!, keys: r.baseAddress! + s, keyStride: 3 * s,
                        values: r.baseAddress! + 2 * s, valueStride: 3 * s, decays: g.baseAddress! + 1, betas: g.baseAddress!,
                        gateStride: 2, state: &state, outputs: &out, outputStride: s, chunk: chunk)
                }
            }
            return (out, state)
        }

        /// The same by `DeltaRule.step`, position by position.
        func reference(state: [Float]) -> (out: [Float], state: [Float]) {
            var state = state, out = [Float](repeating: 0, count: count * length)
            let s = length
            for t in 0..<count {
                let row = Array(rows[(t * 3 * s)..<((t + 1) * 3 * s)])
                var o = [Float](repeating: 0, count: s)
                DeltaRule.step(
                    state: &state, query: row, key: Array(row[s..<(2 * s)]), value: Array(row[(2 * s)...]), decay: gates[2 * t + 1],
                    beta: gates[2 * t], length: s, into: &o)
                out.replaceSubrange((t * s)..<((t + 1) * s), with: o)
            }
            return (out, state)
        }
    }

    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).map { abs($0 - $1) }.max() ?? 0 }
    static func magnitude(_ arrays: [Float]...) -> Float { max(1, arrays.joined().map(abs).max() ?? 0) }

    /// The kernels of every instruction set this CPU runs (from generic up).
    static var levels: [KernelSet] {
        InstructionSet.allCases.filter { $0 >= .generic && $0 <= CPUFeatures.current.best }.map { KernelSet(isa: $0) }
    }

    @Test(arguments: [1, 5, 63, 64, 65, 200])
    func theChunkedFormIsTheRecurrence(length count: Int) {
        let regimes: [(String, ClosedRange<Float>)] = [("near 0", -1e-3...0), ("strongly negative", -30 ... -5), ("mixed", -4...0)]
        for (s, seed) in [(64, 1), (24, 2)] as [(Int, UInt64)] { // 24: columns beyond the vector width
            for (name, decays) in regimes {
                let positions = Positions(count: count, length: s, decays: decays, seed: seed + UInt64(count))
                var rng = SeededGenerator(seed: seed)
                let start = (0..<(s * s)).map { _ in Float.random(in: -0.5...0.5, using: &rng) }
                let reference = positions.reference(state: start)
                for kernels in Self.levels {
                    let recurrent = positions.run(kernels, chunk: 0, state: start)
                    for chunk in [64, 16, 5] {
                        let chunked = positions.run(kernels, chunk: chunk, state: start)
                        let m = Self.magnitude(start, reference.state, reference.out, positions.rows)
                        let bound = 2 * Float(count) * Float(s + chunk) * Float.ulpOfOne / 2 * m
                        let label = "\(kernels.isa) S \(s) n \(count) C \(chunk) decays \(name)"
                        #expect(Self.maxDifference(chunked.out, recurrent.out) <= bound, "\(label): outputs")
                        #expect(Self.maxDifference(chunked.state, recurrent.state) <= bound, "\(label): state")
                        #expect(Self.maxDifference(chunked.out, reference.out) <= bound, "\(label): outputs against step")
                        #expect(Self.maxDifference(chunked.state, reference.state) <= bound, "\(label): state against step")
                    }
                    let m = Self.magnitude(start, reference.state, reference.out, positions.rows)
                    let bound = 2 * Float(count) * Float(s) * Float.ulpOfOne / 2 * m
                    #expect(Self.maxDifference(recurrent.out, reference.out) <= bound, "\(kernels.isa) S \(s) n \(count): recurrent outputs")
                    #expect(Self.maxDifference(recurrent.state, reference.state) <= bound, "\(kernels.isa) S \(s) n \(count): recurrent state")
                }
            }
        }
    }

    /// Stretches run in pieces (the block pass cuts them at the states it keeps) continue as
    /// one run does.
    @Test func piecesCarryTheState() {
        let s = 32, positions = Positions(count: 100, length: s, decays: -2...0, seed: 9)
        let kernels = KernelSet.default
        let whole = positions.run(kernels, chunk: 64, state: Array(repeating: 0, count: s * s))
        var state = [Float](repeating: 0, count: s * s), out: [Float] = []
        for range in [0..<7, 7..<70, 70..<71, 71..<100] {
            var piece = positions
            piece.count = range.count
            piece.rows = Array(positions.rows[(range.lowerBound * 3 * s)..<(range.upperBound * 3 * s)])
            piece.gates = Array(positions.gates[(2 * range.lowerBound)..<(2 * range.upperBound)])
            let part = piece.run(kernels, chunk: range.count >= 8 ? 64 : 0, state: state)
            state = part.state
            out += part.out
        }
        #expect(Self.maxDifference(out, whole.out) < 1e-4 && Self.maxDifference(state, whole.state) < 1e-4)
    }
}
