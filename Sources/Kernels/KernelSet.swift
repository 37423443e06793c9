import CKernels

/// The kernels of one instruction-set level: matrix-vector and matrix-matrix products over a
/// thread pool, dot products, dequantization.
///
/// `KernelSet.default` uses `CPUFeatures.current.best`; a caller that was given a level (a
/// setting, a benchmark, a test) builds one with `KernelSet(isa:)` (clamped to what the CPU
/// supports).
///
/// ```swift
/// let kernels = KernelSet.default
/// let xq = QuantizedActivations(type: w.type, columns: w.columns, kernels: kernels)
/// xq.quantize(x)                                  // x: [columns] Float
/// kernels.matVec(w, xq, into: y, pool: pool)      // y: [rows] Float
/// ```
public struct KernelSet: Sendable {
    /// The level in use.
    public let isa: InstructionSet

    /// The best level of this machine.
    public static let `default` = KernelSet(isa: CPUFeatures.current.best)

    /// Row chunks per pool thread in the weight-streaming products (`matVec`, and `matMul` of
    /// fewer than `CK_GEMM_MIN_NX` activation rows: a batched decode step): a thread that runs
    /// behind (a late wake-up, a vCPU its host takes away) leaves its last chunks to the others. Four measured
    /// +5-9% in decode on 2 vCPUs over one half per thread (`fm bench -n 64`, median of 6
    /// rounds). The GEMMs of prefill keep one chunk per thread: four measured 0.96x there.
    static let chunksPerThread = 4

    /// The kernels of `isa`, or of the best supported level below it.
    public init(isa: InstructionSet) {
        self.isa = min(isa, CPUFeatures.current.best)
    }

    /// The C function table of `type` at this level.
    func table(_ type: QuantType) -> UnsafePointer<ck_type_kernels> {
        ck_kernels(Int32(type.rawValue), Int32(isa.rawValue))!
    }

    /// The level `type`'s dot products really run at here (a type without its own variant at
    /// this level uses a lower one).
    public func effectiveLevel(for type: QuantType) -> InstructionSet {
        InstructionSet(rawValue: Int(table(type).pointee.isa)) ?? .generic
    }

    /// The level of the code a product of `type` over `rows` activation rows runs here
    /// (`matVec` for one row, `matMul`'s multi-row dot or GEMM for more): the lowest level whose
    /// table cell holds that function. Every row count should run at `effectiveLevel(for:)`.
    func productLevel(for type: QuantType, rows: Int) -> InstructionSet? {
        InstructionSet(rawValue: Int(ck_product_isa(Int32(type.rawValue), Int32(isa.rawValue), Int64(rows))))
    }

    /// `y[r] = dot(w[r], x)` for every row, rows split over `pool` (or on this thread when nil).
    /// `x` holds one quantized row (row 0 is used); `y` has at least `w.rows` elements.
    public func matVec(
        _ w: QuantizedMatrix, _ x: QuantizedActivations, into y: UnsafeMutableBufferPointer<Float>,
        pool: ThreadPool? = nil
    ) {
        precondition(x.type == w.type && x.isa == isa, "matVec: activations quantized for \(x.type)/\(x.isa), weights \(w.type)/\(isa)")
        precondition(x.columns == w.columns, "matVec: \(x.columns) activations for \(w.columns) columns")
        precondition(y.count >= w.rows, "matVec: output has \(y.count) elements for \(w.rows) rows")
        guard w.rows > 0, let out = y.baseAddress else { return }
        let k = UnsafeSendableRawPointer(UnsafeRawPointer(table(w.type)))
        let weights = UnsafeSendableRawPointer(w.base)
        let xq = UnsafeSendableRawPointer(x.rowPointer(0))
        let yp = UnsafeSendablePointer(out)
        let stride = w.rowStride, columns = Int64(w.columns)
        let body: @Sendable (Range<Int>) -> Void = { range in
            ck_matvec_ex(
                k.base.assumingMemoryBound(to: ck_type_kernels.self), weights.base, stride, columns,
                xq.base, yp.base, Int64(range.lowerBound), Int64(range.upperBound))
        }
        if let pool {
            pool.parallelFor(count: w.rows, minimumChunk: 16, chunksPerThread: Self.chunksPerThread, body)
        } else {
            body(0..<w.rows)
        }
    }

