import CKernels

/// A level of kernel implementation, from the readable reference to the widest SIMD.
///
/// Each level needs the CPU features in its name; `CPUFeatures.current.best` is the fastest
/// level this machine runs, and any lower level can be forced (tests, benchmarks). The SIMD
/// levels are per architecture: x86-64 has `avx2` and `avx512`, arm64 `neon`, `dotprod` and
/// `i8mm`; the raw values are the C kernel table's level numbers (`CK_ISA_*`), which the two
/// architectures share.
public enum InstructionSet: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Readable reference: dequantize both operands and sum in double.
    case reference = 0
    /// Portable C: integer dot products per block, float accumulation.
    case generic = 1
    #if arch(arm64)
    /// arm64 Advanced SIMD (every arm64 CPU).
    case neon = 2
    /// arm64 with the int8 dot product (sdot/udot, FEAT_DotProd).
    case dotprod = 3
    /// arm64 with dotprod and the int8 matrix multiply (smmla, FEAT_I8MM).
    case i8mm = 4
    #else
    /// x86-64 AVX2 with FMA and F16C.
    case avx2 = 2
    /// x86-64 AVX-512 F/BW/VL with VNNI.
    case avx512 = 3
    #endif

    /// The short name used by `FM_ISA`: `ref`, `generic`, and `avx2`, `avx512` (x86-64) or
    /// `neon`, `dotprod`, `i8mm` (arm64).
    public var name: String {
        switch self {
        case .reference: "ref"
        case .generic: "generic"
        #if arch(arm64)
        case .neon: "neon"
        case .dotprod: "dotprod"
        case .i8mm: "i8mm"
        #else
        case .avx2: "avx2"
        case .avx512: "avx512"
        #endif
        }
    }

    /// Same as `name`.
    public var description: String { name }

    /// Parses `ref`/`reference`, `generic` and this architecture's SIMD levels
    /// (case-insensitive); another architecture's level names are nil, like unknown names.
    public init?(name: String) {
        switch name.lowercased() {
        case "ref", "reference": self = .reference
        case "generic": self = .generic
        #if arch(arm64)
        case "neon": self = .neon
        case "dotprod": self = .dotprod
        case "i8mm": self = .i8mm
        #else
        case "avx2": self = .avx2
        case "avx512", "avx-512": self = .avx512
        #endif
        default: return nil
        }
    }

    /// Orders by speed: reference < generic < avx2 < avx512 (x86-64), or
    /// reference < generic < neon < dotprod < i8mm (arm64).
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
