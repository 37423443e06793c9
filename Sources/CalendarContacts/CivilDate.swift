/// A proleptic Gregorian calendar date with no time zone: the arithmetic behind recurrence
/// expansion and date validation. Day numbers count days from 1970-01-01.
struct CivilDate: Sendable, Hashable, Comparable {
    /// The year (e.g. 2026).
    var year: Int
    /// The month, 1…12.
    var month: Int
    /// The day of the month, 1…31.
    var day: Int

    /// A date assumed valid (internal arithmetic only).
    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date, or nil when `month` or `day` is out of range for that month.
    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year: year, month: month) else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// The date `dayNumber` days after 1970-01-01.
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 (negative before).
    var dayNumber: Int {
        let year = month <= 2 ? self.year - 1 : self.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The weekday in `Calendar`'s numbering: 1 = Sunday … 7 = Saturday.
    var weekday: Int {
        ((dayNumber % 7) + 7 + 4) % 7 + 1
    }

    /// The date `days` days later (earlier when negative).
    func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    /// Whether `year` has a February 29.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
