import Foundation

/// HTTP's `Retry-After` header: a number of seconds (`120`) or an HTTP date
/// (`Fri, 31 Dec 1999 23:59:59 GMT`), as the delay before the server will take requests again.
///
/// ```swift
/// RetryAfter.delay("7")   // .seconds(7)
/// RetryAfter.delay("Fri, 31 Dec 1999 23:59:59 GMT", now: …)   // the time until then, at least 0
/// ```
enum RetryAfter {
    /// The delay `header` asks for, or `nil` when it is neither form.
    static func delay(_ header: String, now: Date = Date()) -> Duration? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(text), seconds >= 0 { return .seconds(seconds) }
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return .milliseconds(Int64(seconds * 1000)) }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                return .milliseconds(Int64(max(0, date.timeIntervalSince(now)) * 1000))
            }
        }
        return nil
    }

    /// A delay as a person reads it: `7 s`, `1.5 s`.
    static func phrase(_ delay: Duration) -> String {
        let (seconds, attoseconds) = delay.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        return milliseconds == 0 ? "\(seconds) s" : String(format: "%.3g s", Double(seconds) + Double(milliseconds) / 1000)
    }
}
