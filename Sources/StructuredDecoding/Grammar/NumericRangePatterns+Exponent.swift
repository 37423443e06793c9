/// Bounded numbers written with an exponent (`1e-06`, `2.5E+3`, `-4e2`), as regex source text.
///
/// Which exponent spellings lie within a bound is not a regular language in general: `0.001e3`
/// is 1, and telling `0.0…01eN` from the bound needs the count of leading zeros beside `N`. So
/// only the spellings that scientific notation writes (Python's `repr`, JavaScript's
/// `toString`, C's `%e`) are admitted: a mantissa with one non-zero integer digit, `d[.ddd]`,
/// or a zero mantissa `0[.000]`; the exponent is any `[+-]?digits`, leading zeros included
/// (`1e-06`). For those, with `x = m × 10^E` (`1 ≤ m < 10`) and the bound's magnitude `n ×
/// 10^B` written the same way, `|x| > n × 10^B` exactly when `E > B`, or `E = B` and `m > n`:
/// exponent ranges over integer digits and mantissa ranges over decimal digits, both exact. Other
/// exponent spellings (`12e3`, `0.5e-3`) stay refused under a bound: sound, not complete.
extension NumericRangePatterns {
    /// Exponent spellings of numbers `>= bound` (or `>` when `exclusive`).
    static func exponentAtLeast(_ bound: (negative: Bool, magnitude: Decimal), exclusive: Bool) -> String {
        exponentSpellings(signedAtLeast(bound, exclusive: exclusive))
    }

    /// Exponent spellings of numbers `<= bound` (or `<` when `exclusive`): the mirror of
    /// `exponentAtLeast(-bound)`.
    static func exponentAtMost(_ bound: (negative: Bool, magnitude: Decimal), exclusive: Bool) -> String {
        var parts = signedAtLeast((!bound.negative, bound.magnitude), exclusive: exclusive)
        swap(&parts.positive, &parts.negative)
        return exponentSpellings(parts)
    }

    /// Every exponent spelling of a number (the syntax both bounds are intersected with).
    static let exponentSyntax = #"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?[eE][+-]?[0-9]+"#

    /// The parts of a bounded set of numbers: spellings of the magnitude of its positive and of
    /// its negative members (mantissa and exponent), and whether it holds zero.
    private struct SignedParts {
        var positive: [String] = []
        var negative: [String] = []
        var zero = false
    }

    private static let anyMantissa = #"[1-9](?:\.[0-9]+)?"#
    private static let anyExponent = "[+-]?[0-9]+"

    private static func exponentSpellings(_ parts: SignedParts) -> String {
        var spellings = parts.positive.map { $0 } + parts.negative.map { "-" + $0 }
        if parts.zero { spellings.append(#"-?0(?:\.0+)?[eE]"# + anyExponent) }
        return alternatives(spellings) ?? "[^\\s\\S]"
    }

    /// `x >= bound` (or `>`), split by the sign of `x`.
    private static func signedAtLeast(_ bound: (negative: Bool, magnitude: Decimal), exclusive: Bool) -> SignedParts {
        var parts = SignedParts()
        let anyPositive = anyMantissa + "[eE]" + anyExponent
        guard let (n, exponent) = scientific(bound.magnitude) else { // the bound is zero
            parts.positive = [anyPositive]
            parts.zero = !exclusive
            return parts
        }
        if !bound.negative { // positive x with |x| >= |bound|
            parts.positive = [
                anyMantissa + "[eE]" + group(exponentGreater(exponent)),
                group(exclusive ? mantissaGreater(n) : mantissaAtLeast(n)) + "[eE]" + group(exponentEqual(exponent)),
            ]
            return parts
        }
        // Every x >= 0, and negative x with |x| <= |bound|.
        parts.positive = [anyPositive]
        parts.zero = true
        parts.negative = [anyMantissa + "[eE]" + group(exponentLess(exponent))]
        if let mantissa = exclusive ? mantissaLess(n) : mantissaAtMost(n) {
            parts.negative.append(group(mantissa) + "[eE]" + group(exponentEqual(exponent)))
        }
        return parts
    }

    /// A non-zero magnitude as `n × 10^exponent` with `n` one non-zero integer digit and a
    /// fraction; `nil` for zero.
    private static func scientific(_ d: Decimal) -> (Decimal, Int)? {
        guard !d.isZero else { return nil }
        let digits = d.integer == [0x30] ? d.fraction : d.integer + d.fraction
        let leadingZeros = digits.prefix { $0 == 0x30 }.count
        let exponent = d.integer == [0x30] ? -(leadingZeros + 1) : d.integer.count - 1
        var fraction = Array(digits[(leadingZeros + 1)...])
        while fraction.last == 0x30 { fraction.removeLast() }
        return (Decimal(integer: [digits[leadingZeros]], fraction: fraction), exponent)
    }

    // MARK: - Mantissas `d[.ddd]`, d in 1...9

    private static func mantissaGreater(_ n: Decimal) -> String {
        let d = n.integer[0]
        var parts: [String] = []
        if d < 0x39 { parts.append("[\(char(d + 1))-9]" + #"(?:\.[0-9]+)?"#) }
        parts.append(char(d) + #"\."# + group(fractionGreater(n.fraction)))
        return alternatives(parts)!
    }

    private static func mantissaAtLeast(_ n: Decimal) -> String {
        let d = n.integer[0]
        let equal = n.fraction.isEmpty ? char(d) + #"(?:\.[0-9]+)?"# : char(d) + #"\."# + group(fractionAtLeast(n.fraction))
        return alternatives([mantissaGreater(n), equal])!
    }

    private static func mantissaLess(_ n: Decimal) -> String? {
        let d = n.integer[0]
        var parts: [String] = []
        if d > 0x31 { parts.append("[1-\(char(d - 1))]" + #"(?:\.[0-9]+)?"#) }
        if !n.fraction.isEmpty {
            parts.append(char(d) + (fractionLess(n.fraction).map { #"(?:\."# + group($0) + ")?" } ?? ""))
        }
        return alternatives(parts)
    }

    private static func mantissaAtMost(_ n: Decimal) -> String {
        let d = n.integer[0]
        let equal = char(d) + (n.fraction.isEmpty ? #"(?:\.0+)?"# : #"(?:\."# + group(fractionAtMost(n.fraction)) + ")?")
        return alternatives([mantissaLess(n), equal].compactMap { $0 })!
    }

    // MARK: - Exponents `[+-]?digits`, leading zeros allowed

    private static func magnitude(_ e: Int) -> [UInt8] { Array(String(e.magnitude).utf8) }

    private static func exponentEqual(_ e: Int) -> String {
        if e == 0 { return "[+-]?0+" }
        return (e > 0 ? #"\+?"# : "-") + "0*" + text(magnitude(e))
    }

    private static func exponentGreater(_ e: Int) -> String {
        if e >= 0 { return #"\+?0*"# + group(integerGreater(magnitude(e))) }
        // Every exponent >= 0, and the negative ones of smaller magnitude.
        return alternatives([#"\+?[0-9]+"#, "-0*" + group(integerLess(magnitude(e))!)])!
    }

    private static func exponentLess(_ e: Int) -> String {
        if e <= 0 { return "-0*" + group(integerGreater(magnitude(e))) }
        return alternatives(["-[0-9]+", #"\+?0*"# + group(integerLess(magnitude(e))!)])!
    }
}
