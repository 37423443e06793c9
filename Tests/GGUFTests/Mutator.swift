import FMSupport
import TestSupport

/// Random structural damage to a GGUF byte image: bit flips, "interesting" bytes and integers
/// over fields, huge length fields, truncation, inserted and deleted bytes, copied chunks.
///
/// Positions are drawn from `hotRanges` (the header and tensor-info region of a real model,
/// where every byte is structure) most of the time, and uniformly otherwise.
struct Mutator {
    var random: SplitMix64
    /// Byte ranges to favour when choosing where to mutate.
    let hotRanges: [Range<Int>]

    static let interestingBytes: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0x20, 0x09, 0x0D]
    static let interestingWords: [UInt32] = [0, 1, 2, 3, 4, 5, 8, 9, 12, 13, 31, 32, 255, 0x7FFF_FFFF, 0x8000_0000, .max]
    static let interestingLengths: [UInt64] = [
        0, 1, 2, 31, 32, 255, 4096, 1 << 31, 1 << 32, 1 << 62, 1 << 63, .max - 31, .max,
    ]

    mutating func mutate(_ bytes: inout [UInt8]) {
        let rounds = Int.random(in: 1...4, using: &random)
        for _ in 0..<rounds where !bytes.isEmpty {
            let position = self.position(in: bytes.count)
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1:
                bytes[position] = Self.interestingBytes.randomElement(using: &random)!
            case 2:
                write(Self.interestingWords.randomElement(using: &random)!, at: position, in: &bytes)
            case 3:
                let lengths = Self.interestingLengths + [UInt64(bytes.count - position), UInt64(bytes.count)]
                write(lengths.randomElement(using: &random)!, at: position, in: &bytes)
            case 4:
                bytes.removeSubrange(position...)
            case 5:
                let count = Int.random(in: 1...16, using: &random)
                bytes.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
            case 6:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
                bytes.removeSubrange(position..<end)
            default:
                let source = self.position(in: bytes.count)
                let length = min(Int.random(in: 1...64, using: &random), bytes.count - max(source, position))
                if length > 0 { bytes.replaceSubrange(position..<position + length, with: bytes[source..<source + length]) }
            }
        }
    }

    /// A position in `0..<count`, usually inside a hot range.
    private mutating func position(in count: Int) -> Int {
        let hot = hotRanges.map { $0.clamped(to: 0..<count) }.filter { !$0.isEmpty }
        if !hot.isEmpty, Int.random(in: 0..<4, using: &random) != 0 {
            return Int.random(in: hot.randomElement(using: &random)!, using: &random)
        }
        return Int.random(in: 0..<count, using: &random)
    }

    private func write<T: FixedWidthInteger>(_ value: T, at position: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for (index, byte) in raw.enumerated() where position + index < bytes.count {
                bytes[position + index] = byte
            }
        }
    }
}
