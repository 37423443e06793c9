/// An immutable hash table from byte strings to token ids, looked up by pointer and length so
/// that the tokenizers can ask "is this slice of my buffer a token?" without allocating.
///
/// Layout: every key's bytes concatenated in `storage`, `offsets[k]..<offsets[k + 1]` delimiting
/// key `k`; `slots` is an open-addressing table (linear probing, load factor at most 1/2) holding
/// `k + 1`, or 0 for an empty slot.
struct ByteStringTable: Sendable {
    private var storage: [UInt8] = []
    private var offsets: [Int32] = [0]
    private var values: [Int32] = []
    private var slots: [Int32]
    private let mask: Int

    /// Builds the table; when a key repeats, the first value wins.
    init<Keys: Sequence>(_ entries: Keys) where Keys.Element == (key: [UInt8], value: Int32) {
        let list = Array(entries)
        var capacity = 16
        while capacity < list.count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        storage.reserveCapacity(list.reduce(0) { $0 + $1.key.count })
        for (key, value) in list {
            let found = key.withUnsafeBufferPointer { lookup($0.baseAddress, key.count) }
            if found != nil { continue }
            let index = values.count
            storage.append(contentsOf: key)
            offsets.append(Int32(storage.count))
            values.append(value)
            var slot = Self.hash(key.withUnsafeBufferPointer { $0.baseAddress }, key.count) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// The number of distinct keys.
    var count: Int { values.count }

    /// The value stored for the `length` bytes at `bytes`, if any.
    @inline(__always)
    func lookup(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32? {
        var slot = Self.hash(bytes, length) & mask
        return storage.withUnsafeBufferPointer { store in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let start = Int(offsets[entry - 1])
                let end = Int(offsets[entry])
                if end - start == length, Self.equal(store.baseAddress! + start, bytes, length) {
                    return values[entry - 1]
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The value stored for `key`, if any.
    func lookup(_ key: [UInt8]) -> Int32? {
        key.withUnsafeBufferPointer { lookup($0.baseAddress, key.count) }
    }

    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?, _ n: Int) -> Bool {
        guard let b else { return n == 0 }
        for i in 0..<n where a[i] != b[i] { return false }
        return true
    }

    /// FNV-1a over the bytes, finished with a multiplicative mix for the power-of-two table.
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>?, _ n: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        if let bytes {
            for i in 0..<n { h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01b3 }
        }
        h ^= h >> 29
        h = h &* 0xbf58_476d_1ce4_e5b9
        h ^= h >> 32
        return Int(truncatingIfNeeded: h)
    }
}
