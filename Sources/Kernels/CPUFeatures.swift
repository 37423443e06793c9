import CKernels

/// What this machine offers the kernels, detected once per process.
///
/// `selected` is the level kernels use by default: the best supported one, or the level named
/// by the `FM_ISA` environment variable (`ref`, `generic`, then `avx2`, `avx512` on x86-64 or
/// `neon`, `dotprod`, `i8mm` on arm64; clamped to what the CPU supports) for benchmarking.
///
/// ```swift
/// let cpu = CPUFeatures.current
/// print(cpu.best, cpu.selected, cpu.physicalCores)   // avx512 avx512 2
/// ```
public struct CPUFeatures: Sendable {
    /// The fastest level the CPU and OS support.
    public let best: InstructionSet
    /// The default level: `best`, or `FM_ISA` when set to a supported level.
    public let selected: InstructionSet
    /// Physical cores this process may run on (the default thread count).
    public let physicalCores: Int
    /// Logical CPUs this process may run on.
    public let logicalCPUs: Int

    /// The features of this machine (computed on first use; also makes `selected` the default
    /// level of the C entry points `ck_matvec`/`ck_matmul`).
    public static let current: CPUFeatures = {
        let features = CPUFeatures(environment: Platform.environment("FM_ISA"))
        ck_select_isa(Int32(features.selected.rawValue))
        return features
    }()

    /// Detects the machine's features, reading the override from `environment` (the value of
    /// `FM_ISA`, or nil).
    init(environment override: String?) {
        let best = InstructionSet(rawValue: Int(ck_detect_isa())) ?? .generic
        self.best = best
        if let override, let requested = InstructionSet(name: override) {
            selected = min(requested, best)
        } else {
            selected = best
        }
        physicalCores = max(1, Int(ck_physical_core_count()))
        logicalCPUs = max(1, Int(ck_logical_cpu_count()))
    }

    /// Every level this machine can run, slowest first.
    public var supported: [InstructionSet] { InstructionSet.allCases.filter { $0 <= best } }
}
