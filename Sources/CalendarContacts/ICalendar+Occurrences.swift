import Foundation

extension ICalendar {
    /// The instances of every event that overlap `from..<to`, sorted by start (then summary).
    ///
    /// Repeating events are expanded (DTSTART first, then the `RRULE`, minus `EXDATE`s and
    /// minus instances replaced by an event with the same `UID` and a `RECURRENCE-ID`). An
    /// instance overlaps when it starts before `to` and ends after `from` (a zero-length one
    /// when it starts at or after `from`). `CANCELLED` events are left out. Floating and
    /// all-day events are placed in `calendar.timeZone`; rule arithmetic is Gregorian, in the
    /// event's own time zone otherwise. Expansion is bounded (see `RecurrenceExpander`).
    package func occurrences(from: Date, to: Date, calendar: Calendar = .current) -> [EventOccurrence] {
        guard from < to else { return [] }
        var replaced: [String: [Date]] = [:]
        for event in events where event.recurrenceID != nil {
            guard let uid = event.uid, let id = event.recurrenceID else { continue }
            replaced[uid, default: []].append(relocated(id, of: event, to: calendar.timeZone))
        }
        var result: [EventOccurrence] = []
        for event in events where event.status != "CANCELLED" {
            let clock = ZonedClock(event.isFloating ? calendar.timeZone : event.timeZone)
            let start = relocated(event.start, of: event, to: calendar.timeZone)
            let days = event.isAllDay ? dayCount(from: event.start, to: event.end, zone: event.timeZone) : 0
            func end(of instanceStart: Date) -> Date {
                event.isAllDay
                    ? clock.calendar.date(byAdding: .day, value: days, to: instanceStart) ?? instanceStart
                    : instanceStart.addingTimeInterval(event.duration)
            }
            var starts = [start]
            if let rule = event.recurrence, event.recurrenceID == nil {
                let earliest = from.addingTimeInterval(-max(event.duration, 0) - 86_400 * 2)
                starts = RecurrenceExpander(rule: relocated(rule, of: event, to: calendar.timeZone), start: start, clock: clock)
                    .starts(skippingBefore: earliest, before: to)
                let exceptions = event.exceptionDates.map { relocated($0, of: event, to: calendar.timeZone) }
                let skipped = event.uid.flatMap { replaced[$0] } ?? []
                starts.removeAll { instance in
                    exceptions.contains { matches($0, instance, allDay: event.isAllDay, clock: clock) }
                        || skipped.contains { abs($0.timeIntervalSince(instance)) < 1 }
                }
            }
            for instanceStart in starts {
                let instanceEnd = end(of: instanceStart)
                let overlaps = instanceStart < to && (instanceEnd > from || (instanceEnd == instanceStart && instanceStart >= from))
                if overlaps { result.append(EventOccurrence(event: event, start: instanceStart, end: instanceEnd)) }
            }
        }
        return result.sorted {
            $0.start != $1.start ? $0.start < $1.start : ($0.event.summary ?? "") < ($1.event.summary ?? "")
        }
    }

    /// For a floating event, the instant with the same wall-clock reading in `zone`.
    private func relocated(_ instant: Date, of event: CalendarEvent, to zone: TimeZone) -> Date {
        guard event.isFloating, zone != event.timeZone else { return instant }
        let (date, time) = ZonedClock(event.timeZone).wallClock(instant)
        return ZonedClock(zone).instant(date, time)
    }

    /// `rule` with a floating `UNTIL` moved like the event.
    private func relocated(_ rule: RecurrenceRule, of event: CalendarEvent, to zone: TimeZone) -> RecurrenceRule {
        var moved = rule
        moved.until = rule.until.map { relocated($0, of: event, to: zone) }
        return moved
    }

    /// Whether an EXDATE excludes an instance: same day for all-day events, same instant else.
    private func matches(_ exception: Date, _ instance: Date, allDay: Bool, clock: ZonedClock) -> Bool {
        allDay ? clock.calendar.isDate(exception, inSameDayAs: instance) : abs(exception.timeIntervalSince(instance)) < 1
    }

    /// Whole days from `start` to `end` on the wall clock of `zone` (at least 0).
    private func dayCount(from start: Date, to end: Date, zone: TimeZone) -> Int {
        let clock = ZonedClock(zone)
        return max(0, clock.wallClock(end).date.dayNumber - clock.wallClock(start).date.dayNumber)
    }
}
