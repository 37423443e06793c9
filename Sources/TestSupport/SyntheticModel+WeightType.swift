import GGUF

extension SyntheticModel {
    /// The matrix types `SyntheticModel` can write deterministically (see
    /// `SyntheticModelQuantizer`).
    package enum WeightType: String, Sendable, CaseIterable {
        /// 32-bit float.
        case f32 = "F32"
        /// IEEE half.
        case f16 = "F16"
        /// bfloat16.
        case bf16 = "BF16"
        /// 8-bit, 32-element blocks.
        case q8_0 = "Q8_0"
        /// 4-bit, 32-element blocks.
        case q4_0 = "Q4_0"
        /// 5-bit, 32-element blocks.
        case q5_0 = "Q5_0"
        /// 4-bit, 32-element blocks with a minimum.
        case q4_1 = "Q4_1"
        /// 5-bit, 32-element blocks with a minimum.
        case q5_1 = "Q5_1"
        /// 4-bit k-quant, 256-element super-blocks with 6-bit sub-block scales and minimums.
        case q4_K = "Q4_K"
        /// 5-bit k-quant, like Q4_K with a fifth bit per value.
        case q5_K = "Q5_K"
        /// 6-bit k-quant, 256-element super-blocks with 8-bit sub-block scales.
        case q6_K = "Q6_K"

        /// The ggml type written in the tensor info.
        package var ggml: GGMLType {
            switch self {
            case .f32: .f32
            case .f16: .f16
            case .bf16: .bf16
            case .q8_0: .q8_0
            case .q4_0: .q4_0
            case .q5_0: .q5_0
            case .q4_1: .q4_1
            case .q5_1: .q5_1
            case .q4_K: .q4_K
            case .q5_K: .q5_K
            case .q6_K: .q6_K
            }
        }

        /// Elements per block: every row of a matrix of this type is a multiple of it.
        package var blockSize: Int {
            switch self {
            case .f32, .f16, .bf16: 1
            case .q8_0, .q4_0, .q5_0, .q4_1, .q5_1: 32
            case .q4_K, .q5_K, .q6_K: 256
            }
        }
    }
}
