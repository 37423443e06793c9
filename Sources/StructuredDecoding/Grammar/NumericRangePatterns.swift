/// Exact regular languages for JSON numbers within decimal bounds, as regex source text.
///
/// A bound is read as the decimal its shortest round-trip spelling shows (`0.1` is one tenth,
/// as the schema wrote it), split into integer digits `I` and fraction digits `F` (no leading
/// zeros in `I`, no trailing zeros in `F`). Comparisons are digit-wise: for non-negative `x`,
/// `x > I.F` exactly when its integer part is greater than `I`, or equal with a fraction greater
/// than `.F` when both are padded with zeros. Negative numbers mirror the non-negative case; `-0`
/// is zero. Numbers are written without exponents here (plain decimal notation; the exponent
/// spellings that bounds admit are in `NumericRangePatterns+Exponent`).
enum NumericRangePatterns {
    /// A non-negative decimal as digit strings.
    struct Decimal: Equatable {
        /// Integer digits, `"0"` for zero, no leading zeros.
        var integer: [UInt8]
        /// Fraction digits, no trailing zeros (empty for whole numbers).
        var fraction: [UInt8]
        /// Whether the value is zero.
        var isZero: Bool { integer == [0x30] && fraction.isEmpty }
    }

    /// The sign and magnitude of `value` as decimals, or `nil` if it is not finite.
    static func decimal(_ value: Double) -> (negative: Bool, magnitude: Decimal)? {
        guard value.isFinite else { return nil }
        return decimal(text: Array(value.magnitude.description.utf8)).map { (value < 0, $0) }
    }

    /// The sign and magnitude of `value`.
    static func decimal(_ value: Int) -> (negative: Bool, magnitude: Decimal) {
        (value < 0, decimal(text: Array(value.magnitude.description.utf8))!)
    }

