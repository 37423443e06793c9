// The only platform-specific code of the module: floating-point power and the local clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum LibC {
    /// C `pow`, which Python's float `**` uses.
    static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }

    /// `datetime.now().strftime(format)`: the local time formatted by C `strftime`, as CPython
    /// does on Linux. nil when the result does not fit the buffer.
    static func formatNow(_ format: String) -> String? {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return nil }
        if format.isEmpty { return "" }
        var buffer = [CChar](repeating: 0, count: 1024)
        let written = strftime(&buffer, buffer.count, format, &parts)
        guard written > 0 else { return nil }
        return String(decoding: buffer[0..<written].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
