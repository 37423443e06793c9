import Foundation
import Kernels

/// Keys and values of every processed position, as IEEE halves or as 8-bit `q8_0` blocks
/// (`KVFormat`; llama.cpp's `--cache-type-k/-v q8_0`, about half the memory).
///
/// Layout, per slot (a layer that stores keys and values; Gemma 4's shared-KV layers read an
/// earlier layer's slot and have none): keys are `[capacity]` rows of `keyWidths[slot]`
/// elements and values `[capacity]` rows of `valueWidths[slot]`, row `p` holding position `p`,
/// each row `format.rowBytes(elements:)` bytes (a head's elements start on a block boundary).
/// Slots may differ in width (Gemma 4's global layers have wider heads than its sliding ones).
/// The cache holds positions `0..<count`; `truncate(to:)` forgets the tail in O(1), which is
/// how prefix reuse (keep the common prefix of the previous turn) and constrained-decoding
/// backtracking rewind it.
///
/// The rows are allocated zeroed but not touched (`calloc`: the system maps zero pages on
/// first write), so a context of 32,768 positions takes memory for the positions it has held,
/// not for its capacity: `residentByteCount` after a short chat is a few megabytes, not the
/// 400 MB `byteCount` of Qwen2.5-0.5B's full f16 context. Copies share the rows until one of
/// them writes (copy on write, as an array would).
///
/// A model with recurrent layers (LFM2) keeps their states beside the rows (`states`): those
/// cannot forget a tail, so `truncate(to:)` goes back to the latest position at or before the
/// one asked for where the states were kept (`RecurrentStates`), and `count` says where.
public struct KVCache: Sendable {
    /// Positions the cache can hold.
    public let capacity: Int
    /// Slots (the layers that store keys and values).
    public let layerCount: Int
    /// Width of one key row of each slot (`kvHeads * keyLength`), `[layerCount]`.
    public let keyWidths: [Int]
    /// Width of one value row of each slot (`kvHeads * valueLength`), `[layerCount]`.
    public let valueWidths: [Int]
    /// How the rows are stored.
    public let format: KVFormat
    /// Bytes of one key row of each slot.
    public let keyRowBytes: [Int]
    /// Bytes of one value row of each slot.
    public let valueRowBytes: [Int]
    /// Bytes of one position over every slot, keys and values.
    public let positionBytes: Int
    /// Positions currently held.
    public private(set) var count = 0
    /// The most positions held at once so far (the rows written, hence mapped).
    public private(set) var highWater = 0

    /// The states of the recurrent layers (none for a model of attention layers only); they
    /// describe the same `count` positions as the rows.
    public internal(set) var states: RecurrentStates

    private var storage: KVStorage

    /// Allocates a cache for `capacity` positions in `format` with one slot per element of
    /// `slots` (its key and value row widths, whole blocks of `format`), and a recurrent state
    /// of `stateWidths[i]` floats for each recurrent layer.
    public init(slots: [(key: Int, value: Int)], stateWidths: [Int] = [], capacity: Int, format: KVFormat = .f16) {
        precondition(slots.allSatisfy { $0.key % format.blockElements == 0 && $0.value % format.blockElements == 0 })
        self.capacity = capacity
        layerCount = slots.count
        keyWidths = slots.map(\.key)
        valueWidths = slots.map(\.value)
        self.format = format
        keyRowBytes = keyWidths.map { format.rowBytes(elements: $0) }
        valueRowBytes = valueWidths.map { format.rowBytes(elements: $0) }
        positionBytes = zip(keyRowBytes, valueRowBytes).reduce(0) { $0 + $1.0 + $1.1 }
        storage = KVStorage(keyBytes: keyRowBytes.map { capacity * $0 }, valueBytes: valueRowBytes.map { capacity * $0 })
        states = RecurrentStates(widths: stateWidths)
    }

    /// Allocates a cache of `layers` slots of the same widths.
    public init(layers: Int, capacity: Int, keyWidth: Int, valueWidth: Int, format: KVFormat = .f16) {
        self.init(slots: Array(repeating: (keyWidth, valueWidth), count: layers), capacity: capacity, format: format)
    }

    /// Bytes the cache can hold (its capacity).
    public var byteCount: Int { capacity * positionBytes }

    /// Bytes of the rows written so far (`highWater` positions) and of the recurrent states
    /// with their snapshots: what the cache adds to the process's resident memory, to the page.
    public var residentByteCount: Int { highWater * positionBytes + states.byteCount }

