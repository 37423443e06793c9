import CKernels

/// Activation rows quantized for multiplying with weights of one type at one level: the
/// vector side of `KernelSet.matVec` and `matMul`.
///
/// Weight types pair with an activation format mostly as ggml pairs them (block_q8_0 for the
/// 32-block types, block_q8_K for Q2_K/Q3_K, plain f32 for F32/F16/BF16), except Q4_K/Q5_K/Q6_K,
/// which take block_q8_K32 (a scale per 32 elements, for fidelity); at the AVX-512 level some
/// types use a layout of their own with the same values. Quantize once, reuse for every
/// matrix with the same input: Q, K and V projections share one.
///
/// ```swift
/// let xq = QuantizedActivations(type: .q5_0, columns: 896, capacity: 1, kernels: kernels)
/// xq.quantize(hidden, row: 0)                       // hidden: [896] Float
/// kernels.matVec(wq, xq, into: q, pool: pool)
/// ```
public final class QuantizedActivations {
    /// The weight type these activations pair with.
    public let type: QuantType
    /// The level whose layout the rows use.
    public let isa: InstructionSet
    /// Elements per row.
    public let columns: Int
    /// Rows the buffer holds.
    public let capacity: Int
    /// Bytes from one row to the next (64-byte multiple).
    public let rowStride: Int
    /// Rows quantized so far by `quantize(rows:count:)` (or the highest row written + 1).
    public private(set) var count: Int = 0
    /// [capacity, rowStride] bytes, 64-byte aligned.
    let storage: UnsafeMutableRawPointer
    private let kernels: UnsafePointer<ck_type_kernels>

    /// A buffer for `capacity` rows of `columns` activations for `type` weights, in the layout of
    /// `kernels`' level. `columns` must be a multiple of the type's activation block size (32 or
    /// 256 for quantized types).
    public init(type: QuantType, columns: Int, capacity: Int = 1, kernels: KernelSet = .default) {
        let table = kernels.table(type)
        precondition(
            columns > 0 && columns % Int(table.pointee.act.pointee.block_size) == 0 && columns % type.blockSize == 0,
            "QuantizedActivations: \(columns) columns do not fit \(type.name) blocks")
        self.type = type
        isa = kernels.isa
        self.columns = columns
        self.capacity = max(1, capacity)
        let bytes = Int(table.pointee.act.pointee.row_size(Int64(columns)))
        rowStride = (bytes + 63) / 64 * 64
        storage = Platform.allocateAligned(rowStride * self.capacity)
        self.kernels = table
    }

    deinit { storage.deallocate() }

    /// Quantizes `x` (`columns` floats) into row `row`.
    public func quantize(_ x: UnsafeBufferPointer<Float>, row: Int = 0) {
        precondition(x.count >= columns, "QuantizedActivations.quantize: \(x.count) floats for \(columns) columns")
        precondition(row >= 0 && row < capacity, "QuantizedActivations.quantize: row \(row) outside 0..<\(capacity)")
        kernels.pointee.act.pointee.quantize(x.baseAddress, storage + row * rowStride, Int64(columns))
        count = max(count, row + 1)
    }

    /// Quantizes `count` rows of `columns` floats each, `x` being [count, columns] row-major,
    /// splitting the rows over `pool` when given.
    public func quantize(rows x: UnsafeBufferPointer<Float>, count rowCount: Int, pool: ThreadPool? = nil) {
        precondition(rowCount >= 0 && rowCount <= capacity, "QuantizedActivations.quantize: \(rowCount) rows, capacity \(capacity)")
        precondition(x.count >= rowCount * columns, "QuantizedActivations.quantize: \(x.count) floats for \(rowCount) rows")
        guard rowCount > 0, let source = x.baseAddress else { count = rowCount; return }
        let src = UnsafeSendableRawPointer(source)
        let dst = UnsafeSendableRawPointer(storage)
        let quantize = kernels.pointee.act.pointee.quantize!
        let columns = columns, stride = rowStride
        let body: @Sendable (Range<Int>) -> Void = { range in
            for r in range {
                quantize(
                    src.base.assumingMemoryBound(to: Float.self) + r * columns,
                    UnsafeMutableRawPointer(mutating: dst.base) + r * stride, Int64(columns))
            }
        }
        if let pool { pool.parallelFor(count: rowCount, body) } else { body(0..<rowCount) }
        count = rowCount
    }

    /// The values of row `row` as floats (for checks; exact).
    public func dequantize(row: Int = 0) -> [Float] {
        precondition(row >= 0 && row < capacity)
        return [Float](unsafeUninitializedCapacity: columns) { out, initialized in
            kernels.pointee.act.pointee.dequantize(storage + row * rowStride, out.baseAddress, Int64(columns))
            initialized = columns
        }
    }

    /// The start of row `row`.
    public func rowPointer(_ row: Int) -> UnsafeRawPointer {
        precondition(row >= 0 && row < capacity)
        return UnsafeRawPointer(storage + row * rowStride)
    }
}
