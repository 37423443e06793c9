import CKernels

/// How a KV cache stores its rows: IEEE halves (2 bytes per element), or 8-bit blocks as
/// llama.cpp's `q8_0` cache type (32 elements in 34 bytes: an f16 scale `d` and 32 int8 `q`,
/// element = `d * q`), which holds about 1.9x the positions in the same memory.
///
/// ```swift
/// KVFormat.q8_0.rowBytes(elements: 128)   // 136 (f16: 256)
/// ```
public enum KVFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// IEEE binary16.
    case f16
    /// `block_q8_0`: per 32 elements an f16 scale and 32 int8.
    case q8_0

    /// The C kernels' id of the format.
    var id: Int32 { self == .f16 ? Int32(CK_KV_F16) : Int32(CK_KV_Q8_0) }

    /// Elements per block: a head's elements must start on a block boundary.
    public var blockElements: Int { self == .f16 ? 1 : 32 }

    /// Bytes of a row of `elements` elements (a multiple of `blockElements`).
    public func rowBytes(elements: Int) -> Int { Int(ck_kv_row_bytes(id, Int64(elements))) }

    /// Whether heads of `keyLength` and `valueLength` elements are whole blocks of the format.
    public func holds(keyLength: Int, valueLength: Int) -> Bool {
        keyLength > 0 && valueLength > 0 && keyLength % blockElements == 0 && valueLength % blockElements == 0
    }

    /// The format's name, as llama.cpp's `--cache-type-k` spells it.
    public var description: String { rawValue }
}

extension KernelSet {
    /// Stores `count` floats as one cache row in `format` at `destination`
    /// (`format.rowBytes(elements: count)` bytes): rounded to halves, or quantized to `q8_0`.
    public func storeKVRow(_ source: UnsafePointer<Float>, into destination: UnsafeMutableRawPointer, count: Int, format: KVFormat) {
        precondition(count % format.blockElements == 0, "storeKVRow: \(count) elements are not whole \(format) blocks")
        ck_kv_store_row(Int32(isa.rawValue), format.id, source, destination, Int64(count))
    }

    /// `attend(query:keys:...)` over a cache in `format`: `keys` and `values` point at this kv
    /// head's first element of row 0, the strides are in bytes. `sinks` ([group], when given) are
    /// attention sinks (gpt-oss): a logit per query head that joins the softmax's denominator
    /// only, `w[h][p] = exp(s[h][p]) / (Σ exp(s[h][p']) + exp(sinks[h]))`.
    public func attend(
        query: UnsafePointer<Float>, keys: UnsafeRawPointer, keyStride: Int, values: UnsafeRawPointer, valueStride: Int,
        format: KVFormat, positions: ClosedRange<Int>, group: Int, keyLength: Int, valueLength: Int, scale: Float,
        sinks: UnsafePointer<Float>? = nil, scores: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>
    ) {
        precondition(
            positions.lowerBound >= 0 && group > 0 && format.holds(keyLength: keyLength, valueLength: valueLength),
            "attend: invalid shape")
        ck_attend_kv(
            Int32(isa.rawValue), format.id, query, keys, Int64(keyStride), values, Int64(valueStride),
            Int64(positions.lowerBound), Int64(positions.upperBound), Int32(group), Int32(keyLength),
            Int32(valueLength), scale, sinks, scores, output)
    }

    /// `attendPartial(query:keys:...)` over a cache in `format` (strides in bytes).
    public func attendPartial(
        query: UnsafePointer<Float>, keys: UnsafeRawPointer, keyStride: Int, values: UnsafeRawPointer, valueStride: Int,
        format: KVFormat, positions: ClosedRange<Int>, group: Int, keyLength: Int, valueLength: Int, scale: Float,
        scores: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>,
        maxima: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>
    ) {
        precondition(
            positions.lowerBound >= 0 && group > 0 && format.holds(keyLength: keyLength, valueLength: valueLength),
            "attendPartial: invalid shape")
        ck_attend_kv_partial(
            Int32(isa.rawValue), format.id, query, keys, Int64(keyStride), values, Int64(valueStride),
            Int64(positions.lowerBound), Int64(positions.upperBound), Int32(group), Int32(keyLength),
            Int32(valueLength), scale, scores, output, maxima, sums)
    }

    /// `attendRows(query:...)` over a cache in `format` (strides in bytes), with the group's
    /// attention sinks as `attend(...sinks:...)` takes them.
    public func attendRows(
        query: UnsafePointer<Float>, queryStride: Int, keys: UnsafeRawPointer, keyStride: Int,
        values: UnsafeRawPointer, valueStride: Int, format: KVFormat, firstPosition: Int, rows: Int, window: Int?,
        group: Int, keyLength: Int, valueLength: Int, scale: Float, sinks: UnsafePointer<Float>? = nil,
        scratch: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>, outputStride: Int
    ) {
        precondition(
            firstPosition >= 0 && rows >= 0 && group > 0 && (window ?? 1) > 0
                && format.holds(keyLength: keyLength, valueLength: valueLength),
            "attendRows: invalid shape")
        ck_attend_rows_kv(
            Int32(isa.rawValue), format.id, query, Int64(queryStride), keys, Int64(keyStride), values,
            Int64(valueStride), Int64(firstPosition), Int32(rows), Int64(window ?? 0), Int32(group),
            Int32(keyLength), Int32(valueLength), scale, sinks, scratch, output, Int64(outputStride))
    }
}
