/// `multipleOf` on exact decimals: whether a value divided by a divisor is an integer, as JSON
/// Schema defines it (by mathematical value, not by `Double` division, in which 0.07 / 0.01 is
/// 7.000000000000001).
extension JSONSchemaDecimal {
    /// The most digits a divisor may have: its digits as an `Int` must leave room for the
    /// remainders a digit-by-digit division keeps (below 10 × divisor).
    static let maxDivisorDigits = 15

    /// A positive value as `coefficient × 10^exponent`, the coefficient without trailing zeros;
    /// `nil` for zero, negative values, or more than `maxDivisorDigits` digits.
    var divisorParts: (coefficient: Int, exponent: Int)? {
        guard !isNegative, !isZero, digits.count <= Self.maxDivisorDigits else { return nil }
        return (digits.reduce(0) { $0 * 10 + Int($1) }, exponent)
    }

    /// Whether `self / divisor` is an integer; `false` when `divisor` has no `divisorParts`.
    ///
    /// With `self = X × 10^a` and `divisor = p × 10^b` (neither `X` nor `p` ending in 0), the
    /// quotient is `X × 10^(a - b) / p`. For `a < b` it needs 10 to divide `X`, which it does
    /// not; otherwise it is an integer when `X × 10^(a - b) ≡ 0 (mod p)`.
    func isMultiple(of divisor: JSONSchemaDecimal) -> Bool {
        guard let (p, b) = divisor.divisorParts else { return false }
        if isZero { return true }
        guard exponent >= b else { return false }
        var remainder = 0
        for digit in digits { remainder = (remainder * 10 + Int(digit)) % p }
        return Self.multiplyModulo(remainder, Self.powerOfTen(exponent - b, modulo: p), p) == 0
    }

    /// `10^exponent mod modulus`, by squaring.
    static func powerOfTen(_ exponent: Int, modulo modulus: Int) -> Int {
        var result = 1 % modulus, base = 10 % modulus, rest = exponent
        while rest > 0 {
            if rest & 1 == 1 { result = multiplyModulo(result, base, modulus) }
            base = multiplyModulo(base, base, modulus)
            rest >>= 1
        }
        return result
    }

    /// `a × b mod modulus` for `a, b < modulus`, without overflow.
    static func multiplyModulo(_ a: Int, _ b: Int, _ modulus: Int) -> Int {
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth(product).remainder
    }
}