    /// `y[j][r] = dot(w[r], x[j])` for the first `x.count` activation rows (prefill): y is
    /// [x.count, w.rows] row-major. Rows of `w` are split over `pool` in multiples of 16 (the
    /// GEMMs' row tile); the GEMMs decode 16 weight rows once for all activation rows, the other
    /// variants decode each weight block once per group of four activation rows.
    public func matMul(
        _ w: QuantizedMatrix, _ x: QuantizedActivations, into y: UnsafeMutableBufferPointer<Float>,
        pool: ThreadPool? = nil
    ) {
        precondition(x.type == w.type && x.isa == isa, "matMul: activations quantized for \(x.type)/\(x.isa), weights \(w.type)/\(isa)")
        precondition(x.columns == w.columns, "matMul: \(x.columns) activations for \(w.columns) columns")
        let n = x.count
        precondition(y.count >= n * w.rows, "matMul: output has \(y.count) elements for \(n) x \(w.rows)")
        guard w.rows > 0, n > 0, let out = y.baseAddress else { return }
        let k = UnsafeSendableRawPointer(UnsafeRawPointer(table(w.type)))
        let weights = UnsafeSendableRawPointer(w.base)
        let xq = UnsafeSendableRawPointer(x.rowPointer(0))
        let yp = UnsafeSendablePointer(out)
        let stride = w.rowStride, columns = Int64(w.columns), xStride = x.rowStride, rows = Int64(w.rows)
        let body: @Sendable (Range<Int>) -> Void = { range in
            ck_matmul_ex(
                k.base.assumingMemoryBound(to: ck_type_kernels.self), weights.base, stride, columns,
                xq.base, xStride, Int64(n), yp.base, rows, Int64(range.lowerBound), Int64(range.upperBound))
        }
        if let pool {
            pool.parallelFor(
                count: w.rows, minimumChunk: 16, alignment: 16, chunksPerThread: n < Int(CK_GEMM_MIN_NX) ? Self.chunksPerThread : 1, body)
        } else {
            body(0..<w.rows)
        }
    }

    /// `y = w x` for float activations `x` (`w.columns` of them): quantizes `x` for `w`'s type,
    /// then runs `matVec`. Reuse a `QuantizedActivations` instead when several matrices share
    /// the same input.
    public func matVec(
        _ w: QuantizedMatrix, _ x: UnsafeBufferPointer<Float>, into y: UnsafeMutableBufferPointer<Float>,
        pool: ThreadPool? = nil
    ) {
        let xq = QuantizedActivations(type: w.type, columns: w.columns, kernels: self)
        xq.quantize(x)
        matVec(w, xq, into: y, pool: pool)
    }

    /// `y[j] = w x[j]` for `count` float activation rows `x` ([count, w.columns] row-major):
    /// quantizes them (rows split over `pool`), then runs `matMul`; `y` is [count, w.rows].
    public func matMul(
        _ w: QuantizedMatrix, _ x: UnsafeBufferPointer<Float>, count: Int,
        into y: UnsafeMutableBufferPointer<Float>, pool: ThreadPool? = nil
    ) {
        let xq = QuantizedActivations(type: w.type, columns: w.columns, capacity: count, kernels: self)
        xq.quantize(rows: x, count: count, pool: pool)
        matMul(w, xq, into: y, pool: pool)
    }

    /// The dot product of weight row `row` of `w` with activation row `xRow` of `x`.
    public func dot(_ w: QuantizedMatrix, row: Int, _ x: QuantizedActivations, xRow: Int = 0) -> Float {
        precondition(x.type == w.type && x.isa == isa && x.columns == w.columns, "dot: operands do not match")
        return table(w.type).pointee.vec_dot(Int64(w.columns), w.row(row), x.rowPointer(xRow))
    }

    /// Dequantizes row `row` of `w` into `out` (`w.columns` floats), with the C reference.
    public func dequantize(_ w: QuantizedMatrix, row: Int, into out: UnsafeMutableBufferPointer<Float>) {
        precondition(out.count >= w.columns, "dequantize: \(out.count) floats for \(w.columns) columns")
        table(w.type).pointee.dequantize(w.row(row), out.baseAddress, Int64(w.columns))
    }
}
