import Foundation

/// The angles of one RoPE table: the frequency of each rotated pair, how positions are scaled,
/// LongRoPE's two factor sets with its attention factor, and YaRN's per-pair scaling.
///
/// Angle of pair `i` at position `p`: `p / positionDivisor * base^(-2i/rotated) / factor[i]`;
/// `cos` and `sin` are multiplied by `magnitude` (LongRoPE's attention factor, which so scales
/// the rotated dimensions of queries and keys, as llama.cpp's rope does). With LongRoPE the
/// factors are the long ones for a cache longer than `originalContext` positions, the short
/// ones otherwise (llama.cpp chooses by its context size the same way).
struct RopeSchedule {
    /// Frequencies with the (short) factors: `[rotated / 2]`.
    let frequencies: [Float]
    /// Frequencies with LongRoPE's long factors, if the model has them.
    let longFrequencies: [Float]?
    /// The cache capacity up to which `frequencies` apply.
    let originalContext: Int
    /// Linear position scaling.
    let positionDivisor: Float
    /// The factor on `cos` and `sin`.
    let magnitude: Float

    /// A table of base `base` over `rotated` dimensions; `yarn` scales each pair's frequency
    /// (its divisors multiply the factors).
    init(
        rotated: Int, base: Float, factors: [Float]?, longFactors: [Float]? = nil, originalContext: Int = .max,
        positionDivisor: Float = 1, magnitude: Float = 1, yarn: RopeYarn? = nil
    ) {
        let divisors = yarn?.frequencyDivisors(rotated: rotated, base: base)
        func table(_ given: [Float]?) -> [Float] {
            var f = given
            if let divisors { f = zip(given ?? Array(repeating: 1, count: divisors.count), divisors).map { $0 * $1 } }
            return f.withOptionalBuffer { TensorOps.ropeFrequencies(rotated: rotated, base: base, factors: $0) }
        }
        frequencies = table(factors)
        longFrequencies = longFactors.map { table($0) }
        self.originalContext = originalContext
        self.positionDivisor = positionDivisor
        self.magnitude = magnitude
    }

    /// Writes the `cos` and `sin` of `position` for a cache of `capacity` positions (`[rotated / 2]` each).
    func angles(position: Int, capacity: Int, cos: UnsafeMutablePointer<Float>, sin: UnsafeMutablePointer<Float>) {
        let table = capacity > originalContext ? longFrequencies ?? frequencies : frequencies
        TensorOps.ropeAngles(position: Float(position) / positionDivisor, frequencies: table, cos: cos, sin: sin)
        guard magnitude != 1 else { return }
        for i in 0..<table.count {
            cos[i] *= magnitude
            sin[i] *= magnitude
        }
    }
}
