import Foundation
import Kernels

/// Keys and values of every processed position, as IEEE halves or as 8-bit `q8_0` blocks
/// (`KVFormat`; llama.cpp's `--cache-type-k/-v q8_0`, about half the memory).
///
/// Layout, per layer: keys are `[capacity]` rows of `kvHeads * keyLength` elements and values
/// `[capacity]` rows of `kvHeads * valueLength`, row `p` holding position `p`, each row
/// `format.rowBytes(elements:)` bytes (a head's elements start on a block boundary). The cache
/// holds positions `0..<count`; `truncate(to:)` forgets the tail in O(1), which is how prefix
/// reuse (keep the common prefix of the previous turn) and constrained-decoding backtracking
/// rewind it.
///
/// The rows are allocated zeroed but not touched (`calloc`: the system maps zero pages on
/// first write), so a context of 32,768 positions takes memory for the positions it has held,
/// not for its capacity: `residentByteCount` after a short chat is a few megabytes, not the
/// 400 MB `byteCount` of Qwen2.5-0.5B's full f16 context. Copies share the rows until one of
/// them writes (copy on write, as an array would).
public struct KVCache: Sendable {
    /// Positions the cache can hold.
    public let capacity: Int
    /// Layers.
    public let layerCount: Int
    /// Width of one key row (`kvHeads * keyLength`).
    public let keyWidth: Int
    /// Width of one value row (`kvHeads * valueLength`).
    public let valueWidth: Int
    /// How the rows are stored.
    public let format: KVFormat
    /// Bytes of one key row.
    public let keyRowBytes: Int
    /// Bytes of one value row.
    public let valueRowBytes: Int
    /// Positions currently held.
    public private(set) var count = 0
    /// The most positions held at once so far (the rows written, hence mapped).
    public private(set) var highWater = 0

    private var storage: KVStorage

    /// Allocates a cache for `capacity` positions in `format` (the widths whole blocks of it).
    public init(layers: Int, capacity: Int, keyWidth: Int, valueWidth: Int, format: KVFormat = .f16) {
        precondition(keyWidth % format.blockElements == 0 && valueWidth % format.blockElements == 0)
        self.capacity = capacity
        self.layerCount = layers
        self.keyWidth = keyWidth
        self.valueWidth = valueWidth
        self.format = format
        keyRowBytes = format.rowBytes(elements: keyWidth)
        valueRowBytes = format.rowBytes(elements: valueWidth)
        storage = KVStorage(layers: layers, keyBytes: capacity * keyRowBytes, valueBytes: capacity * valueRowBytes)
    }

    /// Bytes the cache can hold (its capacity).
    public var byteCount: Int { layerCount * capacity * (keyRowBytes + valueRowBytes) }

    /// Bytes of the rows written so far (`highWater` positions): what the cache adds to the
    /// process's resident memory, to the page.
    public var residentByteCount: Int { layerCount * highWater * (keyRowBytes + valueRowBytes) }

    /// Stores the key and value rows of `position` in `layer` (`position <= count`).
    public mutating func store(
        layer: Int, position: Int, key: UnsafeBufferPointer<Float>,
        value: UnsafeBufferPointer<Float>
    ) {
        precondition(position < capacity && key.count == keyWidth && value.count == valueWidth)
        let kernels = KernelSet.default, format = format
        let keyOffset = position * keyRowBytes, valueOffset = position * valueRowBytes
        withMutableLayer(layer) { (keys: UnsafeMutableRawPointer, values: UnsafeMutableRawPointer) in
            kernels.storeKVRow(key.baseAddress!, into: keys + keyOffset, count: key.count, format: format)
            kernels.storeKVRow(value.baseAddress!, into: values + valueOffset, count: value.count, format: format)
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

    /// Reads the keys and values of `layer` (an f16 cache) as `[capacity * keyWidth]` and
    /// `[capacity * valueWidth]` halves.
    public func withLayer<R>(_ layer: Int, _ body: (UnsafeBufferPointer<Float16>, UnsafeBufferPointer<Float16>) -> R) -> R {
        precondition(format == .f16, "withLayer: the cache's rows are \(format), not halves")
        return body(
            UnsafeBufferPointer(start: storage.keys[layer].assumingMemoryBound(to: Float16.self), count: capacity * keyWidth),
            UnsafeBufferPointer(start: storage.values[layer].assumingMemoryBound(to: Float16.self), count: capacity * valueWidth))
    }

    /// The keys and values of `layer` as raw rows (`keyRowBytes`, `valueRowBytes` apart), for
    /// the kernels.
    func withLayer<R>(_ layer: Int, _ body: (UnsafeRawPointer, UnsafeRawPointer) -> R) -> R {
        body(UnsafeRawPointer(storage.keys[layer]), UnsafeRawPointer(storage.values[layer]))
    }

    /// Writable raw rows of `layer`, for storing new positions (then `commit(upTo:)`).
    mutating func withMutableLayer<R>(_ layer: Int, _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> R) -> R {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(keyBytes: highWater * keyRowBytes, valueBytes: highWater * valueRowBytes)
        }
        return body(storage.keys[layer], storage.values[layer])
    }
}

/// The rows of a `KVCache`: one zeroed allocation per layer for keys and one for values, which
/// the system maps as they are first written.
private final class KVStorage: @unchecked Sendable {
    // Written only through a uniquely referenced KVCache (copy on write), read otherwise.
    let keys: [UnsafeMutableRawPointer] // [layers] of keyBytes
    let values: [UnsafeMutableRawPointer] // [layers] of valueBytes
    let keyBytes: Int, valueBytes: Int

    init(layers: Int, keyBytes: Int, valueBytes: Int) {
        self.keyBytes = keyBytes
        self.valueBytes = valueBytes
        keys = (0..<layers).map { _ in Self.zeroed(keyBytes) }
        values = (0..<layers).map { _ in Self.zeroed(valueBytes) }
    }

    deinit {
        for pointer in keys + values { free(pointer) }
    }

    /// A zeroed allocation of `count` bytes (at least 64, so the pointer is never null).
    private static func zeroed(_ count: Int) -> UnsafeMutableRawPointer {
        guard let raw = calloc(max(64, count), 1) else { fatalError("KVCache: cannot allocate \(count) bytes") }
        return raw
    }

    /// A storage of the same size holding the first `keyBytes`/`valueBytes` of every layer.
    func copy(keyBytes used: Int, valueBytes usedValues: Int) -> KVStorage {
        let copy = KVStorage(layers: keys.count, keyBytes: keyBytes, valueBytes: valueBytes)
        for layer in keys.indices {
            copy.keys[layer].copyMemory(from: keys[layer], byteCount: min(keyBytes, used))
            copy.values[layer].copyMemory(from: values[layer], byteCount: min(valueBytes, usedValues))
        }
        return copy
    }
}
