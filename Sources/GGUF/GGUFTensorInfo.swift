/// Where a tensor's data lives in the file and how it is laid out.
///
/// `dimensions` are in ggml's `ne` order: `dimensions[0]` is the innermost, contiguous
/// dimension (the row length), so a `[896, 151936]` matrix has 151,936 rows of 896 elements.
public struct GGUFTensorInfo: Sendable, Hashable {
    /// The tensor's name, e.g. `"blk.0.attn_q.weight"`.
    public let name: String
    /// The shape in `ne` order (innermost first), one to four entries (empty for a scalar).
    public let dimensions: [Int]
    /// The element type.
    public let type: GGMLType
    /// The data's offset from the start of the data section (a multiple of the alignment).
    public let offset: Int
    /// The data's offset from the start of the file.
    public let absoluteOffset: Int
    /// The product of the dimensions.
    public let elementCount: Int
    /// The data's size in bytes: `elementCount / type.blockSize * type.bytesPerBlock`.
    public let byteCount: Int

    /// The number of elements in one row (`dimensions[0]`, or 1 for a scalar).
    public var rowLength: Int { dimensions.first ?? 1 }

    /// The number of rows (`elementCount / rowLength`).
    public var rowCount: Int { elementCount / rowLength }

    /// The size of one row in bytes.
    public var rowByteCount: Int { byteCount / rowCount }

    /// One past the last byte of the data, from the start of the file.
    public var absoluteEnd: Int { absoluteOffset + byteCount }
}
