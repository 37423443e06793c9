/// SplitMix64: a small, fast generator whose whole sequence is fixed by its seed, so synthetic
/// data, random walks and property tests replay exactly from a seed on every platform.
///
/// The one seeded generator of the package: the engine's sampler seeds its xoshiro256** state
/// from it, and benchmarks and tests draw from it directly.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let roll = Int.random(in: 1...6, using: &rng)   // the same on every run
/// let w = rng.nextSigned()                        // a Float in [-1, 1)
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A float uniform in [0, 1), from 24 random bits.
    package mutating func nextUnitFloat() -> Float { Float(next() >> 40) * (1.0 / 16_777_216.0) }

    /// A float uniform in [-1, 1), from 24 random bits.
    package mutating func nextSigned() -> Float { Float(next() >> 40) / 8_388_608 - 1 }
}
