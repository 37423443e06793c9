import Testing

@testable import Kernels

/// Every product runs at the level of its type's single-row dot: a multi-row path (batched
/// decode steps, forced tokens, prefill GEMMs) that fell back to a lower level's function for
/// some type or row count would cost every guided generation and batched step its speed.
@Suite("product levels")
struct ProductLevelTests {
    @Test(arguments: KernelTest.levels)
    func everyRowCountRunsAtTheTypesLevel(level: InstructionSet) {
        let kernels = KernelSet(isa: level)
        for type in QuantType.allCases {
            let expected = kernels.effectiveLevel(for: type)
            for rows in 1...40 {
                let actual = kernels.productLevel(for: type, rows: rows)
                #expect(actual == expected, "\(type.name) over \(rows) rows at \(level): runs at \(String(describing: actual))")
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
