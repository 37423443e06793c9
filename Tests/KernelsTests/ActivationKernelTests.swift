import Foundation
import Kernels
import Testing

/// The gated feed-forward non-linearity at every level against the exact functions in double
/// (GELU: the tanh approximation the models were trained with).
@Suite("gated activation")
struct ActivationKernelTests {
    static func exact(_ x: Double, gelu: Bool) -> Double {
        guard gelu else { return x / (1 + exp(-x)) }
        // 0.5 (1 + tanh(u)) written as 1 / (1 + exp(-2u)): the same function, without the
        // cancellation that makes 1 + tanh(u) exactly 0 in double for u below about -19.
        let u: Double = 0.797_884_560_802_865_4 * (x + 0.044_715 * x * x * x)
        return x / (1 + exp(-2 * u))
    }

    @Test(arguments: [false, true], InstructionSet.allCases.filter { $0 >= .generic })
    func matchesTheExactFunction(gelu: Bool, level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        // Values across the whole useful range and beyond (saturation), plus a partial vector.
        var x: [Float] = (0..<4003).map { i in Float(i - 2001) / 100 }
        x += [0, -0.0, 1e-30, -1e-30, 88, -88, 200, -200, 1e30, -1e30]
        let up: [Float] = x.indices.map { i in Float(i % 7) - 3.5 }
        var gate = x
        gate.withUnsafeMutableBufferPointer { g in
            up.withUnsafeBufferPointer { u in
                kernels.gatedActivation(gate: g.baseAddress!, up: u.baseAddress!, count: g.count, gelu: gelu)
            }
        }
        for i in x.indices {
            let expected = Self.exact(Double(x[i]), gelu: gelu) * Double(up[i])
            // A few ulp of float arithmetic, plus the conditioning of exp: the argument a(x) is
            // rounded to float (relative 2^-24), which moves exp(-a) by |a| 2^-24 relatively
            // (GELU's a reaches -88 around x = -10, where libm's expf is off by as much).
            let x3 = Double(x[i]) * Double(x[i]) * Double(x[i])
            let a = gelu ? 2 * 0.797_884_6 * (Double(x[i]) + 0.044_715 * x3) : Double(x[i])
            let bound = (4e-6 + 2 * min(abs(a), 100) * 0x1p-24) * abs(expected) + 1e-30
            #expect(
                abs(Double(gate[i]) - expected) <= bound,
                "\(gelu ? "gelu" : "silu") \(kernels.isa) x=\(x[i]): \(gate[i]) vs \(expected)")
        }
        // Known values: GELU(1) = 0.841192, SiLU(1) = 0.7310586.
        var one: [Float] = [1], unit: [Float] = [1]
        one.withUnsafeMutableBufferPointer { g in
            unit.withUnsafeMutableBufferPointer { u in
                kernels.gatedActivation(gate: g.baseAddress!, up: u.baseAddress!, count: 1, gelu: gelu)
            }
        }
        #expect(abs(one[0] - (gelu ? 0.841_192 : 0.731_058_6)) < 1e-6)
    }
}
