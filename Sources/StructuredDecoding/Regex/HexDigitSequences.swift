/// Splits a range of 16-bit values into sequences of per-digit ranges for their 4-digit
/// hexadecimal spellings (the `XXXX` of a JSON `\uXXXX` escape), the base-16 analogue of
/// `UTF8Sequences`.
///
/// Example: 0x0041...0x005A gives `0 0 4 [1-F]` and `0 0 5 [0-A]`, each digit range then spelled
/// in bytes `0-9`, `a-f` and (unless `lowercaseOnly`) `A-F`.
enum HexDigitSequences {
    /// The byte steps of every 4-digit spelling of a value in `range` (which must lie in
    /// 0...0xFFFF).
    static func split(_ range: ClosedRange<UInt32>, lowercaseOnly: Bool) -> [[ByteStep]] {
        digitRanges(range.lowerBound, range.upperBound, digits: 4).map { sequence in
            sequence.map { step(for: $0, lowercaseOnly: lowercaseOnly) }
        }
    }

    /// Digit-range sequences covering `low...high` with `digits` hex digits.
    private static func digitRanges(_ low: UInt32, _ high: UInt32, digits: Int) -> [[ClosedRange<UInt32>]] {
        if digits == 1 { return [[low...high]] }
        let base: UInt32 = 1 << (4 * (digits - 1))
        let (lowHead, highHead) = (low / base, high / base)
        let (lowRest, highRest) = (low % base, high % base)
        if lowHead == highHead {
            return digitRanges(lowRest, highRest, digits: digits - 1).map { [lowHead...lowHead] + $0 }
        }
        var result: [[ClosedRange<UInt32>]] = []
        var fullFirst = lowHead
        var fullLast = highHead
        if lowRest != 0 {
            result += digitRanges(lowRest, base - 1, digits: digits - 1).map { [lowHead...lowHead] + $0 }
            fullFirst += 1
        }
        var upper: [[ClosedRange<UInt32>]] = []
        if highRest != base - 1 {
            upper = digitRanges(0, highRest, digits: digits - 1).map { [highHead...highHead] + $0 }
            fullLast -= 1
        }
        if fullFirst <= fullLast {
            result.append([fullFirst...fullLast] + Array(repeating: 0...15, count: digits - 1))
        }
        return result + upper
    }

    /// The bytes spelling a hex digit in `digits`.
    private static func step(for digits: ClosedRange<UInt32>, lowercaseOnly: Bool) -> ByteStep {
        var step: ByteStep = []
        if digits.lowerBound <= 9 {
            step.append(UInt8(48 + digits.lowerBound)...UInt8(48 + min(digits.upperBound, 9)))
        }
        if digits.upperBound >= 10 {
            let first = max(digits.lowerBound, 10) - 10
            let last = digits.upperBound - 10
            step.append(UInt8(97 + first)...UInt8(97 + last))
            if !lowercaseOnly { step.append(UInt8(65 + first)...UInt8(65 + last)) }
        }
        return step
    }
}
