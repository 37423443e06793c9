/// A ggml tensor element type: how a tensor's elements are stored in blocks.
///
/// Plain types (`F32`, `F16`, `I8`, ...) have a block size of 1. Quantized types pack
/// `blockSize` consecutive elements of a row into `bytesPerBlock` bytes (for example
/// `block_q4_K`: 256 elements in 144 bytes), so a row's length must be a multiple of `blockSize`.
///
/// ```swift
/// let bytes = GGMLType.q4_K.byteCount(elements: 896 * 4864)  // 2_451_456
/// ```
///
/// Case names follow ggml's `GGML_TYPE_*` spelling; `name` gives ggml's exact string.
/// Ids 4 and 5 (the removed `Q4_2`/`Q4_3`) and 31-33, 36-38 are not valid types.
public enum GGMLType: UInt32, Sendable, CaseIterable {
    /// 32-bit IEEE float.
    case f32 = 0
    /// 16-bit IEEE half float.
    case f16 = 1
    /// 4-bit, 32 elements per block with one f16 scale (`block_q4_0`).
    case q4_0 = 2
    /// 4-bit, 32 elements per block with f16 scale and minimum (`block_q4_1`).
    case q4_1 = 3
    /// 5-bit, 32 elements per block with one f16 scale (`block_q5_0`).
    case q5_0 = 6
    /// 5-bit, 32 elements per block with f16 scale and minimum (`block_q5_1`).
    case q5_1 = 7
    /// 8-bit, 32 elements per block with one f16 scale (`block_q8_0`).
    case q8_0 = 8
    /// 8-bit, 32 elements per block with f16 scale and sum (`block_q8_1`).
    case q8_1 = 9
    /// 2-bit k-quant, 256-element super-blocks (`block_q2_K`).
    case q2_K = 10
    /// 3-bit k-quant (`block_q3_K`).
    case q3_K = 11
    /// 4-bit k-quant (`block_q4_K`).
    case q4_K = 12
    /// 5-bit k-quant (`block_q5_K`).
    case q5_K = 13
    /// 6-bit k-quant (`block_q6_K`).
    case q6_K = 14
    /// 8-bit k-quant, used for activations (`block_q8_K`).
    case q8_K = 15
    /// 2.06 bits per weight i-quant (`block_iq2_xxs`).
    case iq2_xxs = 16
    /// 2.31 bits per weight i-quant (`block_iq2_xs`).
    case iq2_xs = 17
    /// 3.06 bits per weight i-quant (`block_iq3_xxs`).
    case iq3_xxs = 18
    /// 1.56 bits per weight i-quant (`block_iq1_s`).
    case iq1_s = 19
    /// 4-bit non-linear, 32-element blocks (`block_iq4_nl`).
    case iq4_nl = 20
    /// 3.44 bits per weight i-quant (`block_iq3_s`).
    case iq3_s = 21
    /// 2.5 bits per weight i-quant (`block_iq2_s`).
    case iq2_s = 22
    /// 4.25 bits per weight non-linear (`block_iq4_xs`).
    case iq4_xs = 23
    /// 8-bit signed integer.
    case i8 = 24
    /// 16-bit signed integer.
    case i16 = 25
    /// 32-bit signed integer.
    case i32 = 26
    /// 64-bit signed integer.
    case i64 = 27
    /// 64-bit IEEE float.
    case f64 = 28
    /// 1.75 bits per weight i-quant (`block_iq1_m`).
    case iq1_m = 29
    /// bfloat16.
    case bf16 = 30
    /// Ternary, 1.69 bits per weight (`block_tq1_0`).
    case tq1_0 = 34
    /// Ternary, 2.06 bits per weight (`block_tq2_0`).
    case tq2_0 = 35
    /// Microscaling FP4, 32-element blocks with an E8M0 scale (`block_mxfp4`).
    case mxfp4 = 39

    /// ggml's name for the type, e.g. `"Q4_K"`, `"F32"`, `"IQ2_XXS"`.
    public var name: String { layout.name }

    /// The number of elements in one block (1 for plain types, 32 or 256 for quantized ones).
    public var blockSize: Int { layout.blockSize }

    /// The number of bytes one block occupies.
    public var bytesPerBlock: Int { layout.bytesPerBlock }

    /// Whether elements are packed in multi-element blocks (`F16`, `BF16`, `I8`... are not).
    public var isQuantized: Bool { blockSize > 1 }

    /// Looks a type up by ggml's name (`"Q8_0"`), case-insensitively.
    public init?(name: String) {
        let wanted = name.uppercased()
        guard let type = Self.allCases.first(where: { $0.name == wanted }) else { return nil }
        self = type
    }

    /// The storage size of `elements` elements, or `nil` when `elements` is negative, not a
    /// multiple of `blockSize`, or the size would overflow `Int`.
    public func byteCount(elements: Int) -> Int? {
        guard elements >= 0, elements % blockSize == 0 else { return nil }
        let (bytes, overflow) = (elements / blockSize).multipliedReportingOverflow(by: bytesPerBlock)
        return overflow ? nil : bytes
    }

    /// ggml's `ggml_type_traits` for the type: name, block size and type size.
    private var layout: (name: String, blockSize: Int, bytesPerBlock: Int) {
        switch self {
        case .f32: ("F32", 1, 4)
        case .f16: ("F16", 1, 2)
        case .q4_0: ("Q4_0", 32, 18)
        case .q4_1: ("Q4_1", 32, 20)
        case .q5_0: ("Q5_0", 32, 22)
        case .q5_1: ("Q5_1", 32, 24)
        case .q8_0: ("Q8_0", 32, 34)
        case .q8_1: ("Q8_1", 32, 36)
        case .q2_K: ("Q2_K", 256, 84)
        case .q3_K: ("Q3_K", 256, 110)
        case .q4_K: ("Q4_K", 256, 144)
        case .q5_K: ("Q5_K", 256, 176)
        case .q6_K: ("Q6_K", 256, 210)
        case .q8_K: ("Q8_K", 256, 292)
        case .iq2_xxs: ("IQ2_XXS", 256, 66)
        case .iq2_xs: ("IQ2_XS", 256, 74)
        case .iq3_xxs: ("IQ3_XXS", 256, 98)
        case .iq1_s: ("IQ1_S", 256, 50)
        case .iq4_nl: ("IQ4_NL", 32, 18)
        case .iq3_s: ("IQ3_S", 256, 110)
        case .iq2_s: ("IQ2_S", 256, 82)
        case .iq4_xs: ("IQ4_XS", 256, 136)
        case .i8: ("I8", 1, 1)
        case .i16: ("I16", 1, 2)
        case .i32: ("I32", 1, 4)
        case .i64: ("I64", 1, 8)
        case .f64: ("F64", 1, 8)
        case .iq1_m: ("IQ1_M", 256, 56)
        case .bf16: ("BF16", 1, 2)
        case .tq1_0: ("TQ1_0", 256, 54)
        case .tq2_0: ("TQ2_0", 256, 66)
        case .mxfp4: ("MXFP4", 32, 17)
        }
    }
}
