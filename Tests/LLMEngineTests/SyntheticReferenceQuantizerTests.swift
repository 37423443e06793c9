import FMSupport
import GGUF
import Kernels
import TestSupport
import Testing

/// `SyntheticModelQuantizer` writes valid blocks of each type: decoded by the Kernels' reference
/// dequantizer (written from ggml's layouts, checked against the `gguf` package in KernelsTests),
/// every value is within one quantization step of its input. A wrong bit layout moves values by
/// a large part of the block's range instead, so it cannot pass.
@Suite struct SyntheticReferenceQuantizerTests {
    /// 1024 values: each 256-value super-block has its own magnitude (1, 100, 0.01, 3), and its
    /// 32-value runs differ in shape and, within a factor of three, in size (uniform, all
    /// negative, all positive, zero, small noise with one large value...), so every sub-block
    /// scale of a k-quant block gets a different value.
    static func values() -> [Float] {
        var rng = SplitMix64(seed: 5)
        let magnitudes: [Float] = [1, 100, 0.01, 3]
        return (0..<1024).map { i in
            let u = rng.nextSigned(), m = magnitudes[i / 256]
            switch (i / 32) % 8 {
            case 0: return m * u
            case 1: return m * 0.4 * u
            case 2: return -m * abs(u) * 1.2
            case 3: return m * (abs(u) * 0.5 + 0.5)
            case 4: return 0
            case 5: return m * (i % 32 == 7 ? 1.1 : 0.3 * u)
            case 6: return m * 0.7 * u + m * 0.2
            default: return m * 0.5 * u
            }
        }
    }

    @Test(arguments: SyntheticModel.WeightType.allCases)
    func decodedValuesAreWithinOneStep(_ type: SyntheticModel.WeightType) throws {
        let x = Self.values()
        let bytes = SyntheticModelQuantizer.encode(x, as: type)
        #expect(bytes.count == type.ggml.byteCount(elements: x.count))
        let quant = try #require(QuantType(rawValue: type.ggml.rawValue))
        let y = try ReferenceDequantizer.dequantize(bytes, type: quant, count: x.count)
        let group = Self.group(type)
        var worst: Float = 0
        for start in stride(from: 0, to: x.count, by: group) {
            let block = x[start..<start + group]
            let bound = Self.step(type, block)
            for i in block.indices {
                let error = abs(y[i] - x[i])
                worst = max(worst, bound > 0 ? error / bound : error)
                #expect(error <= bound, "\(type.rawValue) element \(i): \(x[i]) decoded as \(y[i]), bound \(bound)")
            }
        }
        print("\(type.rawValue): worst error \(worst) of a step")
    }

    @Test func invalidShapesAreNamed() {
        var model = SyntheticModel(architecture: "llama")
        model.matrixTypes = [.q4_K]
        #expect(
            throws: SyntheticModel.ValidationError.rowNotBlockAligned(
                tensor: "embeddingLength-wide matrices", columns: 64, type: .q4_K)
        ) { try model.validate() }
        model = SyntheticModel(architecture: "llama")
        model.headCountKV = 3
        #expect(throws: SyntheticModel.ValidationError.headsNotGrouped(headCount: 4, headCountKV: 3)) {
            try model.validate()
        }
        model = SyntheticModel(architecture: "llama")
        model.ropeDimensions = 7
        #expect(throws: SyntheticModel.ValidationError.ropeDimensions(7, headLength: 16)) { try model.encoded() }
    }

    /// The run of values sharing one scale: the sub-block for k-quants.
    static func group(_ type: SyntheticModel.WeightType) -> Int {
        switch type {
        case .f32, .f16, .bf16: 1
        case .q8_0, .q4_0, .q5_0, .q4_1, .q5_1, .q4_K, .q5_K: 32
        case .q6_K: 16
        }
    }

    /// One quantization step of `block` for `type`; for the float types, half the spacing of
    /// representable values around the element.
    static func step(_ type: SyntheticModel.WeightType, _ block: ArraySlice<Float>) -> Float {
        let amax = block.map(abs).max()!
        switch type {
        case .f32: return 0
        case .f16: return max(amax * 0x1p-11, 0x1p-25) // half the subnormal spacing below 2^-14
        case .bf16: return amax * 0x1p-8
        case .q8_0: return amax / 127
        case .q4_0: return amax / 7
        case .q5_0: return amax / 15
        case .q4_1: return (block.max()! - block.min()!) / 15
        case .q5_1: return (block.max()! - block.min()!) / 31
        case .q4_K: return (max(0, block.max()!) - min(0, block.min()!)) / 15
        case .q5_K: return (max(0, block.max()!) - min(0, block.min()!)) / 31
        case .q6_K: return amax / 31
        }
    }
}
