/// A `Duration` as a floating-point count of seconds, milliseconds or microseconds: what
/// reports, rates and timing logs print.
///
/// ```swift
/// let elapsed = ContinuousClock().measure { work() }
/// print(String(format: "%.1f ms", elapsed.milliseconds))
/// ```
extension Duration {
    /// The duration in seconds.
    package var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }

    /// The duration in milliseconds.
    package var milliseconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) * 1e3 + Double(attoseconds) * 1e-15
    }

    /// The duration in microseconds.
    package var microseconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) * 1e6 + Double(attoseconds) * 1e-12
    }

    /// The duration in whole nanoseconds (negative durations give 0).
    package var nanoseconds: UInt64 {
        let (whole, attoseconds) = components
        guard whole >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(whole) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
