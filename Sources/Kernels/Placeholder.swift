import CKernels
/// Placeholder until the kernels land.
public enum KernelsPlaceholder { public static var version: Int { Int(ck_version()) } }
