/// xoshiro256** seeded through SplitMix64: a small, fast generator whose sequence depends only
/// on the seed, so seeded sampling repeats exactly on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitMix(), splitMix(), splitMix(), splitMix())
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
