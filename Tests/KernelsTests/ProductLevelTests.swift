import Testing

@testable import Kernels

/// Every product runs at the level of its type's single-row dot: a multi-row path (batched
/// decode steps, forced tokens, prefill GEMMs) that fell back to a lower level's function for
/// some type or row count would cost every guided generation and batched step its speed.
@Suite("product levels")
struct ProductLevelTests {
    ///
    /// On arm64 some cells borrow a lower level's dot product (the float types' dotprod cells are
    /// neon's, every i8mm cell's dot is dotprod's, only its GEMMs are i8mm code), so there the
    /// single-row product may run below the cell's level, and more rows must run at least there.
    @Test(arguments: KernelTest.levels)
    func everyRowCountRunsAtTheTypesLevel(level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        for type in QuantType.allCases {
            let expected = kernels.effectiveLevel(for: type)
            #if arch(arm64)
            let single = kernels.productLevel(for: type, rows: 1) ?? .reference
            #expect(single <= expected && (single > .generic || expected <= .generic), "\(type.name) at \(level)")
            #endif
            for rows in 1...40 {
                let actual = kernels.productLevel(for: type, rows: rows)
                #if arch(arm64)
                let ok = actual.map { $0 >= single && $0 <= expected } ?? false
                #else
                let ok = actual == expected
                #endif
                #expect(ok, "\(type.name) over \(rows) rows at \(level): runs at \(String(describing: actual))")
            }
        }
    }

    /// On a machine with a SIMD level, every type runs SIMD code there (the table was not left
    /// pointing at generic code).
    @Test(.enabled(if: CPUFeatures.current.best > .generic, "the CPU has no SIMD level"))
    func simdLevelsAreNotTheGenericCode() {
        let best = CPUFeatures.current.best
        let kernels = KernelSet(isa: best)
        for type in QuantType.allCases {
            #expect(kernels.effectiveLevel(for: type) > .generic, "\(type.name) has no \(best) dot")
        }
    }
}