    /// Stores the key and value rows of `position` in slot `layer` (`position <= count`).
    public mutating func store(
        layer: Int, position: Int, key: UnsafeBufferPointer<Float>,
        value: UnsafeBufferPointer<Float>
    ) {
        precondition(position < capacity && key.count == keyWidths[layer] && value.count == valueWidths[layer])
        let kernels = KernelSet.default, format = format
        let keyOffset = position * keyRowBytes[layer], valueOffset = position * valueRowBytes[layer]
        withMutableLayer(layer) { (keys: UnsafeMutableRawPointer, values: UnsafeMutableRawPointer) in
            kernels.storeKVRow(key.baseAddress!, into: keys + keyOffset, count: key.count, format: format)
            kernels.storeKVRow(value.baseAddress!, into: values + valueOffset, count: value.count, format: format)
        }
    }

    /// Marks positions `0..<newCount` as held (after storing them in every slot).
    public mutating func commit(upTo newCount: Int) {
        precondition(newCount <= capacity)
        count = newCount
        highWater = max(highWater, newCount)
        if !states.isEmpty { states.commit(upTo: newCount) }
    }

    /// Forgets every position from `newCount` on; with recurrent layers, from the latest
    /// position at or before it that their states can return to (`restorable(atMost:)`).
    public mutating func truncate(to newCount: Int) {
        let target = min(count, max(0, newCount))
        count = states.isEmpty || target == count ? target : states.rewind(to: target)
    }

    /// The latest position at or before `limit` (and at most `count`) that `truncate(to:)`
    /// returns to exactly: `limit` itself for a model of attention layers only.
    public func restorable(atMost limit: Int) -> Int {
        let limit = min(count, max(0, limit))
        return states.isEmpty ? limit : states.restorable(atMost: limit)
    }

    /// Asks the passes that reach `positions` to keep the recurrent states after them, so that
    /// `truncate(to:)` can return there (nothing to do for a model without recurrent layers).
    public mutating func keepStates(at positions: [Int]) {
        states.keep(at: positions)
    }

    /// Reads the keys and values of slot `layer` (an f16 cache) as `[capacity * keyWidth]` and
    /// `[capacity * valueWidth]` halves.
    public func withLayer<R>(_ layer: Int, _ body: (UnsafeBufferPointer<Float16>, UnsafeBufferPointer<Float16>) -> R) -> R {
        precondition(format == .f16, "withLayer: the cache's rows are \(format), not halves")
        return body(
            UnsafeBufferPointer(start: storage.keys[layer].assumingMemoryBound(to: Float16.self), count: capacity * keyWidths[layer]),
            UnsafeBufferPointer(start: storage.values[layer].assumingMemoryBound(to: Float16.self), count: capacity * valueWidths[layer]))
    }

    /// The keys and values of slot `layer` as raw rows (`keyRowBytes[layer]`,
    /// `valueRowBytes[layer]` apart), for the kernels.
    func withLayer<R>(_ layer: Int, _ body: (UnsafeRawPointer, UnsafeRawPointer) -> R) -> R {
        body(UnsafeRawPointer(storage.keys[layer]), UnsafeRawPointer(storage.values[layer]))
    }

    /// Writable raw rows of slot `layer`, for storing new positions (then `commit(upTo:)`).
    mutating func withMutableLayer<R>(_ layer: Int, _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> R) -> R {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(positions: highWater, keyRowBytes: keyRowBytes, valueRowBytes: valueRowBytes)
        }
        return body(storage.keys[layer], storage.values[layer])
    }
}

/// The rows of a `KVCache`: one zeroed allocation per slot for keys and one for values, which
/// the system maps as they are first written.
private final class KVStorage: @unchecked Sendable {
    // Written only through a uniquely referenced KVCache (copy on write), read otherwise.
    let keys: [UnsafeMutableRawPointer] // [slots] of keyBytes[slot]
    let values: [UnsafeMutableRawPointer] // [slots] of valueBytes[slot]
    let keyBytes: [Int], valueBytes: [Int]

    init(keyBytes: [Int], valueBytes: [Int]) {
        self.keyBytes = keyBytes
        self.valueBytes = valueBytes
        keys = keyBytes.map { Self.zeroed($0) }
        values = valueBytes.map { Self.zeroed($0) }
    }

    deinit {
        for pointer in keys + values { free(pointer) }
    }

    /// A zeroed allocation of `count` bytes (at least 64, so the pointer is never null).
    private static func zeroed(_ count: Int) -> UnsafeMutableRawPointer {
        guard let raw = calloc(max(64, count), 1) else { fatalError("KVCache: cannot allocate \(count) bytes") }
        return raw
    }

    /// A storage of the same sizes holding the first `positions` rows of every slot.
    func copy(positions: Int, keyRowBytes: [Int], valueRowBytes: [Int]) -> KVStorage {
        let copy = KVStorage(keyBytes: keyBytes, valueBytes: valueBytes)
        for slot in keys.indices {
            copy.keys[slot].copyMemory(from: keys[slot], byteCount: min(keyBytes[slot], positions * keyRowBytes[slot]))
            copy.values[slot].copyMemory(from: values[slot], byteCount: min(valueBytes[slot], positions * valueRowBytes[slot]))
        }
        return copy
    }
}
