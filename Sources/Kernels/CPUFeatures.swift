import CKernels

/// What this machine offers the kernels, detected once per process.
///
/// The module never reads the process environment: a caller that lets its users clamp the level
/// (the executables' `FM_ISA`, `SystemLanguageModel.default`'s) parses the name with
/// `InstructionSet(name:)` and builds `KernelSet(isa:)`, which clamps it to `best`.
///
/// ```swift
/// let cpu = CPUFeatures.current
/// print(cpu.best, cpu.physicalCores)   // avx512 2
/// ```
public struct CPUFeatures: Sendable {
    /// The fastest level the CPU and OS support.
    public let best: InstructionSet
    /// Physical cores this process may run on (the default thread count).
    public let physicalCores: Int
    /// Logical CPUs this process may run on.
    public let logicalCPUs: Int

    /// The features of this machine (computed on first use).
    public static let current = CPUFeatures()

    /// Detects the machine's features.
    private init() {
        best = InstructionSet(rawValue: Int(ck_detect_isa())) ?? .generic
        physicalCores = max(1, Int(ck_physical_core_count()))
        logicalCPUs = max(1, Int(ck_logical_cpu_count()))
    }

    /// Every level this machine can run, slowest first.
    public var supported: [InstructionSet] { InstructionSet.allCases.filter { $0 <= best } }
}
