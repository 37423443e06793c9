import CKernels
import Testing

@testable import Kernels

/// Every dot-product variant against the reference, on random well-formed weights.
@Suite("dot products")
struct DotProductTests {
    /// Each type at each level this CPU runs: within `DotTolerance` of the reference dot of
    /// the same quantized activations, for several row lengths.
    @Test(arguments: QuantType.allCases, KernelTest.fastLevels)
    func matchesReference(type: QuantType, level: InstructionSet) throws {
        let fast = KernelSet(isa: level), ref = KernelSet(isa: .reference)
        for (index, columns) in KernelTest.columns(for: type).enumerated() {
            let rows = 3
            let bytes = KernelTest.weights(type, rows: rows, columns: columns, seed: UInt64(100 + index))
            let x = KernelTest.activations(columns, seed: UInt64(200 + index))
            try bytes.withUnsafeBytes { raw in
                let w = try QuantizedMatrix(raw, type: type, rows: rows, columns: columns)
                let xf = QuantizedActivations(type: type, columns: columns, kernels: fast)
                let xr = QuantizedActivations(type: type, columns: columns, kernels: ref)
                x.withUnsafeBufferPointer {
                    xf.quantize($0); xr.quantize($0)
                }
                let values = xr.dequantize()
                for r in 0..<rows {
                    let expected = Double(ref.dot(w, row: r, xr))
                    let actual = Double(fast.dot(w, row: r, xf))
                    let rowBytes = Array(raw[(r * w.rowStride)..<(r * w.rowStride + w.rowBytes)])
                    let magnitude = try DotTolerance.magnitude(type: type, row: rowBytes, x: values, columns: columns)
                    let bound = DotTolerance.bound(type: type, columns: columns, magnitude: magnitude)
                    #expect(
                        abs(actual - expected) <= bound,
                        "\(type) \(level) n=\(columns) row \(r): \(actual) vs \(expected), bound \(bound)")
                }
            }
        }
    }

    /// The reference itself: its dot equals the double-precision dot of the Swift reference
    /// dequantization of both operands (to one float rounding).
    @Test(arguments: QuantType.allCases)
    func referenceIsTheDotOfTheDequantizedRows(type: QuantType) throws {
        let columns = type.blockSize == 1 ? 100 : 4 * max(type.blockSize, 32)
        let bytes = KernelTest.weights(type, rows: 1, columns: columns, seed: 7)
        let x = KernelTest.activations(columns, seed: 8)
        let ref = KernelSet(isa: .reference)
        try bytes.withUnsafeBytes { raw in
            let w = try QuantizedMatrix(raw, type: type, rows: 1, columns: columns)
            let xr = QuantizedActivations(type: type, columns: columns, kernels: ref)
            x.withUnsafeBufferPointer { xr.quantize($0) }
            let wf = try ReferenceDequantizer.dequantize(bytes, type: type, count: columns)
            let xv = xr.dequantize()
            var sum = 0.0
            for i in 0..<columns { sum += Double(wf[i]) * Double(xv[i]) }
            #expect(ref.dot(w, row: 0, xr) == Float(sum))
        }
    }

    /// The multi-row entry (batched decode, prefill) gives each activation row exactly what the
    /// single-row entry gives, for 1...CK_MAX_NX rows at once, at every level: kernels with
    /// copies for eight rows and those that run five to eight as four and the rest alike.
    @Test(arguments: QuantType.allCases, KernelTest.levels)
    func multiRowEqualsSingleRow(type: QuantType, level: InstructionSet) throws {
        let columns = type.blockSize == 1 ? 333 : (type.blockSize == 32 ? 992 : 1280)
        let kernels = KernelSet(isa: level)
        let bytes = KernelTest.weights(type, rows: 1, columns: columns, seed: 11)
        let most = Int(CK_MAX_NX)
        let xq = QuantizedActivations(type: type, columns: columns, capacity: most, kernels: kernels)
        for j in 0..<most {
            KernelTest.activations(columns, seed: UInt64(20 + j)).withUnsafeBufferPointer { xq.quantize($0, row: j) }
        }
        let table = kernels.table(type).pointee
        bytes.withUnsafeBytes { w in
            for nx in 1...most {
                var out = [Float](repeating: .nan, count: nx)
                out.withUnsafeMutableBufferPointer {
                    table.vec_dot_multi(Int64(columns), w.baseAddress, xq.rowPointer(0), xq.rowStride, Int32(nx), $0.baseAddress)
                }
                for j in 0..<nx {
                    let single = table.vec_dot(Int64(columns), w.baseAddress, xq.rowPointer(j))
                    #expect(out[j].bitPattern == single.bitPattern, "\(type) \(level) nx=\(nx) row \(j)")
                }
            }
        }
    }

    /// The variants the dispatch table promises exist on this machine are really there: every
    /// type has its own dot product at every level this CPU runs, so none falls back to a lower
    /// one (and `matchesReference` really compares each level's own code with the reference).
    @Test func variantsPerType() {
        for type in QuantType.allCases {
            for level in KernelTest.levels {
                #expect(KernelSet(isa: level).effectiveLevel(for: type) == level, "\(type) at \(level)")
            }
        }
    }
}
