import CKernels

/// A level of kernel implementation, from the readable reference to the widest SIMD.
///
/// Each level needs the CPU features in its name; `CPUFeatures.current.best` is the fastest
/// level this machine runs, and any lower level can be forced (tests, benchmarks).
public enum InstructionSet: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Readable reference: dequantize both operands and sum in double.
    case reference = 0
    /// Portable C: integer dot products per block, float accumulation.
    case generic = 1
    /// x86-64 AVX2 with FMA and F16C.
    case avx2 = 2
    /// x86-64 AVX-512 F/BW/VL with VNNI.
    case avx512 = 3

    /// The short name used by `FM_ISA`: `ref`, `generic`, `avx2`, `avx512`.
    public var name: String {
        switch self {
        case .reference: "ref"
        case .generic: "generic"
        case .avx2: "avx2"
        case .avx512: "avx512"
        }
    }

    /// Same as `name`.
    public var description: String { name }

    /// Parses `ref`/`reference`, `generic`, `avx2`, `avx512` (case-insensitive).
    public init?(name: String) {
        switch name.lowercased() {
        case "ref", "reference": self = .reference
        case "generic": self = .generic
        case "avx2": self = .avx2
        case "avx512", "avx-512": self = .avx512
        default: return nil
        }
    }

    /// Orders by speed: reference < generic < avx2 < avx512.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
