/// Splits a range of Unicode scalars into the byte-range sequences of its UTF-8 encodings.
///
/// The standard construction (as in RE2 and Rust's `regex-syntax`): split the range where the
/// encoded length changes (U+007F, U+07FF, U+FFFF), then wherever the low 6, 12 or 18 bits stop
/// covering their full span, until both ends of each piece encode to byte strings whose bytes,
/// position by position, form ranges whose product is exactly the piece. So
/// `[\u{80}-\u{10FFFF}]` becomes 7 sequences, not a million edges.
///
/// Example: U+0000...U+FFFF (surrogates excluded by the caller) gives `[00-7F]`,
/// `[C2-DF][80-BF]`, `[E0][A0-BF][80-BF]`, `[E1-EF][80-BF][80-BF]` (once split around the
/// surrogates, `[ED][80-9F][80-BF]` and so on).
enum UTF8Sequences {
    /// The byte-range sequences for `range`, which must not contain surrogates.
    static func split(_ range: ClosedRange<UInt32>) -> [[ClosedRange<UInt8>]] {
        var result: [[ClosedRange<UInt8>]] = []
        var stack = [range]
        splitting: while let piece = stack.popLast() {
            let (low, high) = (piece.lowerBound, piece.upperBound)
            for boundary: UInt32 in [0x7F, 0x7FF, 0xFFFF] where low <= boundary && boundary < high {
                stack.append((boundary + 1)...high)
                stack.append(low...boundary)
                continue splitting
            }
            if high <= 0x7F {
                result.append([UInt8(low)...UInt8(high)])
                continue
            }
            for bits: UInt32 in [6, 12, 18] {
                let mask: UInt32 = (1 << bits) - 1
                if low & ~mask != high & ~mask {
                    if low & mask != 0 {
                        stack.append(((low | mask) + 1)...high)
                        stack.append(low...(low | mask))
                        continue splitting
                    }
                    if high & mask != mask {
                        stack.append((high & ~mask)...high)
                        stack.append(low...((high & ~mask) - 1))
                        continue splitting
                    }
                }
            }
            let lowBytes = encode(low)
            let highBytes = encode(high)
            result.append(zip(lowBytes, highBytes).map { $0...$1 })
        }
        return result
    }

    /// The UTF-8 bytes of a scalar value.
    static func encode(_ value: UInt32) -> [UInt8] {
        switch value {
        case 0..<0x80:
            return [UInt8(value)]
        case 0x80..<0x800:
            return [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case 0x800..<0x10000:
            return [UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            return [
                UInt8(0xF0 | value >> 18), UInt8(0x80 | value >> 12 & 0x3F),
                UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F),
            ]
        }
    }
}