    /// Reads `digits[.digits][e[+-]digits]` into a plain decimal.
    static func decimal(text: [UInt8]) -> Decimal? {
        var mantissa: [UInt8] = []
        var pointPosition: Int?
        var exponent = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte >= 0x30 && byte <= 0x39 {
                mantissa.append(byte)
            } else if byte == UInt8(ascii: ".") {
                pointPosition = mantissa.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let parsed = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) else { return nil }
                exponent = parsed
                break
            } else {
                return nil
            }
            index += 1
        }
        guard !mantissa.isEmpty, abs(exponent) < 10_000 else { return nil }
        var point = (pointPosition ?? mantissa.count) + exponent
        if point < 0 {
            mantissa.insert(contentsOf: repeatElement(0x30, count: -point), at: 0)
            point = 0
        }
        if point > mantissa.count { mantissa.append(contentsOf: repeatElement(0x30, count: point - mantissa.count)) }
        var integer = Array(mantissa[..<point])
        var fraction = Array(mantissa[point...])
        while integer.count > 1, integer.first == 0x30 { integer.removeFirst() }
        if integer.isEmpty { integer = [0x30] }
        while fraction.last == 0x30 { fraction.removeLast() }
        return Decimal(integer: integer, fraction: fraction)
    }

    // MARK: - Signed languages

    /// Numbers `>= bound` (or `>` when `exclusive`); `integersOnly` leaves out fractions.
    static func atLeast(_ bound: (negative: Bool, magnitude: Decimal), exclusive: Bool, integersOnly: Bool) -> String? {
        let m = bound.magnitude
        if !bound.negative || m.isZero {
            var parts: [String] = []
            if let positive = exclusive ? greater(m, integersOnly) : atLeast(m, integersOnly) { parts.append(positive) }
            if m.isZero && !exclusive, let negativeZero = atMost(m, integersOnly) { parts.append("-" + group(negativeZero)) }
            return alternatives(parts)
        }
        var parts = [nonNegative(integersOnly)]
        if let negative = exclusive ? less(m, integersOnly) : atMost(m, integersOnly) { parts.append("-" + group(negative)) }
        return alternatives(parts)
    }

    /// Numbers `<= bound` (or `<` when `exclusive`).
    static func atMost(_ bound: (negative: Bool, magnitude: Decimal), exclusive: Bool, integersOnly: Bool) -> String? {
        let m = bound.magnitude
        if bound.negative || m.isZero {
            var parts: [String] = []
            if let negative = exclusive ? greater(m, integersOnly) : atLeast(m, integersOnly) { parts.append("-" + group(negative)) }
            if m.isZero && !exclusive, let zero = atMost(m, integersOnly) { parts.append(zero) }
            return alternatives(parts)
        }
        var parts = ["-" + group(nonNegative(integersOnly))]
        if let positive = exclusive ? less(m, integersOnly) : atMost(m, integersOnly) { parts.append(positive) }
        return alternatives(parts)
    }

    // MARK: - Non-negative languages

    static func nonNegative(_ integersOnly: Bool) -> String { "(?:0|[1-9][0-9]*)" + fractionOption(integersOnly) }

    private static func fractionOption(_ integersOnly: Bool) -> String { integersOnly ? "" : #"(?:\.[0-9]+)?"# }

    private static func atLeast(_ d: Decimal, _ integersOnly: Bool) -> String? {
        if integersOnly { return d.fraction.isEmpty ? integerAtLeast(d.integer) : integerGreater(d.integer) }
        var parts = [group(integerGreater(d.integer)) + fractionOption(false)]
        parts.append(text(d.integer) + (d.fraction.isEmpty ? fractionOption(false) : #"\."# + group(fractionAtLeast(d.fraction))))
        return alternatives(parts)
    }

    private static func greater(_ d: Decimal, _ integersOnly: Bool) -> String? {
        if integersOnly { return integerGreater(d.integer) }
        let parts = [group(integerGreater(d.integer)) + fractionOption(false), text(d.integer) + #"\."# + group(fractionGreater(d.fraction))]
        return alternatives(parts)
    }

    private static func atMost(_ d: Decimal, _ integersOnly: Bool) -> String? {
        if integersOnly { return integerAtMost(d.integer) }
        var parts: [String] = []
        if let below = integerLess(d.integer) { parts.append(group(below) + fractionOption(false)) }
        if d.fraction.isEmpty {
            parts.append(text(d.integer) + #"(?:\.0+)?"#)
        } else {
            parts.append(text(d.integer) + #"(?:\."# + group(fractionAtMost(d.fraction)) + ")?")
        }
        return alternatives(parts)
    }

    private static func less(_ d: Decimal, _ integersOnly: Bool) -> String? {
        if integersOnly { return d.fraction.isEmpty ? integerLess(d.integer) : integerAtMost(d.integer) }
        var parts: [String] = []
        if let below = integerLess(d.integer) { parts.append(group(below) + fractionOption(false)) }
        if !d.fraction.isEmpty, let fraction = fractionLess(d.fraction) {
            parts.append(text(d.integer) + #"(?:\."# + group(fraction) + ")?")
        }
        return alternatives(parts)
    }

    // MARK: - Digit strings

    /// Integers (no leading zeros) greater than `i`.
    static func integerGreater(_ i: [UInt8]) -> String {
        let n = i.count
        var parts = ["[1-9][0-9]{\(n),}"]
        for k in 0..<n where i[k] < 0x39 {
            parts.append(text(i[..<k]) + "[\(char(i[k] + 1))-9]" + repeatDigits(n - k - 1))
        }
        return alternatives(parts)!
    }

    static func integerAtLeast(_ i: [UInt8]) -> String { alternatives([integerGreater(i), text(i)])! }

    /// Integers (no leading zeros) less than `i`, or `nil` if none (`i` is 0).
    static func integerLess(_ i: [UInt8]) -> String? {
        let n = i.count
        var parts: [String] = []
        if n >= 2 { parts.append("0"); parts.append("[1-9]" + (n >= 3 ? "[0-9]{0,\(n - 2)}" : "")) }
        for k in 0..<n {
            let lowest: UInt8 = k == 0 && n > 1 ? 0x31 : 0x30
            if i[k] > lowest { parts.append(text(i[..<k]) + "[\(char(lowest))-\(char(i[k] - 1))]" + repeatDigits(n - k - 1)) }
        }
        return alternatives(parts)
    }

    static func integerAtMost(_ i: [UInt8]) -> String { alternatives([integerLess(i), text(i)].compactMap { $0 })! }

    /// Fraction digit strings (non-empty) whose value is greater than `.f`.
    static func fractionGreater(_ f: [UInt8]) -> String {
        var parts = [text(f) + "[0-9]*[1-9][0-9]*"]
        for k in 0..<f.count where f[k] < 0x39 { parts.append(text(f[..<k]) + "[\(char(f[k] + 1))-9][0-9]*") }
        return alternatives(parts)!
    }

    static func fractionAtLeast(_ f: [UInt8]) -> String {
        f.isEmpty ? "[0-9]+" : alternatives([fractionGreater(f), text(f) + "0*"])!
    }

    /// Fraction digit strings (non-empty) whose value is less than `.f`, `nil` if none.
    static func fractionLess(_ f: [UInt8]) -> String? {
        var parts: [String] = []
        for k in 0..<f.count where f[k] > 0x30 { parts.append(text(f[..<k]) + "[0-\(char(f[k] - 1))][0-9]*") }
        for k in 1..<max(f.count, 1) { parts.append(text(f[..<k]) + "0*") }
        return alternatives(parts)
    }

    static func fractionAtMost(_ f: [UInt8]) -> String {
        alternatives([fractionLess(f), text(f) + "0*"].compactMap { $0 })!
    }

    // MARK: - Text

    static func text(_ digits: some Collection<UInt8>) -> String { String(decoding: digits, as: UTF8.self) }
    static func char(_ digit: UInt8) -> String { String(UnicodeScalar(digit)) }
    private static func repeatDigits(_ n: Int) -> String { n == 0 ? "" : n == 1 ? "[0-9]" : "[0-9]{\(n)}" }
    static func group(_ text: String) -> String { "(?:\(text))" }
    static func alternatives(_ parts: [String]) -> String? {
        parts.isEmpty ? nil : parts.count == 1 ? parts[0] : "(?:" + parts.joined(separator: "|") + ")"
    }
}
