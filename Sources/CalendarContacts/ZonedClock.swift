import Foundation

/// A wall-clock time of day.
struct LocalTime: Sendable, Hashable {
    /// 0…23.
    var hour: Int
    /// 0…59.
    var minute: Int
    /// 0…59 (a leap second 60 is read as 59).
    var second: Int

    /// Midnight.
    static let midnight = LocalTime(hour: 0, minute: 0, second: 0)
}

/// Converts between instants and wall-clock dates and times in one time zone (Gregorian).
struct ZonedClock: Sendable {
    /// The Gregorian calendar in that zone.
    let calendar: Calendar

    /// A clock for `timeZone`.
    init(_ timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The instant of `date` at `time`. A time skipped by a daylight-saving jump moves forward.
    func instant(_ date: CivilDate, _ time: LocalTime = .midnight) -> Date {
        let components = DateComponents(
            year: date.year, month: date.month, day: date.day,
            hour: time.hour, minute: time.minute, second: time.second)
        if let instant = calendar.date(from: components) { return instant }
        // Not expected for valid input; fall back to the zone's current offset.
        let utc = Double(date.dayNumber) * 86_400 + Double(time.hour * 3600 + time.minute * 60 + time.second)
        return Date(timeIntervalSince1970: utc - Double(calendar.timeZone.secondsFromGMT()))
    }

    /// The wall-clock date and time of `instant`.
    func wallClock(_ instant: Date) -> (date: CivilDate, time: LocalTime) {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return (
            CivilDate(unchecked: parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1),
            LocalTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
        )
    }
}
