import Foundation

/// A `VEVENT` (RFC 5545 §3.6.1).
///
/// Times are resolved to instants when the file is read: UTC values (`…Z`), values with a
/// `TZID`, and floating values and DATE values placed in the `floatingTimeZone` given to
/// `ICalendar`. `occurrences(from:to:calendar:)` re-places floating and all-day events in the
/// caller's calendar time zone.
package struct CalendarEvent: Sendable, Equatable {
    /// `UID`, if present.
    package var uid: String?
    /// `SUMMARY` (the title), unescaped.
    package var summary: String?
    /// `DESCRIPTION`, unescaped (may contain newlines).
    package var description: String?
    /// `LOCATION`, unescaped.
    package var location: String?
    /// `DTSTART` (the first instance when the event repeats).
    package var start: Date
    /// `DTEND`, or `DTSTART` + `DURATION`; without either, one day after a DATE start and equal
    /// to a DATE-TIME start.
    package var end: Date
    /// Whether `DTSTART` is a DATE (an all-day event; `end` is then exclusive midnight).
    package var isAllDay: Bool
    /// The zone the event's wall-clock times are in: UTC, the `TZID` zone, or the floating zone.
    package var timeZone: TimeZone
    /// Whether `DTSTART` is floating (no `Z`, no `TZID`) or a DATE: such times follow the
    /// viewer's time zone.
    package var isFloating: Bool
    /// `ATTENDEE`s in file order.
    package var attendees: [CalendarAttendee]
    /// `ORGANIZER`, if present.
    package var organizer: CalendarAttendee?
    /// The first `RRULE`, if the event repeats.
    package var recurrence: RecurrenceRule?
    /// `EXDATE` values (all of them, across every `EXDATE` line): instances to leave out.
    package var exceptionDates: [Date]
    /// `RECURRENCE-ID`: set on an event that replaces one instance of a repeating event with
    /// the same `uid`.
    package var recurrenceID: Date?
    /// `STATUS` (`CONFIRMED`, `TENTATIVE`, `CANCELLED`), upper-cased, if present.
    package var status: String?
    /// The line of the event's `BEGIN:VEVENT`.
    package var lineNumber: Int

    /// `end - start`.
    package var duration: TimeInterval {
        end.timeIntervalSince(start)
    }

    /// Whether an attendee (or, with `includingOrganizer`, the organizer) has a name matching
    /// `name` in the sense of `CalendarAttendee.matches(name:)`: "Naomy" matches "Naomy Park".
    package func hasAttendee(named name: String, includingOrganizer: Bool = true) -> Bool {
        people(includingOrganizer).contains { $0.matches(name: name) }
    }

    /// Whether `contact` takes part: an attendee (or the organizer, with `includingOrganizer`)
    /// shares one of its e-mail addresses or matches its name or a nickname.
    package func involves(_ contact: Contact, includingOrganizer: Bool = true) -> Bool {
        people(includingOrganizer).contains { $0.matches(contact) }
    }

    private func people(_ includingOrganizer: Bool) -> [CalendarAttendee] {
        includingOrganizer ? attendees + (organizer.map { [$0] } ?? []) : attendees
    }
}
