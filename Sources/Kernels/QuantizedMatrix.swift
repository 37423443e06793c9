/// A read-only view of a weight matrix stored in a ggml type: `rows` rows of `columns`
/// elements, row `r` starting `r * rowStride` bytes after `base`.
///
/// A GGUF tensor with dimensions `[columns, rows]` (ggml order, fastest first) is exactly this,
/// with dense rows. The view does not own or copy the memory (weights stay mapped); keep the
/// owner (e.g. the `GGUFFile`) alive while the view is used. The memory must not change while
/// kernels read it, which is what makes the view safe to share between threads.
///
/// ```swift
/// let info = file.tensor(named: "blk.0.ffn_up.weight")!       // [896, 4864] Q5_0
/// let bytes = file.data(for: info)
/// let w = try QuantizedMatrix(bytes, type: .q5_0, rows: 4864, columns: 896)
/// ```
public struct QuantizedMatrix: @unchecked Sendable {
    /// The first byte of row 0.
    public let base: UnsafeRawPointer
    /// The element type.
    public let type: QuantType
    /// The number of rows (the output length of a matrix-vector product).
    public let rows: Int
    /// Elements per row (the input length); a multiple of `type.blockSize`.
    public let columns: Int
    /// Bytes from one row to the next, at least `rowBytes`.
    public let rowStride: Int

    /// Bytes of one row's data.
    public var rowBytes: Int { columns / type.blockSize * type.bytesPerBlock }

    /// A view of `rows` x `columns` elements at `base`; rows are `rowStride` bytes apart
    /// (default: dense). Throws when the shape does not fit the type.
    public init(base: UnsafeRawPointer, type: QuantType, rows: Int, columns: Int, rowStride: Int? = nil) throws(KernelError) {
        guard let rowBytes = type.rowBytes(columns: columns) else {
            throw .columnsNotMultipleOfBlock(columns: columns, type: type, blockSize: type.blockSize)
        }
        guard rows >= 0 else { throw .negativeRows(rows) }
        let stride = rowStride ?? rowBytes
        guard stride >= rowBytes else { throw .rowStrideTooSmall(stride: stride, rowBytes: rowBytes) }
        self.base = base
        self.type = type
        self.rows = rows
        self.columns = columns
        self.rowStride = stride
    }

    /// A dense view over `bytes`, which must hold at least `rows` rows.
    public init(_ bytes: UnsafeRawBufferPointer, type: QuantType, rows: Int, columns: Int) throws(KernelError) {
        guard let base = bytes.baseAddress else { throw .bufferTooSmall(needed: 1, available: 0) }
        try self.init(base: base, type: type, rows: rows, columns: columns)
        let needed = rows * rowBytes
        guard bytes.count >= needed else { throw .bufferTooSmall(needed: needed, available: bytes.count) }
    }

    /// The first byte of row `r`.
    public func row(_ r: Int) -> UnsafeRawPointer {
        precondition(r >= 0 && r < rows, "QuantizedMatrix.row: \(r) is outside 0..<\(rows)")
        return base + r * rowStride
    }

    /// The rows `range` as a matrix of their own (same columns and stride).
    public func rows(_ range: Range<Int>) -> QuantizedMatrix {
        precondition(range.lowerBound >= 0 && range.upperBound <= rows, "QuantizedMatrix.rows: \(range) is outside 0..<\(rows)")
        return QuantizedMatrix(
            unchecked: base + range.lowerBound * rowStride, type: type, rows: range.count,
            columns: columns, rowStride: rowStride)
    }

    private init(unchecked base: UnsafeRawPointer, type: QuantType, rows: Int, columns: Int, rowStride: Int) {
        self.base = base
        self.type = type
        self.rows = rows
        self.columns = columns
        self.rowStride = rowStride
    }
}
