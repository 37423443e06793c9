import CKernels

/// SHA-256 (FIPS 180-4), streaming: the model installer's checksum of multi-gigabyte files.
/// The compression function is C (`ck_sha256_blocks`), with the x86 SHA extensions where the
/// CPU has them; this type buffers partial blocks and pads.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// SHA256.hex(hash.finalize())  // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256: Sendable {
    /// The hash words (FIPS 180-4, 5.3.3: the initial value).
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes not yet hashed, fewer than a block.
    private var pending: [UInt8] = []
    /// Bytes given so far.
    private var length: UInt64 = 0
    /// Whether the portable compression function runs even where the SHA extensions exist.
    private let portable: Bool

    /// The bytes of one block.
    public static let blockSize = 64

    /// A new hash; `portable` forces the portable compression function (to compare both).
    public init(portable: Bool = false) {
        self.portable = portable
        pending.reserveCapacity(Self.blockSize)
    }

    /// Whether this CPU runs the SHA extensions' version.
    public static var isAccelerated: Bool { ck_sha256_accelerated() != 0 }

    /// Hashes `bytes` after everything given before.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var count = bytes.count
        length &+= UInt64(count)
        if !pending.isEmpty {
            let taken = min(count, Self.blockSize - pending.count)
            pending.append(contentsOf: UnsafeBufferPointer(start: base, count: taken))
            base += taken
            count -= taken
            guard pending.count == Self.blockSize else { return }
            compress(pending, blocks: 1)
            pending.removeAll(keepingCapacity: true)
        }
        let whole = count / Self.blockSize
        if whole > 0 {
            compress(UnsafeRawPointer(base), blocks: whole)
            base += whole * Self.blockSize
            count -= whole * Self.blockSize
        }
        pending.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// Hashes `bytes` after everything given before.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything given: the message, then a 1 bit, zeros, and the
    /// message's length in bits (big-endian) to a whole number of blocks (FIPS 180-4, 5.1.1).
    public func finalize() -> [UInt8] {
        var copy = self
        var tail = copy.pending
        tail.append(0x80)
        while tail.count % Self.blockSize != Self.blockSize - 8 { tail.append(0) }
        let bits = length &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        copy.compress(tail, blocks: tail.count / Self.blockSize)
        return copy.state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
    }

    /// A digest as lowercase hexadecimal digits, as `sha256sum` prints it.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    private mutating func compress(_ blocks: [UInt8], blocks count: Int) {
        blocks.withUnsafeBytes { compress($0.baseAddress!, blocks: count) }
    }

    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        let portable = portable ? Int32(1) : 0
        state.withUnsafeMutableBufferPointer { words in
            ck_sha256_blocks(words.baseAddress!, data.assumingMemoryBound(to: UInt8.self), blocks, portable)
        }
    }
}
