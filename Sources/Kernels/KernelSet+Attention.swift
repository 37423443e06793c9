import CKernels

/// Attention over a half-precision KV cache, strides in halves: the `.f16` case of the `KVFormat`
/// kernels (`KernelSet+KVFormat` stores their rows, and reads 8-bit ones), which these forward to.
///
/// ```swift
/// // decode: query heads 0..<7 read kv head 0 (Qwen2.5-0.5B: 14 heads, 2 kv heads, dk 64)
/// kernels.attend(query: q + 0, keys: k + 0, keyStride: 128, values: v + 0, valueStride: 128,
///                positions: 0...position, group: 7, keyLength: 64, valueLength: 64,
///                scale: 0.125, scores: scratch, output: out + 0)
/// ```
extension KernelSet {
    /// `out[h] = sum_p softmax_p(scale * q[h] . K[p]) V[p]` over `positions`, for the `group`
    /// query heads (`query`: [group * keyLength]) that read one key/value head. Key row `p` is
    /// at `keys + p * keyStride` (halves), value row `p` at `values + p * valueStride`.
    /// `scores` holds at least `group * positions.count` floats; `output` is [group * valueLength].
    public func attend(
        query: UnsafePointer<Float>, keys: UnsafePointer<UInt16>, keyStride: Int,
        values: UnsafePointer<UInt16>, valueStride: Int, positions: ClosedRange<Int>,
        group: Int, keyLength: Int, valueLength: Int, scale: Float,
        scores: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>
    ) {
        attend(
            query: query, keys: UnsafeRawPointer(keys), keyStride: 2 * keyStride, values: UnsafeRawPointer(values),
            valueStride: 2 * valueStride, format: .f16, positions: positions, group: group, keyLength: keyLength,
            valueLength: valueLength, scale: scale, scores: scores, output: output)
    }
}

extension KernelSet {
    /// Prefill attention: `rows` consecutive query positions `firstPosition...` of one sequence
    /// for one key/value head, each over the positions before it (within `window` of it when
    /// set), reading each cached key and value once for all the rows. Query row `r` is at
    /// `query + r * queryStride` ([group * keyLength]), output row `r` at
    /// `output + r * outputStride` ([group * valueLength]); keys and values as for
    /// `attend(query:keys:...)`. `scratch` holds `attendRowsScratchCount(...)` floats.
    public func attendRows(
        query: UnsafePointer<Float>, queryStride: Int, keys: UnsafePointer<UInt16>, keyStride: Int,
        values: UnsafePointer<UInt16>, valueStride: Int, firstPosition: Int, rows: Int, window: Int?,
        group: Int, keyLength: Int, valueLength: Int, scale: Float,
        scratch: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>, outputStride: Int
    ) {
        attendRows(
            query: query, queryStride: queryStride, keys: UnsafeRawPointer(keys), keyStride: 2 * keyStride,
            values: UnsafeRawPointer(values), valueStride: 2 * valueStride, format: .f16, firstPosition: firstPosition,
            rows: rows, window: window, group: group, keyLength: keyLength, valueLength: valueLength, scale: scale,
            scratch: scratch, output: output, outputStride: outputStride)
    }

    /// The scratch floats `attendRows` needs for `rows` rows ending before position `positions`.
    public static func attendRowsScratchCount(rows: Int, group: Int, keyLength: Int, valueLength: Int, positions: Int) -> Int {
        Int(ck_attend_rows_scratch(Int32(rows), Int32(group), Int32(keyLength), Int32(valueLength), Int64(positions)))
    }
}

extension KernelSet {
    /// One part of a split attention range: `attend` before its division. `output`
    /// ([group * valueLength]) gets `sum_p exp(s[h][p] - maxima[h]) V[p]`, `maxima` and `sums`
    /// ([group] each) the scores' maxima and the sums of the exponentials; `attendMerge` joins
    /// the parts.
    public func attendPartial(
        query: UnsafePointer<Float>, keys: UnsafePointer<UInt16>, keyStride: Int,
        values: UnsafePointer<UInt16>, valueStride: Int, positions: ClosedRange<Int>,
        group: Int, keyLength: Int, valueLength: Int, scale: Float,
        scores: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>,
        maxima: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>
    ) {
        attendPartial(
            query: query, keys: UnsafeRawPointer(keys), keyStride: 2 * keyStride, values: UnsafeRawPointer(values),
            valueStride: 2 * valueStride, format: .f16, positions: positions, group: group, keyLength: keyLength,
            valueLength: valueLength, scale: scale, scores: scores, output: output, maxima: maxima, sums: sums)
    }

    /// Joins `parts` results of `attendPartial` over consecutive ranges into the attention over
    /// their union: part `c` at `partials + c * slotWidth` holds its output
    /// ([group * valueLength]), then its maxima ([group]), then its sums ([group]). `sinks`
    /// ([group], when given): the heads' attention sinks, as `attend(...sinks:...)` takes them.
    public func attendMerge(
        parts: Int, group: Int, valueLength: Int, partials: UnsafePointer<Float>, slotWidth: Int,
        sinks: UnsafePointer<Float>? = nil, output: UnsafeMutablePointer<Float>
    ) {
        precondition(parts > 0 && group > 0 && slotWidth >= group * (valueLength + 2), "attendMerge: invalid shape")
        ck_attend_merge(Int32(parts), Int32(group), Int32(valueLength), partials, Int64(slotWidth), sinks, output)
    }
}
