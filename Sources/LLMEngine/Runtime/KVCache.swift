import Foundation

/// Keys and values of every processed position, stored as `Float16` to halve memory traffic.
///
/// Layout, per layer: `keys[layer]` is `[capacity, kvHeads * keyLength]` and `values[layer]` is
/// `[capacity, kvHeads * valueLength]`, row `p` holding position `p`. The cache holds positions
/// `0..<count`; `truncate(to:)` forgets the tail in O(1), which is how prefix reuse (keep the
/// common prefix of the previous turn) and constrained-decoding backtracking rewind it.
///
/// The rows are allocated zeroed but not touched (`calloc`: the system maps zero pages on
/// first write), so a context of 32,768 positions takes memory for the positions it has held,
/// not for its capacity: `residentByteCount` after a short chat is a few megabytes, not the
/// 400 MB `byteCount` of Qwen2.5-0.5B's full context. Copies share the rows until one of them
/// writes (copy on write, as an array would).
public struct KVCache: Sendable {
    /// Positions the cache can hold.
    public let capacity: Int
    /// Layers.
    public let layerCount: Int
    /// Width of one key row (`kvHeads * keyLength`).
    public let keyWidth: Int
    /// Width of one value row (`kvHeads * valueLength`).
    public let valueWidth: Int
    /// Positions currently held.
    public private(set) var count = 0
    /// The most positions held at once so far (the rows written, hence mapped).
    public private(set) var highWater = 0

    private var storage: KVStorage

    /// Allocates a cache for `capacity` positions.
    public init(layers: Int, capacity: Int, keyWidth: Int, valueWidth: Int) {
        self.capacity = capacity
        self.layerCount = layers
        self.keyWidth = keyWidth
        self.valueWidth = valueWidth
        storage = KVStorage(layers: layers, keyCount: capacity * keyWidth, valueCount: capacity * valueWidth)
    }

    /// Bytes the cache can hold (its capacity).
    public var byteCount: Int { layerCount * capacity * (keyWidth + valueWidth) * 2 }

    /// Bytes of the rows written so far (`highWater` positions): what the cache adds to the
    /// process's resident memory, to the page.
    public var residentByteCount: Int { layerCount * highWater * (keyWidth + valueWidth) * 2 }

    /// Stores the key and value rows of `position` in `layer` (`position <= count`).
    public mutating func store(
        layer: Int, position: Int, key: UnsafeBufferPointer<Float>,
        value: UnsafeBufferPointer<Float>
    ) {
        precondition(position < capacity && key.count == keyWidth && value.count == valueWidth)
        let keyWidth = keyWidth, valueWidth = valueWidth
        withMutableLayer(layer) { (k: UnsafeMutablePointer<UInt16>, v: UnsafeMutablePointer<UInt16>) in
            let keys = UnsafeMutableRawPointer(k).assumingMemoryBound(to: Float16.self) + position * keyWidth
            let values = UnsafeMutableRawPointer(v).assumingMemoryBound(to: Float16.self) + position * valueWidth
            for i in 0..<keyWidth { keys[i] = Float16(key[i]) }
            for i in 0..<valueWidth { values[i] = Float16(value[i]) }
        }
    }

    /// Marks positions `0..<newCount` as held (after storing them in every layer).
    public mutating func commit(upTo newCount: Int) {
        precondition(newCount <= capacity)
        count = newCount
        highWater = max(highWater, newCount)
    }

    /// Forgets every position from `newCount` on.
    public mutating func truncate(to newCount: Int) {
        count = min(count, max(0, newCount))
    }

    /// Reads the keys and values of `layer` for positions `0..<upTo`.
    public func withLayer<R>(_ layer: Int, _ body: (UnsafeBufferPointer<Float16>, UnsafeBufferPointer<Float16>) -> R) -> R {
        body(
            UnsafeBufferPointer(start: storage.keys[layer], count: capacity * keyWidth),
            UnsafeBufferPointer(start: storage.values[layer], count: capacity * valueWidth))
    }

    /// The keys and values of `layer` as raw IEEE half bits (`[capacity, keyWidth]` and
    /// `[capacity, valueWidth]`), for the kernels.
    func withLayer<R>(_ layer: Int, _ body: (UnsafePointer<UInt16>, UnsafePointer<UInt16>) -> R) -> R {
        body(
            UnsafeRawPointer(storage.keys[layer]).assumingMemoryBound(to: UInt16.self),
            UnsafeRawPointer(storage.values[layer]).assumingMemoryBound(to: UInt16.self))
    }

    /// Writable keys and values of `layer` as raw IEEE half bits, for storing new positions
    /// (then `commit(upTo:)`).
    mutating func withMutableLayer<R>(_ layer: Int, _ body: (UnsafeMutablePointer<UInt16>, UnsafeMutablePointer<UInt16>) -> R) -> R {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(rows: highWater, keyWidth: keyWidth, valueWidth: valueWidth)
        }
        return body(
            UnsafeMutableRawPointer(storage.keys[layer]).assumingMemoryBound(to: UInt16.self),
            UnsafeMutableRawPointer(storage.values[layer]).assumingMemoryBound(to: UInt16.self))
    }
}

/// The rows of a `KVCache`: one zeroed allocation per layer for keys and one for values, which
/// the system maps as they are first written.
private final class KVStorage: @unchecked Sendable {
    // Written only through a uniquely referenced KVCache (copy on write), read otherwise.
    let keys: [UnsafeMutablePointer<Float16>] // [layers] of [keyCount]
    let values: [UnsafeMutablePointer<Float16>] // [layers] of [valueCount]
    let keyCount: Int, valueCount: Int

    init(layers: Int, keyCount: Int, valueCount: Int) {
        self.keyCount = keyCount
        self.valueCount = valueCount
        keys = (0..<layers).map { _ in Self.zeroed(keyCount) }
        values = (0..<layers).map { _ in Self.zeroed(valueCount) }
    }

    deinit {
        for pointer in keys + values { free(pointer) }
    }

    /// A zeroed allocation of `count` halves (at least one, so the pointer is never null).
    private static func zeroed(_ count: Int) -> UnsafeMutablePointer<Float16> {
        guard let raw = calloc(max(1, count), MemoryLayout<Float16>.stride) else {
            fatalError("KVCache: cannot allocate \(count * 2) bytes")
        }
        return raw.assumingMemoryBound(to: Float16.self)
    }

    /// A storage of the same size holding the first `rows` rows of every layer.
    func copy(rows: Int, keyWidth: Int, valueWidth: Int) -> KVStorage {
        let copy = KVStorage(layers: keys.count, keyCount: keyCount, valueCount: valueCount)
        for layer in keys.indices {
            copy.keys[layer].update(from: keys[layer], count: min(keyCount, rows * keyWidth))
            copy.values[layer].update(from: values[layer], count: min(valueCount, rows * valueWidth))
        }
        return copy
    }
}
