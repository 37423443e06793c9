import FMSupport

/// xoshiro256** seeded through SplitMix64: a small, fast generator whose sequence depends only
/// on the seed, so seeded sampling repeats exactly on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        var seeds = SplitMix64(seed: seed)
        s = (seeds.next(), seeds.next(), seeds.next(), seeds.next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3 << 45 | s.3 >> 19
        return result
    }

    /// A uniform float in [0, 1) with 24 random bits.
    public mutating func nextUnitFloat() -> Float {
        Float(next() >> 40) * (1.0 / 16_777_216.0)
    }
}
