import Foundation

/// An `RRULE` (RFC 5545 §3.3.10) restricted to what this reader expands exactly:
/// `FREQ` (DAILY, WEEKLY, MONTHLY, YEARLY), `INTERVAL`, `COUNT`, `UNTIL`, `BYDAY` (with
/// ordinals such as `1FR` or `-1SU` for monthly and yearly rules), `BYMONTHDAY`, `BYMONTH` and
/// `WKST`. Any other part (`BYSETPOS`, `BYWEEKNO`, `BYYEARDAY`, `BYHOUR`, …) or frequency is
/// an `ICalendarError` naming it, never silently ignored.
package struct RecurrenceRule: Sendable, Equatable {
    /// How often the rule repeats.
    package enum Frequency: String, Sendable, Equatable, CaseIterable {
        /// Every `interval` days.
        case daily = "DAILY"
        /// Every `interval` weeks.
        case weekly = "WEEKLY"
        /// Every `interval` months.
        case monthly = "MONTHLY"
        /// Every `interval` years.
        case yearly = "YEARLY"
    }

    /// A day of the week, numbered like `Calendar`'s `weekday` component (1 = Sunday).
    package enum Weekday: Int, Sendable, Equatable, CaseIterable {
        /// SU.
        case sunday = 1
        /// MO.
        case monday
        /// TU.
        case tuesday
        /// WE.
        case wednesday
        /// TH.
        case thursday
        /// FR.
        case friday
        /// SA.
        case saturday

        /// The two-letter iCalendar code (`MO`).
        package var code: String { ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][rawValue - 1] }

        /// The weekday for a two-letter code (case-insensitive), or nil.
        package init?(code: String) {
            guard let index = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"].firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: index + 1)
        }
    }

    /// One `BYDAY` entry: a weekday, optionally the n-th (negative: from the end) in the month
    /// or year.
    package struct WeekdayRule: Sendable, Equatable {
        /// The weekday.
        package var weekday: Weekday
        /// `1` in `1FR`, `-1` in `-1SU`; nil for every such weekday.
        package var ordinal: Int?

        /// A `BYDAY` entry.
        package init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// `FREQ`.
    package var frequency: Frequency
    /// `INTERVAL` (1 when absent).
    package var interval: Int
    /// `COUNT`: the total number of instances, the first being DTSTART.
    package var count: Int?
    /// `UNTIL`: the last instant an instance may start (a DATE `UNTIL` means the end of that day).
    package var until: Date?
    /// `BYDAY`.
    package var byDay: [WeekdayRule]
    /// `BYMONTHDAY`: 1…31, or -1…-31 counted from the end of the month.
    package var byMonthDay: [Int]
    /// `BYMONTH`: 1…12.
    package var byMonth: [Int]
    /// `WKST`: the first day of the week for weekly intervals (Monday when absent).
    package var weekStart: Weekday

    /// The rule as written, e.g. `FREQ=WEEKLY;BYDAY=TU,TH`.
    package var text: String

    /// Parses an RRULE value. `clock` places a DATE or floating `UNTIL`; `line` is for errors.
    init(parsing value: String, clock: ZonedClock, line: Int) throws(ICalendarError) {
        func invalid(_ message: String) -> ICalendarError { ICalendarError(.invalidValue, line: line, message) }
        text = value
        var frequency: Frequency?
        interval = 1
        byDay = []
        byMonthDay = []
        byMonth = []
        weekStart = .monday
        for part in value.split(separator: ";", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard pieces.count == 2 else { throw invalid("RRULE part '\(part)' has no '='") }
            let name = pieces[0].uppercased(), text = pieces[1]
            let items = text.split(separator: ",").map { $0.trimmingSpaces() }
            switch name {
            case "FREQ":
                guard let parsed = Frequency(rawValue: text.uppercased()) else {
                    if ["SECONDLY", "MINUTELY", "HOURLY"].contains(text.uppercased()) {
                        throw ICalendarError(.unsupportedRecurrence, line: line, "RRULE part FREQ=\(text.uppercased()) is not supported")
                    }
                    throw invalid("RRULE FREQ '\(text)' is not a frequency")
                }
                frequency = parsed
            case "INTERVAL":
                guard let number = Int(text), number > 0 else { throw invalid("RRULE INTERVAL '\(text)' is not a positive number") }
                interval = number
            case "COUNT":
                guard let number = Int(text), number > 0 else { throw invalid("RRULE COUNT '\(text)' is not a positive number") }
                count = number
            case "UNTIL":
                guard let parsed = ICalendarDateValue(text) else { throw invalid("RRULE UNTIL '\(text)' is not a DATE or DATE-TIME") }
                if parsed.isUTC {
                    until = ZonedClock(TimeZone(identifier: "UTC")!).instant(parsed.date, parsed.time ?? .midnight)
                } else {
                    until = clock.instant(parsed.date, parsed.time ?? LocalTime(hour: 23, minute: 59, second: 59))
                }
            case "BYDAY":
                byDay = try items.map { item throws(ICalendarError) in try Self.weekdayRule(item, line: line) }
            case "BYMONTHDAY":
                byMonthDay = try items.map { item throws(ICalendarError) in
                    guard let day = Int(item), day != 0, (-31...31).contains(day) else {
                        throw invalid("RRULE BYMONTHDAY value '\(item)' is not a day of the month (1 to 31 or -31 to -1)")
                    }
                    return day
                }
            case "BYMONTH":
                byMonth = try items.map { item throws(ICalendarError) in
                    guard let month = Int(item), (1...12).contains(month) else {
                        throw invalid("RRULE BYMONTH value '\(item)' is not a month (1 to 12)")
                    }
                    return month
                }
            case "WKST":
                guard let day = Weekday(code: text) else { throw invalid("RRULE WKST value '\(text)' is not a weekday") }
                weekStart = day
            default:
                throw ICalendarError(.unsupportedRecurrence, line: line, "RRULE part \(name) is not supported")
            }
        }
        guard let frequency else { throw invalid("RRULE has no FREQ") }
        self.frequency = frequency
        if count != nil, until != nil { throw invalid("RRULE has both COUNT and UNTIL") }
        if frequency == .daily || frequency == .weekly, let numbered = byDay.first(where: { $0.ordinal != nil }) {
            throw invalid(
                "RRULE BYDAY value '\(numbered.ordinal!)\(numbered.weekday.code)' has a number, "
                    + "which needs FREQ=MONTHLY or FREQ=YEARLY")
        }
    }

    /// Parses one `BYDAY` item: `MO`, `1FR`, `+2TU`, `-1SU`.
    private static func weekdayRule(_ item: String, line: Int) throws(ICalendarError) -> WeekdayRule {
        let code = String(item.suffix(2))
        let number = item.dropLast(2)
        guard let weekday = Weekday(code: code) else {
            throw ICalendarError(.invalidValue, line: line, "RRULE BYDAY value '\(item)' is not a weekday")
        }
        guard !number.isEmpty else { return WeekdayRule(weekday) }
        guard let ordinal = Int(number.hasPrefix("+") ? number.dropFirst() : number), ordinal != 0, (-53...53).contains(ordinal) else {
            throw ICalendarError(.invalidValue, line: line, "RRULE BYDAY value '\(item)' is not a weekday")
        }
        return WeekdayRule(weekday, ordinal: ordinal)
    }
}
