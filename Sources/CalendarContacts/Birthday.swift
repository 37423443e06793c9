import Foundation

/// A birthday or anniversary: a month and day, and the year when known (`BDAY:--0412` has none).
package struct Birthday: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The year, or nil for a date written without one (`--04-12`).
    package var year: Int?
    /// The month, 1…12.
    package var month: Int
    /// The day of the month, 1…31 (valid for that month; February 29 needs a leap year or no year).
    package var day: Int

    /// A date, or nil when month or day is out of range.
    package init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
            day <= CivilDate.daysInMonth(year: year ?? 2000, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `1985-04-12`, or `--04-12` without a year.
    package var description: String {
        let monthDay = String(format: "%02d-%02d", month, day)
        return year.map { String(format: "%04d-", $0) + monthDay } ?? "--" + monthDay
    }

    /// The start of the next day on or after `date` (in `calendar`) that is this month and day.
    /// February 29 falls on February 28 in other years.
    package func nextOccurrence(onOrAfter date: Date, calendar: Calendar = .current) -> Date {
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        let thisYear = today.year ?? 2000
        for year in thisYear...(thisYear + 1) {
            let day = min(self.day, CivilDate.daysInMonth(year: year, month: month))
            if (month, day) >= (today.month ?? 1, today.day ?? 1) || year > thisYear,
                let next = calendar.date(from: DateComponents(year: year, month: month, day: day))
            {
                return next
            }
        }
        return date
    }

    /// The age in whole years reached on `date` (in `calendar`), or nil without a year.
    package func age(on date: Date, calendar: Calendar = .current) -> Int? {
        guard let year else { return nil }
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        guard let thisYear = today.year else { return nil }
        let hadBirthday = (today.month ?? 1, today.day ?? 1) >= (month, day)
        return thisYear - year - (hadBirthday ? 0 : 1)
    }

    /// How a BDAY / ANNIVERSARY value reads (RFC 6350 §4.3.4 date-and-or-time, plus the
    /// RFC 2426 / vCard 2.1 `YYYY-MM-DD` and `--MM-DD` forms).
    enum Parsed: Equatable {
        /// A full month and day, with or without a year.
        case date(Birthday)
        /// Well-formed but with no month and day together (`1985`, `1985-04`, `---12`, a time).
        case partial
        /// Not a date.
        case invalid
    }

    /// Reads `1985-04-12`, `19850412`, `--0412`, `--04-12`, `1985-04-12T10:00:00Z`,
    /// `20090808T1430-0500`, … The time part is checked for its characters and then ignored.
    static func parse(_ text: String) -> Parsed {
        var value = text.trimmingSpaces()
        if let t = value.firstIndex(where: { $0 == "T" || $0 == "t" }) {
            let time = value[value.index(after: t)...]
            guard !time.isEmpty, time.allSatisfy({ $0.isASCII && ($0.isNumber || ":+-Zz.,".contains($0)) }) else { return .invalid }
            value = String(value[..<t])
            if value.isEmpty { return .partial }
        }
        let digitsOnly = value.replacingOccurrences(of: "-", with: "")
        guard !digitsOnly.isEmpty, digitsOnly.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .invalid }
        func number(_ text: Substring) -> Int { Int(text) ?? 0 }
        let chars = Substring(value)
        let year: Int?, month: Int, day: Int
        switch chars.count {
        case 8 where !chars.contains("-"):
            (year, month, day) = (number(chars.prefix(4)), number(chars.dropFirst(4).prefix(2)), number(chars.suffix(2)))
        case 10 where chars.dropFirst(4).first == "-" && chars.dropFirst(7).first == "-" && !chars.hasPrefix("-"):
            (year, month, day) = (number(chars.prefix(4)), number(chars.dropFirst(5).prefix(2)), number(chars.suffix(2)))
        case 6 where chars.hasPrefix("--") && !chars.hasPrefix("---"):
            (year, month, day) = (nil, number(chars.dropFirst(2).prefix(2)), number(chars.suffix(2)))
        case 7 where chars.hasPrefix("--") && chars.dropFirst(4).first == "-":
            (year, month, day) = (nil, number(chars.dropFirst(2).prefix(2)), number(chars.suffix(2)))
        case 4 where !chars.contains("-"):
            return .partial // YYYY
        case 7 where chars.dropFirst(4).first == "-" && !chars.hasPrefix("-"):
            return (1...12).contains(number(chars.suffix(2))) ? .partial : .invalid // YYYY-MM
        case 4 where chars.hasPrefix("--"):
            return (1...12).contains(number(chars.suffix(2))) ? .partial : .invalid // --MM
        case 5 where chars.hasPrefix("---"):
            return (1...31).contains(number(chars.suffix(2))) ? .partial : .invalid // ---DD
        default:
            return .invalid
        }
        return Birthday(year: year, month: month, day: day).map(Parsed.date) ?? .invalid
    }
}
