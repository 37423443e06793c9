import Foundation

/// Expands a `RecurrenceRule` into instance start times (RFC 5545 §3.3.10, §3.8.5.3).
///
/// Works period by period (a day, week, month or year, stepped by `INTERVAL`) on wall-clock
/// dates in the event's time zone, so 09:00 stays 09:00 across daylight-saving changes. DTSTART
/// is always the first instance and counts toward `COUNT`. Expansion stops at the end of the
/// requested range, at `UNTIL`, at `COUNT`, after 400 × `INTERVAL` years without an instance
/// (the Gregorian calendar repeats every 400 years, so such a rule never matches again), or after
/// `maximumPeriods` periods, whichever comes first, so no rule can loop forever.
struct RecurrenceExpander: Sendable {
    /// The most periods examined in one expansion (about 270 years of a daily rule).
    static let maximumPeriods = 100_000

    let rule: RecurrenceRule
    /// DTSTART.
    let start: Date
    /// The wall clock the rule runs on.
    let clock: ZonedClock

    /// The instance starts in `start...` that begin before `rangeEnd`, from DTSTART on; starts
    /// before `rangeStart` may be skipped when the rule has no `COUNT`.
    func starts(skippingBefore rangeStart: Date, before rangeEnd: Date) -> [Date] {
        guard start < rangeEnd else { return [] }
        var results = [start]
        let (firstDate, time) = clock.wallClock(start)
        var emitted = 1
        var period = rule.count == nil ? firstUsefulPeriod(from: firstDate, to: clock.wallClock(rangeStart).date) : 0
        let lastPeriod = period + Self.maximumPeriods
        var lastInstanceYear = start(ofPeriod: period, first: firstDate).year
        while period < lastPeriod {
            let periodStart = start(ofPeriod: period, first: firstDate)
            if clock.instant(periodStart) >= rangeEnd { return results }
            // Gregorian dates repeat every 400 years: a rule silent that long never matches.
            if periodStart.year - lastInstanceYear > 400 * rule.interval { return results }
            for date in candidates(period: period, first: firstDate) {
                let instant = clock.instant(date, time)
                guard instant > start else { continue }
                if let until = rule.until, instant > until { return results }
                if instant >= rangeEnd { return results }
                emitted += 1
                if let count = rule.count, emitted > count { return results }
                results.append(instant)
                lastInstanceYear = date.year
            }
            period += 1
        }
        return results
    }

    /// The index of a period shortly before the one containing `target` (never after it), so
    /// that a rule without `COUNT` can skip the years before the requested range.
    private func firstUsefulPeriod(from first: CivilDate, to target: CivilDate) -> Int {
        guard target > first else { return 0 }
        let distance: Int =
            switch rule.frequency {
            case .daily: target.dayNumber - first.dayNumber
            case .weekly: (weekStart(of: target).dayNumber - weekStart(of: first).dayNumber) / 7
            case .monthly: (target.year * 12 + target.month) - (first.year * 12 + first.month)
            case .yearly: target.year - first.year
            }
        return max(0, distance / rule.interval - 1)
    }

    /// The first day of the `WKST`-based week containing `date`.
    private func weekStart(of date: CivilDate) -> CivilDate {
        date.adding(days: -((date.weekday - rule.weekStart.rawValue + 7) % 7))
    }

    /// The first day of period number `period` (0 = DTSTART's).
    private func start(ofPeriod period: Int, first: CivilDate) -> CivilDate {
        let step = period * rule.interval
        switch rule.frequency {
        case .daily:
            return first.adding(days: step)
        case .weekly:
            return weekStart(of: first).adding(days: step * 7)
        case .monthly:
            let (year, month) = yearAndMonth(first, adding: step)
            return CivilDate(unchecked: year, month, 1)
        case .yearly:
            return CivilDate(unchecked: first.year + step, 1, 1)
        }
    }

