/// The exact value of a JSON number, as a signed decimal `digits × 10^exponent`.
///
/// JSON Schema compares numbers by mathematical value (`1`, `1.0` and `10e-1` are equal; `1.0`
/// is an integer), and bounds may lie beyond `Int64` or between two `Double`s. This type makes
/// those comparisons exact: it parses a number's text without rounding, expands a `Double` into
/// its exact decimal value, and rounds to `Int`/`Double` in a chosen direction.
///
/// ```swift
/// let a = JSONSchemaDecimal("1.10")!, b = JSONSchemaDecimal("11e-1")!
/// a == b                                    // true
/// JSONSchemaDecimal("2.5")!.isInteger       // false
/// JSONSchemaDecimal(exactly: 0.1) > JSONSchemaDecimal("0.1")!   // true (0.1000000000000000055…)
/// ```
struct JSONSchemaDecimal: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whether the value is below zero (never set for zero).
    private(set) var isNegative: Bool
    /// Decimal digits 0...9 of the magnitude, without leading or trailing zeros (empty for zero).
    private(set) var digits: [UInt8]
    /// The power of ten the last digit stands for.
    private(set) var exponent: Int

    /// The largest decimal exponent read from text; beyond it a number is refused rather than
    /// compared inexactly (no real document needs `1e100000000`).
    static let exponentLimit = 1_000_000_000

    /// Zero.
    static let zero = JSONSchemaDecimal(isNegative: false, digits: [], exponent: 0)

    private init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        var leading = 0
        while leading < digits.count, digits[leading] == 0 { leading += 1 }
        digits.removeFirst(leading)
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = digits.isEmpty ? false : isNegative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Parses RFC 8259 number text (`-12.5e3`); `nil` for anything else or an exponent beyond
    /// `exponentLimit`.
    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var exponent = 0
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard let first = bytes.first, isDigit(first) else { return nil }
        if first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else {
            while let byte = bytes.first, isDigit(byte) { digits.append(byte - 0x30); bytes = bytes.dropFirst() }
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard let byte = bytes.first, isDigit(byte) else { return nil }
            while let byte = bytes.first, isDigit(byte) {
                digits.append(byte - 0x30)
                exponent -= 1
                bytes = bytes.dropFirst()
            }
        }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard let byte = bytes.first, isDigit(byte) else { return nil }
            var written = 0
            while let byte = bytes.first, isDigit(byte) {
                written = written * 10 + Int(byte - 0x30)
                guard written <= Self.exponentLimit else { return nil }
                bytes = bytes.dropFirst()
            }
            exponent += exponentNegative ? -written : written
        }
        guard bytes.isEmpty else { return nil }
        self.init(isNegative: negative, digits: digits, exponent: exponent)
    }

    /// The exact value of `value`.
    init(_ value: Int) {
        let magnitude = value.magnitude
        self.init(isNegative: value < 0, digits: String(magnitude).utf8.map { $0 - 0x30 }, exponent: 0)
    }

    /// The exact value of a finite `Double` (every binary fraction has a finite decimal form).
    init(exactly value: Double) {
        precondition(value.isFinite, "JSONSchemaDecimal(exactly:) needs a finite Double")
        guard value != 0 else { self = .zero; return }
        // value = significand × 2^power with an integer significand (IEEE 754 binary64 fields).
        let biased = Int(value.exponentBitPattern)
        let significand = value.significandBitPattern | (biased == 0 ? 0 : 1 << 52)
        let power = (biased == 0 ? 1 : biased) - 1075
        var limbs = LimbNumber(significand)
        var exponent = 0
        if power >= 0 {
            for _ in 0..<power { limbs.multiply(by: 2) }
        } else {
            // m × 2^-k = m × 5^k × 10^-k
            for _ in 0..<(-power) { limbs.multiply(by: 5) }
            exponent = power
        }
        self.init(isNegative: value < 0, digits: limbs.decimalDigits, exponent: exponent)
    }

    /// Whether the value has no fractional part (JSON Schema's definition of an integer).
    var isInteger: Bool { exponent >= 0 }

    /// Whether the value is zero.
    var isZero: Bool { digits.isEmpty }

    /// The power of ten just above the leading digit: `123` -> 3, `0.05` -> -1.
    private var magnitudeOrder: Int { digits.count + exponent }

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        return lhs.isNegative ? magnitudeLess(rhs, lhs) : magnitudeLess(lhs, rhs)
    }

    private static func magnitudeLess(_ lhs: Self, _ rhs: Self) -> Bool {
        if lhs.isZero || rhs.isZero { return lhs.isZero && !rhs.isZero }
        if lhs.magnitudeOrder != rhs.magnitudeOrder { return lhs.magnitudeOrder < rhs.magnitudeOrder }
        for (left, right) in zip(lhs.digits, rhs.digits) where left != right { return left < right }
        return lhs.digits.count < rhs.digits.count
    }

    /// The value rounded towards +∞ (`up`) or -∞ as an `Int`, or `nil` outside `Int`'s range.
    func roundedToInt(up: Bool) -> Int? {
        // Int.max has 19 digits: anything of 21 or more integer digits is out of range.
        guard magnitudeOrder <= 20 else { return nil }
        let integerDigits = magnitudeOrder <= 0 ? [] : Array(digits.prefix(magnitudeOrder))
        var magnitude: UInt64 = 0
        for digit in integerDigits + Array(repeating: 0, count: max(0, exponent)) {
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(digit))
            guard !overflowTimes, !overflowSum else { return nil }
            magnitude = sum
        }
        let hasFraction = !isInteger
        // Truncation moved a positive value down and a negative one up.
        if hasFraction, up != isNegative {
            guard magnitude < UInt64.max else { return nil }
            magnitude += 1
        }
        if isNegative {
            guard magnitude <= UInt64(Int.max) + 1 else { return nil }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { return nil }
        return Int(magnitude)
    }

    /// The value a `Double` bound stands for in a grammar: the decimal its shortest round-trip
    /// spelling shows (`0.3`, not the binary 0.2999999999999999888…), as `NumericRangePatterns`
    /// reads bounds. `nil` when not finite.
    init?(spelling value: Double) {
        guard value.isFinite else { return nil }
        self.init(value.description)
    }

    /// The `Double` whose spelling (`init(spelling:)`) is this value, if one is; otherwise the
    /// nearest one whose spelling lies above it (`up`) or below it, which excludes values
    /// within one step of the bound and admits none beyond it. `nil` when not finite. The
    /// flag tells whether the spelling is exact.
    func spelledDouble(up: Bool) -> (value: Double, exact: Bool)? {
        guard let nearest = Double(description), nearest.isFinite, let spelled = JSONSchemaDecimal(spelling: nearest) else { return nil }
        if spelled == self { return (nearest, true) }
        var value = nearest
        while let shown = JSONSchemaDecimal(spelling: value), up ? shown < self : self < shown {
            value = up ? value.nextUp : value.nextDown
        }
        return value.isFinite ? (value, false) : nil
    }

    /// The value as JSON number text (`-125e-2`).
    var description: String {
        guard !isZero else { return "0" }
        let body = String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
        return (isNegative ? "-" : "") + body + (exponent == 0 ? "" : "e\(exponent)")
    }
}

/// A non-negative big integer in base 10^9 limbs (least significant first), enough to expand a
/// `Double` exactly.
private struct LimbNumber {
    private static let base: UInt64 = 1_000_000_000
    private var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % Self.base)
            rest /= Self.base
        } while rest > 0
    }

    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        while carry > 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
    }

    var decimalDigits: [UInt8] {
        var digits: [UInt8] = []
        for (position, limb) in limbs.reversed().enumerated() {
            let text = String(limb)
            let padding = position == 0 ? 0 : 9 - text.count
            digits += Array(repeating: 0, count: padding) + text.utf8.map { $0 - 0x30 }
        }
        return digits
    }
}
