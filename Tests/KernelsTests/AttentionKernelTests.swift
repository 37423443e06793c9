import FMSupport
import Foundation
import Kernels
import TestSupport
import Testing

/// The attention kernel at every level against a double-precision attention over the same
/// half-precision keys and values.
@Suite("attention kernel")
struct AttentionKernelTests {
    struct Shape: Sendable, CustomStringConvertible {
        let group, keyLength, valueLength, kvHeads, positions: Int
        let window: Int?
        var description: String {
            "group \(group) dk \(keyLength) dv \(valueLength) kv \(kvHeads) n \(positions) w \(window.map(String.init) ?? "-")"
        }
    }

    static let shapes: [Shape] = [
        Shape(group: 7, keyLength: 64, valueLength: 64, kvHeads: 2, positions: 37, window: nil), // Qwen2.5-0.5B
        Shape(group: 4, keyLength: 256, valueLength: 256, kvHeads: 1, positions: 20, window: 6), // Gemma 3 270M
        Shape(group: 9, keyLength: 16, valueLength: 24, kvHeads: 3, positions: 5, window: nil), // > 8 heads a pass
        Shape(group: 1, keyLength: 12, valueLength: 20, kvHeads: 2, positions: 9, window: 3), // not 8-aligned: generic
        Shape(group: 2, keyLength: 8, valueLength: 8, kvHeads: 1, positions: 1, window: nil), // one position
    ]

    @Test(arguments: shapes, KernelTest.levels)
    func matchesDoublePrecision(shape: Shape, level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        var rng = SplitMix64(seed: UInt64(shape.keyLength * 31 + shape.group))
        let kWidth = shape.kvHeads * shape.keyLength, vWidth = shape.kvHeads * shape.valueLength
        let keys = (0..<(shape.positions * kWidth)).map { _ in Float16(rng.nextSigned() * 2) }
        let values = (0..<(shape.positions * vWidth)).map { _ in Float16(rng.nextSigned()) }
        let query = (0..<(shape.kvHeads * shape.group * shape.keyLength)).map { _ in rng.nextSigned() }
        let last = shape.positions - 1
        let first = shape.window.map { max(0, last - $0 + 1) } ?? 0
        let scale = 1 / Float(shape.keyLength).squareRoot()
        for g in 0..<shape.kvHeads {
            var out = [Float](repeating: .nan, count: shape.group * shape.valueLength)
            var scores = [Float](repeating: 0, count: shape.group * shape.positions)
            keys.withUnsafeBufferPointer { kb in
                values.withUnsafeBufferPointer { vb in
                    kb.withMemoryRebound(to: UInt16.self) { k in
                        vb.withMemoryRebound(to: UInt16.self) { v in
                            kernels.attend(
                                query: query.withUnsafeBufferPointer { $0.baseAddress! } + g * shape.group * shape.keyLength,
                                keys: k.baseAddress! + g * shape.keyLength, keyStride: kWidth,
                                values: v.baseAddress! + g * shape.valueLength, valueStride: vWidth,
                                positions: first...last, group: shape.group, keyLength: shape.keyLength,
                                valueLength: shape.valueLength, scale: scale, scores: &scores, output: &out)
                        }
                    }
                }
            }
            for h in 0..<shape.group {
                let q = (0..<shape.keyLength).map { Double(query[(g * shape.group + h) * shape.keyLength + $0]) }
                let s = (first...last).map { p in
                    (0..<shape.keyLength).reduce(0.0) { $0 + q[$1] * Double(keys[p * kWidth + g * shape.keyLength + $1]) } * Double(scale)
                }
                let m = s.max()!
                let e = s.map { Foundation.exp($0 - m) }
                let total = e.reduce(0, +)
                for i in 0..<shape.valueLength {
                    let expected = (first...last).enumerated().reduce(0.0) { acc, item in
                        acc + e[item.offset] / total * Double(values[item.element * vWidth + g * shape.valueLength + i])
                    }
                    let actual = Double(out[h * shape.valueLength + i])
                    #expect(abs(actual - expected) <= 1e-5 + 1e-5 * abs(expected), "\(shape) \(level) head \(h) [\(i)]: \(actual) vs \(expected)")
                }
            }
        }
    }

