import Foundation

@testable import CalendarContacts

/// Shared helpers for the CalendarContacts tests.
enum Fixtures {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// A Gregorian calendar in `zone`.
    static func calendar(_ zone: TimeZone = utc) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The instant of a wall-clock date and time in `zone`.
    static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
        _ second: Int = 0, in zone: TimeZone = utc
    ) -> Date {
        calendar(zone).date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// `yyyy-MM-dd HH:mm` of `date` in `zone`.
    static func stamp(_ date: Date, in zone: TimeZone = utc) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
    }

    /// `yyyy-MM-dd` of `date` in `zone`.
    static func day(_ date: Date, in zone: TimeZone = utc) -> String {
        String(stamp(date, in: zone).prefix(10))
    }

    /// The lines joined with CRLF, as RFC 5545 and RFC 6350 require.
    static func crlf(_ lines: [String]) -> String {
        lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A VCALENDAR holding `body` lines.
    static func calendarText(_ body: [String]) -> String {
        crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN"] + body + ["END:VCALENDAR"])
    }

    /// A VCALENDAR with one VEVENT holding `body` lines.
    static func eventText(_ body: [String]) -> String {
        calendarText(["BEGIN:VEVENT", "UID:test@example.com", "DTSTAMP:19970901T130000Z"] + body + ["END:VEVENT"])
    }

    /// The error `ICalendar(parsing:)` throws for `text`, or nil.
    static func calendarError(_ text: String) -> ICalendarError? {
        do {
            _ = try ICalendar(parsing: text, floatingTimeZone: utc)
            return nil
        } catch {
            return error
        }
    }

    /// The error `VCardFile(parsing:)` throws for `text`, or nil.
    static func vCardError(_ text: String) -> VCardError? {
        do {
            _ = try VCardFile(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    /// The directory of the sample files the game ships: `Sources/DreamCoffee/Samples/`.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/DreamCoffee/Samples")
}
