/// Per-channel scales that keep a layer's keys quantizable to 8 bits (`KVFormat.q8_0`).
///
/// Some models add a large bias to their keys: Qwen2.5-0.5B's reaches 145, 158 and 211 in
/// layers 0, 1 and 8 against typical elements of a few units. A `q8_0` block scales by its
/// largest element, so beside such a channel the other 31 elements of the block keep almost no
/// precision: quantized as they are, Qwen's keys move the last logits of the `chat_math`
/// reference fixture by 2.26 on average and flip the argmax of other positions. The scores
/// only need `q . k`, and
///
///     q . k = sum_c (q_c / s_c) (k_c s_c)
///
/// for any per-channel `s_c`, applied after RoPE to the key stored and to the query that reads
/// it. Taking `s_c = T / max(T, m_c)`, `m_c` the bias's magnitude in channel `c`'s rotation pair
/// (`c` and `c ± dk/2`, which RoPE mixes), brings those channels down to about `T` before
/// quantizing, and the other elements of their blocks keep their precision. `T = 2` (about the
/// size of an unbiased key element): the same fixture's last logits then move by 0.048 on
/// average from the numpy reference (0.034 with halves) and every position stays within the
/// half-precision cache's tolerances (`ReferenceLogitsTests`; of T = 1, 2, 4, 8, 32, only 2
/// kept the `chat_swift` fixture's sharpest position within them).
///
/// Half-precision caches are not scaled (their logits stay bit-identical to before).
struct KeyChannelScales: Sendable {
    /// `s_c` per key channel (`[kvHeads * keyLength]`).
    let scales: [Float]
    /// `1 / s_c`, for the queries.
    let inverses: [Float]

    /// The magnitude a biased channel is brought down to.
    static let target: Float = 2

    /// The scales for a layer with key bias `bias` (`[kvHeads * keyLength]`), or `nil` when no
    /// channel needs one.
    init?(bias: [Float], keyLength dk: Int) {
        var scales = [Float](repeating: 1, count: bias.count)
        for c in bias.indices {
            let head = c / dk * dk, i = c % dk
            let partner = head + (i < dk / 2 ? i + dk / 2 : i - dk / 2)
            let magnitude = (bias[c] * bias[c] + bias[partner] * bias[partner]).squareRoot()
            scales[c] = Self.target / max(Self.target, magnitude)
        }
        guard scales.contains(where: { $0 < 1 }) else { return nil }
        self.scales = scales
        inverses = scales.map { 1 / $0 }
    }

    /// Scales one row of keys (`[kvHeads * keyLength]`) in place, before it is quantized.
    func scaleKeys(_ row: UnsafeMutablePointer<Float>) {
        for c in scales.indices { row[c] *= scales[c] }
    }

    /// Divides one row of queries (`[heads * keyLength]`, `group` query heads per kv head) by
    /// the scales of the channels they read.
    func scaleQueries(_ row: UnsafeMutablePointer<Float>, heads: Int, group: Int, keyLength dk: Int) {
        for h in 0..<heads {
            let kv = (h / group) * dk, q = h * dk
            for i in 0..<dk { row[q + i] *= inverses[kv + i] }
        }
    }
}
