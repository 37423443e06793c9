import CKernels

/// A tensor element type the kernels support, with ggml's type id as raw value.
///
/// The supported types are the rows of the C kernel table (`dispatch.c`), the one list of them:
/// `allCases`, `init(rawValue:)` and `name` read it, so a type added there appears here, in the
/// model loader and in `fm bench` without another edit. A GGUF tensor's type field converts
/// directly: `QuantType(rawValue: tensor.type.rawValue)` (nil for a type without kernels).
///
/// ```swift
/// let t = QuantType.q4_K
/// print(t.name, t.blockSize, t.bytesPerBlock)   // Q4_K 256 144
/// print(t.rowBytes(columns: 4864) ?? -1)        // 2736
/// ```
public struct QuantType: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// ggml's type id (`GGML_TYPE_*`).
    public let rawValue: UInt32

    /// The type with ggml id `rawValue`, or nil when the kernel table has no row for it.
    public init?(rawValue: UInt32) {
        guard rawValue < UInt32(CK_TYPE_ID_LIMIT), ck_kernels(Int32(rawValue), Int32(CK_ISA_REF)) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A type the C header names (its `CK_TYPE_*` constants); they all have table rows.
    private init(known id: Int) {
        guard let type = QuantType(rawValue: UInt32(id)) else { preconditionFailure("CK_TYPE \(id) has no kernel table row") }
        self = type
    }

    /// Every supported type, in ggml id order, as the kernel table lists them.
    public static let allCases: [QuantType] = (0..<UInt32(CK_TYPE_ID_LIMIT)).compactMap(QuantType.init(rawValue:))

    /// 32-bit float.
    public static let f32 = QuantType(known: CK_TYPE_F32)
    /// IEEE half float.
    public static let f16 = QuantType(known: CK_TYPE_F16)
    /// 4-bit, 32-element blocks, one f16 scale (`block_q4_0`).
    public static let q4_0 = QuantType(known: CK_TYPE_Q4_0)
    /// 4-bit, 32-element blocks, f16 scale and minimum (`block_q4_1`).
    public static let q4_1 = QuantType(known: CK_TYPE_Q4_1)
    /// 5-bit, 32-element blocks, one f16 scale (`block_q5_0`).
    public static let q5_0 = QuantType(known: CK_TYPE_Q5_0)
    /// 5-bit, 32-element blocks, f16 scale and minimum (`block_q5_1`).
    public static let q5_1 = QuantType(known: CK_TYPE_Q5_1)
    /// 8-bit, 32-element blocks, one f16 scale (`block_q8_0`).
    public static let q8_0 = QuantType(known: CK_TYPE_Q8_0)
    /// 2-bit k-quant, 256-element super-blocks (`block_q2_K`).
    public static let q2_K = QuantType(known: CK_TYPE_Q2_K)
    /// 3-bit k-quant (`block_q3_K`).
    public static let q3_K = QuantType(known: CK_TYPE_Q3_K)
    /// 4-bit k-quant (`block_q4_K`).
    public static let q4_K = QuantType(known: CK_TYPE_Q4_K)
    /// 5-bit k-quant (`block_q5_K`).
    public static let q5_K = QuantType(known: CK_TYPE_Q5_K)
    /// 6-bit k-quant (`block_q6_K`).
    public static let q6_K = QuantType(known: CK_TYPE_Q6_K)
    /// bfloat16.
    public static let bf16 = QuantType(known: CK_TYPE_BF16)
    /// Microscaling FP4: 32-element blocks of 4-bit E2M1 values with one E8M0 exponent (`block_mxfp4`).
    public static let mxfp4 = QuantType(known: CK_TYPE_MXFP4)

    /// ggml's name, from the kernel table: `"Q4_K"`, `"F32"`, `"BF16"`...
    public var name: String { String(cString: reference.pointee.name) }

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
