import Foundation

/// A DURATION value (RFC 5545 §3.3.6): `P15DT5H0M20S`, `PT1H30M`, `P7W`, `-PT15M`.
struct ICalendarDuration: Sendable, Equatable {
    /// Nominal days (weeks count as 7 days); may be negative.
    var days: Int
    /// Exact seconds (hours, minutes, seconds); may be negative.
    var seconds: Int

    /// Parses a duration; nil when malformed.
    init?(_ text: String) {
        var chars = Substring(text.trimmingSpaces().uppercased())
        var sign = 1
        if chars.first == "+" || chars.first == "-" {
            sign = chars.first == "-" ? -1 : 1
            chars.removeFirst()
        }
        guard chars.first == "P" else { return nil }
        chars.removeFirst()
        var days = 0, seconds = 0, inTime = false, digits = "", sawComponent = false
        for character in chars {
            if character.isASCII, character.isNumber { digits.append(character); continue }
            if character == "T", digits.isEmpty, !inTime { inTime = true; continue }
            guard let value = Int(digits) else { return nil }
            digits = ""
            switch (character, inTime) {
            case ("W", false): days += value * 7
            case ("D", false): days += value
            case ("H", true): seconds += value * 3600
            case ("M", true): seconds += value * 60
            case ("S", true): seconds += value
            default: return nil
            }
            sawComponent = true
        }
        guard sawComponent, digits.isEmpty else { return nil }
        self.days = sign * days
        self.seconds = sign * seconds
    }

    /// `date` moved by this duration: days on the wall clock of `clock`, seconds exactly.
    func added(to date: Date, in clock: ZonedClock) -> Date {
        var result = date
        if days != 0 {
            result = clock.calendar.date(byAdding: .day, value: days, to: result) ?? result.addingTimeInterval(Double(days) * 86_400)
        }
        return result.addingTimeInterval(Double(seconds))
    }
}