    /// A prefill tile: `rows` query positions from `start`, over a cache already holding `start`.
    struct TileShape: Sendable, CustomStringConvertible {
        let group, keyLength, valueLength, kvHeads, start, rows: Int
        let window: Int?
        var description: String {
            "group \(group) dk \(keyLength) dv \(valueLength) kv \(kvHeads) rows \(start)+\(rows) w \(window.map(String.init) ?? "-")"
        }
    }

    static let tileShapes: [TileShape] = [
        TileShape(group: 7, keyLength: 64, valueLength: 64, kvHeads: 2, start: 0, rows: 4, window: nil), // Qwen2.5-0.5B
        TileShape(group: 7, keyLength: 64, valueLength: 64, kvHeads: 2, start: 45, rows: 3, window: nil), // after a chunk
        TileShape(group: 4, keyLength: 256, valueLength: 256, kvHeads: 1, start: 13, rows: 8, window: 6), // Gemma 3, sliding
        TileShape(group: 4, keyLength: 256, valueLength: 256, kvHeads: 1, start: 30, rows: 8, window: 40), // window > rows
        TileShape(group: 2, keyLength: 32, valueLength: 80, kvHeads: 3, start: 17, rows: 16, window: nil), // dv not 64-aligned
        TileShape(group: 3, keyLength: 12, valueLength: 20, kvHeads: 1, start: 2, rows: 5, window: 3), // not 16-aligned: per row
        TileShape(group: 7, keyLength: 64, valueLength: 64, kvHeads: 2, start: 90, rows: 9, window: nil), // 4 key blocks, 3 queries left
        TileShape(group: 1, keyLength: 128, valueLength: 128, kvHeads: 1, start: 47, rows: 2, window: 33), // 2 queries, 2 dv groups
        TileShape(group: 4, keyLength: 256, valueLength: 256, kvHeads: 1, start: 511, rows: 8, window: nil), // Gemma 3, global, deep
    ]

    /// `attendRows` (online softmax over key blocks) gives each row what a double-precision
    /// attention over that row's positions gives.
    @Test(arguments: tileShapes, KernelTest.levels)
    func tiledRowsMatchDoublePrecision(shape: TileShape, level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        var rng = SplitMix64(seed: UInt64(shape.keyLength * 17 + shape.start))
        let positions = shape.start + shape.rows
        let kWidth = shape.kvHeads * shape.keyLength, vWidth = shape.kvHeads * shape.valueLength
        let qWidth = shape.kvHeads * shape.group * shape.keyLength, oWidth = shape.kvHeads * shape.group * shape.valueLength
        let keys = (0..<(positions * kWidth)).map { _ in Float16(rng.nextSigned() * 2) }
        let values = (0..<(positions * vWidth)).map { _ in Float16(rng.nextSigned()) }
        let query = (0..<(shape.rows * qWidth)).map { _ in rng.nextSigned() * 3 }
        let scale = 1 / Float(shape.keyLength).squareRoot()
        let scratchCount = KernelSet.attendRowsScratchCount(
            rows: shape.rows, group: shape.group, keyLength: shape.keyLength, valueLength: shape.valueLength, positions: positions)
        var out = [Float](repeating: .nan, count: shape.rows * oWidth)
        var scratch = [Float](repeating: .nan, count: scratchCount)
        for g in 0..<shape.kvHeads {
            keys.withUnsafeBufferPointer { kb in
                values.withUnsafeBufferPointer { vb in
                    kb.withMemoryRebound(to: UInt16.self) { k in
                        vb.withMemoryRebound(to: UInt16.self) { v in
                            query.withUnsafeBufferPointer { q in
                                out.withUnsafeMutableBufferPointer { o in
                                    kernels.attendRows(
                                        query: q.baseAddress! + g * shape.group * shape.keyLength, queryStride: qWidth,
                                        keys: k.baseAddress! + g * shape.keyLength, keyStride: kWidth,
                                        values: v.baseAddress! + g * shape.valueLength, valueStride: vWidth,
                                        firstPosition: shape.start, rows: shape.rows, window: shape.window, group: shape.group,
                                        keyLength: shape.keyLength, valueLength: shape.valueLength, scale: scale,
                                        scratch: &scratch, output: o.baseAddress! + g * shape.group * shape.valueLength,
                                        outputStride: oWidth)
                                }
                            }
                        }
                    }
                }
            }
        }
        Self.expectTileMatchesDoublePrecision(
            out, shape: shape, query: query, key: { Double(keys[$0]) }, value: { Double(values[$0]) }, scale: scale,
            label: "\(shape) \(level)")
    }

