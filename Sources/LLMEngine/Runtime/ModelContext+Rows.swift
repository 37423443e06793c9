import Kernels

/// How a context's cache stores one position: what a saved prefix must match to be loaded.
public struct KVRowLayout: Hashable, Sendable, CustomStringConvertible {
    /// The rows' element type.
    public var format: KVFormat
    /// Bytes of one key row (one position of one layer), per layer (cache slot).
    public var keyRowBytes: [Int]
    /// Bytes of one value row, per layer.
    public var valueRowBytes: [Int]
    /// Bytes of the recurrent layers' states (f32), 0 for a model of attention layers only:
    /// a saved prefix carries them as they were after its last position.
    public var stateBytes: Int = 0

    /// Layers (cache slots).
    public var layers: Int { keyRowBytes.count }

    /// Bytes of one position, every layer's key and value rows.
    public var positionBytes: Int { keyRowBytes.reduce(0, +) + valueRowBytes.reduce(0, +) }

    /// Bytes of `count` positions, every layer's keys and values.
    public func byteCount(positions count: Int) -> Int { count * positionBytes }

    /// `"24 layers, f16, 256+256 bytes per position"` (layers of one width), else
    /// `"15 layers, f16, 10240 bytes per position"`.
    public var description: String {
        let state = stateBytes > 0 ? ", \(stateBytes) bytes of recurrent state" : ""
        if Set(keyRowBytes).count <= 1, Set(valueRowBytes).count <= 1 {
            return "\(layers) layers, \(format.rawValue), \(keyRowBytes.first ?? 0)+\(valueRowBytes.first ?? 0) bytes per position\(state)"
        }
        return "\(layers) layers, \(format.rawValue), \(positionBytes) bytes per position\(state)"
    }
}

extension ModelContext {
    /// How this context's cache stores a position.
    public var rowLayout: KVRowLayout {
        state.withLock { s in
            KVRowLayout(
                format: s.cache.format, keyRowBytes: s.cache.keyRowBytes, valueRowBytes: s.cache.valueRowBytes,
                stateBytes: s.cache.states.totalWidth * MemoryLayout<Float>.size)
        }
    }

    /// Calls `body` with the first `count` tokens held and, for each layer in turn, their key
    /// rows (`[count][keyRowBytes[layer]]`) and value rows (`[count][valueRowBytes[layer]]`) as they are
    /// stored, so that a prefix can be written somewhere and `load`ed into another context of
    /// the same model and layout later, with the recurrent layers' states after them
    /// (`[rowLayout.stateBytes]`, empty for a model without). The context is locked for the
    /// call: `body` must not call the context (read `rowLayout` before).
    ///
    /// `count` is clamped to the positions held, and for a model with recurrent layers to the
    /// latest position at or before it whose states are kept (`KVCache.restorable(atMost:)`).
    public func withHeldRows<R: Sendable>(
        count: Int,
        _ body: (
            _ tokens: ArraySlice<Int>, _ states: UnsafeRawBufferPointer,
            _ layer: (Int) -> (keys: UnsafeRawBufferPointer, values: UnsafeRawBufferPointer)
        ) throws -> R
    ) throws -> R {
        try state.withLock { s in
            let n = s.cache.restorable(atMost: count)
            let cache = s.cache, tokens = s.tokens[..<n]
            let states = cache.states.states(after: n) ?? []
            func rows(_ layer: Int) -> (keys: UnsafeRawBufferPointer, values: UnsafeRawBufferPointer) {
                cache.withLayer(layer) { (keys: UnsafeRawPointer, values: UnsafeRawPointer) in
                    (
                        UnsafeRawBufferPointer(start: keys, count: n * cache.keyRowBytes[layer]),
                        UnsafeRawBufferPointer(start: values, count: n * cache.valueRowBytes[layer])
                    )
                }
            }
            return try states.withUnsafeBytes { try body(tokens, $0, rows) }
        }
    }

    /// Makes the context hold exactly `tokens`, their keys and values written by `fill` for
    /// each layer in turn into `[tokens.count][keyRowBytes[layer]]` and `[tokens.count][valueRowBytes[layer]]`
    /// (the rows `withHeldRows` gave, in this context's `rowLayout`), and the recurrent layers'
    /// states after them by `fillStates` into `[rowLayout.stateBytes]` (not called for a model
    /// without recurrent layers).
    ///
    /// When `fill` or `fillStates` throws, the context is left empty and the error is rethrown;
    /// tokens outside the vocabulary or more positions than the capacity throw
    /// `GenerationFailure` before anything changes.
    public func load(
        tokens: [Int],
        fillStates: (_ states: UnsafeMutableRawBufferPointer) throws -> Void = { _ in },
        fill: (_ layer: Int, _ keys: UnsafeMutableRawBufferPointer, _ values: UnsafeMutableRawBufferPointer) throws -> Void
    ) throws {
        guard tokens.count <= capacity else { throw GenerationFailure.exceedsContext(tokens: tokens.count, used: 0, capacity: capacity) }
        let vocabulary = model.hyperparameters.vocabularySize
        if let bad = tokens.first(where: { !(0..<vocabulary).contains($0) }) {
            throw GenerationFailure.tokenOutOfRange(bad, vocabularySize: vocabulary)
        }
        try state.withLock { s in
            s.rewind(to: 0)
            let n = tokens.count, keyBytes = s.cache.keyRowBytes, valueBytes = s.cache.valueRowBytes
            do {
                for layer in 0..<s.cache.layerCount {
                    // The rows stay where they are while the lock is held (no other copy writes).
                    let (keys, values) = s.cache.withMutableLayer(layer) { ($0, $1) }
                    try fill(
                        layer, UnsafeMutableRawBufferPointer(start: keys, count: n * keyBytes[layer]),
                        UnsafeMutableRawBufferPointer(start: values, count: n * valueBytes[layer]))
                }
                if !s.cache.states.isEmpty {
                    var states = [Float](repeating: 0, count: s.cache.states.totalWidth)
                    try states.withUnsafeMutableBytes { try fillStates($0) }
                    s.cache.states.load(states, after: n)
                }
            } catch {
                s.rewind(to: 0)
                throw error
            }
            s.cache.commit(upTo: n)
            s.tokens = tokens
        }
    }
}
