import GGUF
import TestSupport
import Testing

@testable import Kernels

/// The kernels on real weights: rows of each quantized type of both installed models, every
/// level against the reference dot, and the C dequantizer against the Swift one.
@Suite("kernels on real model weights")
struct RealModelKernelTests {
    static let models = Result { [try GGUFFile(path: TestModels.qwenPath()), try GGUFFile(path: TestModels.gemmaPath())] }

    @Test(arguments: [QuantType.q4_K, .q5_0, .q6_K, .q8_0])
    func realRows(type: QuantType) throws {
        for file in try Self.models.get() {
            let info = try #require(file.tensors.first { $0.type.rawValue == type.rawValue && $0.name != "token_embd.weight" })
            let rows = min(16, info.rowCount), columns = info.rowLength
            try file.withData(for: info) { bytes in
                let w = try QuantizedMatrix(bytes, type: type, rows: rows, columns: columns)
                let x = KernelTest.activations(columns, seed: 77)
                let ref = KernelSet(isa: .reference)
                let xr = QuantizedActivations(type: type, columns: columns, kernels: ref)
                x.withUnsafeBufferPointer { xr.quantize($0) }
                let values = xr.dequantize()
                for level in KernelTest.fastLevels {
                    let kernels = KernelSet(isa: level)
                    let xq = QuantizedActivations(type: type, columns: columns, kernels: kernels)
                    x.withUnsafeBufferPointer { xq.quantize($0) }
                    var y = [Float](repeating: .nan, count: rows)
                    y.withUnsafeMutableBufferPointer { kernels.matVec(w, xq, into: $0) }
                    for r in 0..<rows {
                        let row = Array(UnsafeRawBufferPointer(start: w.row(r), count: w.rowBytes))
                        let magnitude = try DotTolerance.magnitude(type: type, row: row, x: values, columns: columns)
                        let bound = DotTolerance.bound(type: type, columns: columns, magnitude: magnitude)
                        let expected = Double(ref.dot(w, row: r, xr))
                        #expect(abs(Double(y[r]) - expected) <= bound, "\(info.name) row \(r) at \(level)")
                    }
                }
                // C and Swift reference dequantization agree on real rows too
                var c = [Float](repeating: .nan, count: columns)
                for r in 0..<rows {
                    c.withUnsafeMutableBufferPointer { ref.dequantize(w, row: r, into: $0) }
                    let swift = try ReferenceDequantizer.dequantize(
                        UnsafeRawBufferPointer(start: w.row(r), count: w.rowBytes),
                        type: type, count: columns)
                    #expect(c.map(\.bitPattern) == swift.map(\.bitPattern), "\(info.name) row \(r)")
                }
            }
        }
    }
}