    /// Checks `out` (the tile's rows, `[rows, kvHeads * group * valueLength]`) against a
    /// double-precision attention of each row over its positions, the cache's elements read by
    /// `key` and `value` (index `p * width + element`), to 1e-5 relative.
    static func expectTileMatchesDoublePrecision(
        _ out: [Float], shape: TileShape, query: [Float], key: (Int) -> Double, value: (Int) -> Double, scale: Float,
        label: String
    ) {
        let kWidth = shape.kvHeads * shape.keyLength, vWidth = shape.kvHeads * shape.valueLength
        let qWidth = shape.kvHeads * shape.group * shape.keyLength, oWidth = shape.kvHeads * shape.group * shape.valueLength
        for r in 0..<shape.rows {
            let last = shape.start + r
            let first = shape.window.map { max(0, last - $0 + 1) } ?? 0
            for g in 0..<shape.kvHeads {
                for h in 0..<shape.group {
                    let qBase = r * qWidth + (g * shape.group + h) * shape.keyLength
                    let s = (first...last).map { p in
                        (0..<shape.keyLength).reduce(0.0) {
                            $0 + Double(query[qBase + $1]) * key(p * kWidth + g * shape.keyLength + $1)
                        } * Double(scale)
                    }
                    let m = s.max()!
                    let e = s.map { Foundation.exp($0 - m) }
                    let total = e.reduce(0, +)
                    for i in 0..<shape.valueLength {
                        let expected = (first...last).enumerated().reduce(0.0) { acc, item in
                            acc + e[item.offset] / total * value(item.element * vWidth + g * shape.valueLength + i)
                        }
                        let actual = Double(out[r * oWidth + (g * shape.group + h) * shape.valueLength + i])
                        #expect(
                            abs(actual - expected) <= 1e-5 + 1e-5 * abs(expected),
                            "\(label) row \(r) head \(g).\(h) [\(i)]: \(actual) vs \(expected)")
                    }
                }
            }
        }
    }

    /// A range attended in parts (`attendPartial` per part, joined by `attendMerge`) gives what
    /// a double-precision attention over the whole range gives, and what `attend` gives.
    @Test(arguments: [shapes[0], shapes[1], shapes[3]], KernelTest.levels)
    func partsJoinToTheWholeRange(shape: Shape, level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        var rng = SplitMix64(seed: UInt64(shape.valueLength * 7 + shape.group))
        let positions = 300
        let kWidth = shape.kvHeads * shape.keyLength, vWidth = shape.kvHeads * shape.valueLength
        let keys = (0..<(positions * kWidth)).map { _ in Float16(rng.nextSigned() * 2) }
        let values = (0..<(positions * vWidth)).map { _ in Float16(rng.nextSigned()) }
        let query = (0..<(shape.group * shape.keyLength)).map { _ in rng.nextSigned() * 3 }
        let scale = 1 / Float(shape.keyLength).squareRoot()
        let bounds = [0, 1, 117, 256, 300] // parts of 1, 116, 139 and 44 positions
        let width = shape.group * (shape.valueLength + 2)
        var slots = [Float](repeating: .nan, count: (bounds.count - 1) * width)
        var scores = [Float](repeating: 0, count: shape.group * positions)
        var joined = [Float](repeating: .nan, count: shape.group * shape.valueLength)
        var whole = joined
        keys.withUnsafeBufferPointer { kb in
            values.withUnsafeBufferPointer { vb in
                kb.withMemoryRebound(to: UInt16.self) { k in
                    vb.withMemoryRebound(to: UInt16.self) { v in
                        slots.withUnsafeMutableBufferPointer { slot in
                            for c in 0..<(bounds.count - 1) {
                                let part = slot.baseAddress! + c * width
                                kernels.attendPartial(
                                    query: query, keys: k.baseAddress!, keyStride: kWidth, values: v.baseAddress!,
                                    valueStride: vWidth, positions: bounds[c]...(bounds[c + 1] - 1), group: shape.group,
                                    keyLength: shape.keyLength, valueLength: shape.valueLength, scale: scale, scores: &scores,
                                    output: part, maxima: part + shape.group * shape.valueLength,
                                    sums: part + shape.group * shape.valueLength + shape.group)
                            }
                        }
                        kernels.attendMerge(
                            parts: bounds.count - 1, group: shape.group, valueLength: shape.valueLength, partials: slots,
                            slotWidth: width, output: &joined)
                        kernels.attend(
                            query: query, keys: k.baseAddress!, keyStride: kWidth, values: v.baseAddress!, valueStride: vWidth,
                            positions: 0...(positions - 1), group: shape.group, keyLength: shape.keyLength,
                            valueLength: shape.valueLength, scale: scale, scores: &scores, output: &whole)
                    }
                }
            }
        }
        for h in 0..<shape.group {
            let s = (0..<positions).map { p in
                (0..<shape.keyLength).reduce(0.0) { $0 + Double(query[h * shape.keyLength + $1]) * Double(keys[p * kWidth + $1]) }
                    * Double(scale)
            }
            let m = s.max()!
            let e = s.map { Foundation.exp($0 - m) }
            let total = e.reduce(0, +)
            for i in 0..<shape.valueLength {
                let expected = (0..<positions).reduce(0.0) { $0 + e[$1] / total * Double(values[$1 * vWidth + i]) }
                for (name, result) in [("parts", joined), ("whole", whole)] {
                    let actual = Double(result[h * shape.valueLength + i])
                    #expect(
                        abs(actual - expected) <= 1e-5 + 1e-5 * abs(expected),
                        "\(shape) \(level) \(name) head \(h) [\(i)]: \(actual) vs \(expected)")
                }
            }
        }
    }

    @Test(arguments: KernelTest.levels)
    func halfConversionRoundsToNearestEven(level: InstructionSet) {
        var rng = SplitMix64(seed: 9)
        var source = (0..<1003).map { _ in rng.nextSigned() * 70_000 }
        source += [0, -0, 1e-8, -6.1e-5, 65_519.99, 65_520, .infinity, -.infinity, 2.000_976_6, 1.000_488_3]
        var bits = [UInt16](repeating: 0, count: source.count)
        source.withUnsafeBufferPointer { src in
            bits.withUnsafeMutableBytes {
                KernelSet(isa: level).storeKVRow(src.baseAddress!, into: $0.baseAddress!, count: source.count, format: .f16)
            }
        }
        for (x, b) in zip(source, bits) {
            #expect(b == Float16(x).bitPattern, "\(level): \(x) -> \(String(b, radix: 16)) vs \(String(Float16(x).bitPattern, radix: 16))")
        }
    }
}