    /// The year and month `months` months after `date`'s.
    private func yearAndMonth(_ date: CivilDate, adding months: Int) -> (year: Int, month: Int) {
        let index = date.year * 12 + (date.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        return (year, index - year * 12 + 1)
    }

    /// The dates the rule produces in period number `period` (0 = DTSTART's), ascending.
    private func candidates(period: Int, first: CivilDate) -> [CivilDate] {
        let step = period * rule.interval
        switch rule.frequency {
        case .daily:
            let date = first.adding(days: step)
            return matchesFilters(date) ? [date] : []
        case .weekly:
            let weekdays = rule.byDay.isEmpty ? [first.weekday] : rule.byDay.map(\.weekday.rawValue)
            let monday = weekStart(of: first).adding(days: step * 7)
            return (0..<7).map { monday.adding(days: $0) }.filter { weekdays.contains($0.weekday) && matchesFilters($0) }
        case .monthly:
            let (year, month) = yearAndMonth(first, adding: step)
            guard rule.byMonth.isEmpty || rule.byMonth.contains(month) else { return [] }
            return days(year: year, month: month, first: first)
        case .yearly:
            let year = first.year + step
            if !rule.byDay.isEmpty, rule.byMonth.isEmpty, rule.byMonthDay.isEmpty {
                return yearWeekdays(year: year)
            }
            let months: [Int]
            if !rule.byMonth.isEmpty {
                months = rule.byMonth.sorted()
            } else if !rule.byMonthDay.isEmpty {
                months = Array(1...12)
            } else {
                months = [first.month]
            }
            return months.flatMap { days(year: year, month: $0, first: first) }
        }
    }

    /// The days of one month selected by BYMONTHDAY and/or BYDAY (DTSTART's day when neither).
    private func days(year: Int, month: Int, first: CivilDate) -> [CivilDate] {
        let length = CivilDate.daysInMonth(year: year, month: month)
        var days: Set<Int>
        if rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
            days = first.day <= length ? [first.day] : []
        } else {
            days = Set(1...length)
            if !rule.byMonthDay.isEmpty {
                days = Set(rule.byMonthDay.map { $0 > 0 ? $0 : length + $0 + 1 }.filter { (1...length).contains($0) })
            }
            if !rule.byDay.isEmpty {
                let all = (1...length).map { CivilDate(unchecked: year, month, $0) }
                days.formIntersection(Self.select(rule.byDay, from: all).map(\.day))
            }
        }
        return days.sorted().map { CivilDate(unchecked: year, month, $0) }
    }

    /// The days of a whole year selected by BYDAY, ordinals counting within the year.
    private func yearWeekdays(year: Int) -> [CivilDate] {
        let january1 = CivilDate(unchecked: year, 1, 1)
        let length = CivilDate.isLeapYear(year) ? 366 : 365
        let all = (0..<length).map { january1.adding(days: $0) }
        return Self.select(rule.byDay, from: all).sorted()
    }

    /// The dates of `span` (consecutive, ascending) matching any BYDAY entry; an entry with an
    /// ordinal picks the n-th such weekday from the start (or from the end when negative).
    private static func select(_ entries: [RecurrenceRule.WeekdayRule], from span: [CivilDate]) -> Set<CivilDate> {
        var selected: Set<CivilDate> = []
        for entry in entries {
            let matching = span.filter { $0.weekday == entry.weekday.rawValue }
            guard let ordinal = entry.ordinal else { selected.formUnion(matching); continue }
            let index = ordinal > 0 ? ordinal - 1 : matching.count + ordinal
            if matching.indices.contains(index) { selected.insert(matching[index]) }
        }
        return selected
    }

    /// BYMONTH, BYMONTHDAY and BYDAY used as filters (daily and weekly rules).
    private func matchesFilters(_ date: CivilDate) -> Bool {
        if !rule.byMonth.isEmpty, !rule.byMonth.contains(date.month) { return false }
        if !rule.byMonthDay.isEmpty {
            let length = CivilDate.daysInMonth(year: date.year, month: date.month)
            guard rule.byMonthDay.contains(where: { ($0 > 0 ? $0 : length + $0 + 1) == date.day }) else { return false }
        }
        if !rule.byDay.isEmpty, !rule.byDay.contains(where: { $0.weekday.rawValue == date.weekday }) { return false }
        return true
    }
}
