/// A set of token ids as a bitset: one bit per vocabulary entry, 64 per word.
///
/// Masks are what the sampler applies to the logits: a token whose bit is clear is never sampled.
public struct TokenMask: Sendable, Equatable {
    /// The bits, `words[id >> 6] >> (id & 63) & 1`.
    public var words: [UInt64] { storage }
    @usableFromInline var storage: [UInt64]
    /// The number of token ids the mask covers.
    public let count: Int

    /// An empty mask over `count` tokens.
    public init(count: Int) {
        self.count = count
        storage = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// A mask over `count` tokens with every token allowed.
    public static func all(_ count: Int) -> TokenMask {
        var mask = TokenMask(count: count)
        for i in mask.storage.indices { mask.storage[i] = ~0 }
        if count % 64 != 0 { mask.storage[mask.storage.count - 1] = (1 << UInt64(count % 64)) - 1 }
        return mask
    }

    /// Whether token `id` is allowed.
    @inlinable @inline(__always)
    public func contains(_ id: Int) -> Bool { storage[id >> 6] >> UInt64(id & 63) & 1 != 0 }

    /// Allows token `id`.
    @inlinable @inline(__always)
    public mutating func insert(_ id: Int) { storage[id >> 6] |= 1 << UInt64(id & 63) }

    /// Forbids token `id`.
    @inlinable @inline(__always)
    public mutating func remove(_ id: Int) { storage[id >> 6] &= ~(1 << UInt64(id & 63)) }

    /// Allows every token of `other` as well.
    public mutating func formUnion(_ other: TokenMask) { formUnion(words: other.storage) }

    /// Allows every token whose bit is set in `words` (a bitset of the same layout).
    @inlinable
    public mutating func formUnion(words other: [UInt64]) {
        precondition(other.count == storage.count, "TokenMask: word counts differ")
        storage.withUnsafeMutableBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] |= theirs[i] }
            }
        }
    }

    /// Allows every token of `ids` (each below `count`).
    public mutating func insert(contentsOf ids: [Int32]) { TokenMask.setBits(ids, in: &storage) }

    /// Sets bit `id` of `words` for every id of `ids`: the hot loop of composing masks from
    /// memoized token lists (often 100k ids), without a bounds check per id beyond one compare.
    static func setBits(_ ids: [Int32], in words: inout [UInt64]) {
        ids.withUnsafeBufferPointer { update(words: &words, ids: $0, set: true) }
    }

    /// Sets the bits of `ids` (a slice of a trie's token list, say).
    static func setBits(_ ids: ArraySlice<Int32>, in words: inout [UInt64]) {
        ids.withUnsafeBufferPointer { update(words: &words, ids: $0, set: true) }
    }

    /// Clears the bits of `ids` (a slice of a trie's token list, say).
    static func clearBits(_ ids: ArraySlice<Int32>, in words: inout [UInt64]) {
        ids.withUnsafeBufferPointer { update(words: &words, ids: $0, set: false) }
    }

    private static func update(words: inout [UInt64], ids: UnsafeBufferPointer<Int32>, set: Bool) {
        words.withUnsafeMutableBufferPointer { words in
            let limit = UInt32(truncatingIfNeeded: words.count &* 64)
            if set {
                for id in ids {
                    let bit = UInt32(bitPattern: id)
                    precondition(bit < limit, "TokenMask: token id out of range")
                    words[Int(bit >> 6)] |= 1 &<< UInt64(bit & 63)
                }
            } else {
                for id in ids {
                    let bit = UInt32(bitPattern: id)
                    precondition(bit < limit, "TokenMask: token id out of range")
                    words[Int(bit >> 6)] &= ~(1 &<< UInt64(bit & 63))
                }
            }
        }
    }

    /// Forbids every token.
    public mutating func removeAll() {
        storage.withUnsafeMutableBufferPointer { words in
            for i in 0..<words.count { words[i] = 0 }
        }
    }

    /// Keeps only tokens also in `other`.
    public mutating func formIntersection(_ other: TokenMask) {
        for i in storage.indices { storage[i] &= other.storage[i] }
    }

    /// The number of allowed tokens.
    public var allowedCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Whether no token is allowed.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The allowed ids in increasing order.
    public var allowed: [Int] {
        var out: [Int] = []
        for (w, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                out.append(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return out
    }
}
