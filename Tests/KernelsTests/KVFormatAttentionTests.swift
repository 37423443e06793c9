import FMSupport
import Foundation
import Kernels
import TestSupport
import Testing

/// Attention over an 8-bit (`q8_0`) KV cache at every level: rows stored by `storeKVRow`, read
/// back here from their bytes (scale `d` times int8 `q`), and a double-precision attention over
/// those dequantized values is what the decode (`attend`, `attendPartial`) and prefill
/// (`attendRows`) kernels must give.
@Suite("attention over a q8_0 cache")
struct KVFormatAttentionTests {
    typealias Shape = AttentionKernelTests.TileShape

    static let shapes: [Shape] = [
        Shape(group: 7, keyLength: 64, valueLength: 64, kvHeads: 2, start: 70, rows: 9, window: nil), // Qwen2.5-0.5B
        Shape(group: 4, keyLength: 256, valueLength: 256, kvHeads: 1, start: 40, rows: 5, window: 24), // Gemma 3, sliding
        Shape(group: 2, keyLength: 32, valueLength: 96, kvHeads: 3, start: 3, rows: 2, window: nil),
    ]

    /// A q8_0 cache of `positions` rows of `width` random elements, and the values it holds.
    static func cache(positions: Int, width: Int, scale: Float, rng: inout SplitMix64, kernels: KernelSet) -> (bytes: [UInt8], values: [Double]) {
        let rowBytes = KVFormat.q8_0.rowBytes(elements: width)
        #expect(rowBytes == width / 32 * 34)
        var bytes = [UInt8](repeating: 0, count: positions * rowBytes)
        for p in 0..<positions {
            let row = (0..<width).map { _ in rng.nextSigned() * scale }
            row.withUnsafeBufferPointer { src in
                bytes.withUnsafeMutableBytes { dst in
                    kernels.storeKVRow(src.baseAddress!, into: dst.baseAddress! + p * rowBytes, count: width, format: .q8_0)
                }
            }
        }
        var values = [Double](repeating: 0, count: positions * width)
        for p in 0..<positions {
            for i in 0..<width {
                let block = p * rowBytes + (i / 32) * 34
                let d = Float16(bitPattern: UInt16(bytes[block]) | UInt16(bytes[block + 1]) << 8)
                values[p * width + i] = Double(d) * Double(Int8(bitPattern: bytes[block + 2 + i % 32]))
            }
        }
        return (bytes, values)
    }

    @Test(arguments: shapes, KernelTest.levels)
    func decodeAndPrefillMatchDoublePrecision(shape: Shape, level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        var rng = SplitMix64(seed: UInt64(shape.keyLength * 31 + shape.start))
        let positions = shape.start + shape.rows
        let kWidth = shape.kvHeads * shape.keyLength, vWidth = shape.kvHeads * shape.valueLength
        let qWidth = shape.kvHeads * shape.group * shape.keyLength, oWidth = shape.kvHeads * shape.group * shape.valueLength
        let (keyBytes, keys) = Self.cache(positions: positions, width: kWidth, scale: 2, rng: &rng, kernels: kernels)
        let (valueBytes, values) = Self.cache(positions: positions, width: vWidth, scale: 1, rng: &rng, kernels: kernels)
        let query = (0..<(shape.rows * qWidth)).map { _ in rng.nextSigned() * 3 }
        let scale = 1 / Float(shape.keyLength).squareRoot()
        let format = KVFormat.q8_0
        let kRow = format.rowBytes(elements: kWidth), vRow = format.rowBytes(elements: vWidth)
        var tiled = [Float](repeating: .nan, count: shape.rows * oWidth)
        var single = [Float](repeating: .nan, count: shape.rows * oWidth)
        var scratch = [Float](
            repeating: .nan,
            count: KernelSet.attendRowsScratchCount(
                rows: shape.rows, group: shape.group, keyLength: shape.keyLength, valueLength: shape.valueLength, positions: positions))
        keyBytes.withUnsafeBytes { k in
            valueBytes.withUnsafeBytes { v in
                query.withUnsafeBufferPointer { q in
                    for g in 0..<shape.kvHeads {
                        let kHead = k.baseAddress! + format.rowBytes(elements: g * shape.keyLength)
                        let vHead = v.baseAddress! + format.rowBytes(elements: g * shape.valueLength)
                        tiled.withUnsafeMutableBufferPointer { o in
                            kernels.attendRows(
                                query: q.baseAddress! + g * shape.group * shape.keyLength, queryStride: qWidth, keys: kHead,
                                keyStride: kRow, values: vHead, valueStride: vRow, format: format, firstPosition: shape.start,
                                rows: shape.rows, window: shape.window, group: shape.group, keyLength: shape.keyLength,
                                valueLength: shape.valueLength, scale: scale, scratch: &scratch,
                                output: o.baseAddress! + g * shape.group * shape.valueLength, outputStride: oWidth)
                        }
                        for r in 0..<shape.rows {
                            let last = shape.start + r, first = shape.window.map { max(0, last - $0 + 1) } ?? 0
                            single.withUnsafeMutableBufferPointer { o in
                                kernels.attend(
                                    query: q.baseAddress! + r * qWidth + g * shape.group * shape.keyLength, keys: kHead,
                                    keyStride: kRow, values: vHead, valueStride: vRow, format: format, positions: first...last,
                                    group: shape.group, keyLength: shape.keyLength, valueLength: shape.valueLength, scale: scale,
                                    scores: &scratch, output: o.baseAddress! + r * oWidth + g * shape.group * shape.valueLength)
                            }
                        }
                    }
                }
            }
        }
        for (out, kind) in [(tiled, "tiled"), (single, "single")] {
            AttentionKernelTests.expectTileMatchesDoublePrecision(
                out, shape: shape, query: query, key: { keys[$0] }, value: { values[$0] }, scale: scale,
                label: "\(shape) \(level) \(kind)")
        }
    }

    /// Quantized rows: `d` is the block's largest magnitude over 127 (rounded to f16), and every
    /// element is within half a step of its float, plus what rounding `d` to f16 moved the step
    /// by over 127 steps (`q` is rounded with the exact scale, then stored beside the f16 one).
    @Test func storedRowsRoundToTheBlockScale() {
        let kernels = KernelSet.default
        var rng = SplitMix64(seed: 5)
        let row = (0..<128).map { _ in rng.nextSigned() * 7 }
        var bytes = [UInt8](repeating: 0, count: KVFormat.q8_0.rowBytes(elements: 128))
        row.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBytes { kernels.storeKVRow(src.baseAddress!, into: $0.baseAddress!, count: 128, format: .q8_0) }
        }
        for b in 0..<4 {
            let d = Float(Float16(bitPattern: UInt16(bytes[b * 34]) | UInt16(bytes[b * 34 + 1]) << 8))
            let largest = row[(b * 32)..<(b * 32 + 32)].map(abs).max()!
            #expect(abs(d - largest / 127) <= largest / 127 * 1e-3)
            for i in 0..<32 {
                let x = row[b * 32 + i], q = Float(Int8(bitPattern: bytes[b * 34 + 2 + i]))
                let exact = largest / 127
                #expect(abs(d * q - x) <= exact / 2 + 127 * abs(d - exact) + 1e-6, "element \(b * 32 + i): \(d * q) for \(x)")
            }
        }
    }
}
