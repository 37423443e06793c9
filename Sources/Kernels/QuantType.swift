import CKernels

/// A tensor element type the kernels support, with ggml's type id as raw value.
///
/// Mirrors ggml's `GGML_TYPE_*` for the thirteen types of current GGUF files (a GGUF tensor's
/// type field converts directly: `QuantType(rawValue: tensor.type.rawValue)`).
///
/// ```swift
/// let t = QuantType.q4_K
/// print(t.name, t.blockSize, t.bytesPerBlock)   // Q4_K 256 144
/// print(t.rowBytes(columns: 4864) ?? -1)        // 2736
/// ```
public enum QuantType: UInt32, Sendable, CaseIterable, CustomStringConvertible {
    /// 32-bit float.
    case f32 = 0
    /// IEEE half float.
    case f16 = 1
    /// 4-bit, 32-element blocks, one f16 scale (`block_q4_0`).
    case q4_0 = 2
    /// 4-bit, 32-element blocks, f16 scale and minimum (`block_q4_1`).
    case q4_1 = 3
    /// 5-bit, 32-element blocks, one f16 scale (`block_q5_0`).
    case q5_0 = 6
    /// 5-bit, 32-element blocks, f16 scale and minimum (`block_q5_1`).
    case q5_1 = 7
    /// 8-bit, 32-element blocks, one f16 scale (`block_q8_0`).
    case q8_0 = 8
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
    /// bfloat16.
    case bf16 = 30

    /// ggml's name: `"Q4_K"`, `"F32"`, `"BF16"`...
    public var name: String {
        switch self {
        case .f32: "F32"
        case .f16: "F16"
        case .q4_0: "Q4_0"
        case .q4_1: "Q4_1"
        case .q5_0: "Q5_0"
        case .q5_1: "Q5_1"
        case .q8_0: "Q8_0"
        case .q2_K: "Q2_K"
        case .q3_K: "Q3_K"
        case .q4_K: "Q4_K"
        case .q5_K: "Q5_K"
        case .q6_K: "Q6_K"
        case .bf16: "BF16"
        }
    }

    /// Same as `name`.
    public var description: String { name }

    /// Looks a type up by ggml's name, case-insensitively.
    public init?(name: String) {
        let wanted = name.uppercased()
        guard let type = Self.allCases.first(where: { $0.name == wanted }) else { return nil }
        self = type
    }

    /// Elements per block: 1 (F32, F16, BF16), 32 or 256.
    public var blockSize: Int { Int(reference.pointee.block_size) }

    /// Bytes per block.
    public var bytesPerBlock: Int { Int(reference.pointee.block_bytes) }

    /// Whether elements are packed in blocks of more than one.
    public var isQuantized: Bool { blockSize > 1 }

    /// Bytes of a row of `columns` elements, or nil when `columns` is not a positive multiple
    /// of the block size.
    public func rowBytes(columns: Int) -> Int? {
        guard columns > 0, columns % blockSize == 0 else { return nil }
        return columns / blockSize * bytesPerBlock
    }

    /// The reference-level kernel table (always present for a supported type).
    var reference: UnsafePointer<ck_type_kernels> { ck_kernels(Int32(rawValue), Int32(CK_ISA_REF))! }
}
