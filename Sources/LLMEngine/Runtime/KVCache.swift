/// Keys and values of every processed position, stored as `Float16` to halve memory traffic.
///
/// Layout, per layer: `keys[layer]` is `[capacity, kvHeads * keyLength]` and `values[layer]` is
/// `[capacity, kvHeads * valueLength]`, row `p` holding position `p`. The cache holds positions
/// `0..<count`; `truncate(to:)` forgets the tail in O(1), which is how prefix reuse (keep the
/// common prefix of the previous turn) and constrained-decoding backtracking rewind it.
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

    private var keys: [[Float16]] // [layers][capacity * keyWidth]
    private var values: [[Float16]] // [layers][capacity * valueWidth]

    /// Allocates a cache for `capacity` positions.
    public init(layers: Int, capacity: Int, keyWidth: Int, valueWidth: Int) {
        self.capacity = capacity
        self.layerCount = layers
        self.keyWidth = keyWidth
        self.valueWidth = valueWidth
        keys = Array(repeating: [Float16](repeating: 0, count: capacity * keyWidth), count: layers)
        values = Array(repeating: [Float16](repeating: 0, count: capacity * valueWidth), count: layers)
    }

    /// Bytes held by the cache.
    public var byteCount: Int { layerCount * capacity * (keyWidth + valueWidth) * 2 }

    /// Stores the key and value rows of `position` in `layer` (`position <= count`).
    public mutating func store(
        layer: Int, position: Int, key: UnsafeBufferPointer<Float>,
        value: UnsafeBufferPointer<Float>
    ) {
        precondition(position < capacity && key.count == keyWidth && value.count == valueWidth)
        keys[layer].withUnsafeMutableBufferPointer { k in
            for i in 0..<keyWidth { k[position * keyWidth + i] = Float16(key[i]) }
        }
        values[layer].withUnsafeMutableBufferPointer { v in
            for i in 0..<valueWidth { v[position * valueWidth + i] = Float16(value[i]) }
        }
    }

    /// Marks positions `0..<newCount` as held (after storing them in every layer).
    public mutating func commit(upTo newCount: Int) {
        precondition(newCount <= capacity)
        count = newCount
    }

    /// Forgets every position from `newCount` on.
    public mutating func truncate(to newCount: Int) {
        count = min(count, max(0, newCount))
    }

    /// Reads the keys and values of `layer` for positions `0..<upTo`.
    public func withLayer<R>(_ layer: Int, _ body: (UnsafeBufferPointer<Float16>, UnsafeBufferPointer<Float16>) -> R) -> R {
        keys[layer].withUnsafeBufferPointer { k in values[layer].withUnsafeBufferPointer { v in body(k, v) } }
    }

    /// The keys and values of `layer` as raw IEEE half bits (`[capacity, keyWidth]` and
    /// `[capacity, valueWidth]`), for the kernels.
    func withLayer<R>(_ layer: Int, _ body: (UnsafePointer<UInt16>, UnsafePointer<UInt16>) -> R) -> R {
        withLayer(layer) { (k: UnsafeBufferPointer<Float16>, v: UnsafeBufferPointer<Float16>) in
            k.withMemoryRebound(to: UInt16.self) { kb in
                v.withMemoryRebound(to: UInt16.self) { vb in
                    body(kb.baseAddress!, vb.baseAddress!)
                }
            }
        }
    }

    /// Writable keys and values of `layer` as raw IEEE half bits, for storing new positions
    /// (then `commit(upTo:)`).
    mutating func withMutableLayer<R>(_ layer: Int, _ body: (UnsafeMutablePointer<UInt16>, UnsafeMutablePointer<UInt16>) -> R) -> R {
        keys[layer].withUnsafeMutableBufferPointer { k in
            values[layer].withUnsafeMutableBufferPointer { v in
                k.withMemoryRebound(to: UInt16.self) { kb in
                    v.withMemoryRebound(to: UInt16.self) { vb in
                        body(kb.baseAddress!, vb.baseAddress!)
                    }
                }
            }
        }
    }
}
