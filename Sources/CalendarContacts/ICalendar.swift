import Foundation

/// An iCalendar file (RFC 5545): the events of its `VCALENDAR` components.
///
/// ```swift
/// let calendar = try ICalendar(contentsOf: URL(fileURLWithPath: "player-calendar.ics"))
/// let week = calendar.occurrences(from: .now, to: .now + 7 * 86_400, calendar: .current)
/// let withNaomy = calendar.events(withAttendeeNamed: "Naomy")
/// ```
///
/// `VTODO`, `VJOURNAL`, `VFREEBUSY` and `VALARM` components are read (their BEGIN/END must
/// pair up) but not modelled. Every problem is an `ICalendarError` naming the line.
package struct ICalendar: Sendable, Equatable {
    /// Every `VEVENT`, in file order (including those replacing one instance of a repeating
    /// event, which have a `recurrenceID`).
    package var events: [CalendarEvent]
    /// The calendar's `X-WR-CALNAME` (or `NAME`), if any.
    package var name: String?

    /// Parses iCalendar text. Floating times and all-day dates are placed in `floatingTimeZone`.
    package init(parsing text: String, floatingTimeZone: TimeZone = .current) throws(ICalendarError) {
        try self.init(bytes: Array(text.utf8), floatingTimeZone: floatingTimeZone)
    }

    /// Parses iCalendar bytes (UTF-8, or UTF-16 with a byte-order mark). Unlike `init(parsing:)`,
    /// this accepts a fold that splits a multi-byte UTF-8 character.
    package init(data: Data, floatingTimeZone: TimeZone = .current) throws(ICalendarError) {
        try self.init(bytes: Array(data), floatingTimeZone: floatingTimeZone)
    }

    /// Reads and parses the file at `url`; every error carries the file's path.
    package init(contentsOf url: URL, floatingTimeZone: TimeZone = .current) throws(ICalendarError) {
        self = try ICalendarError.parsingFile(at: url) { (bytes) throws(ICalendarError) in
            try ICalendar(bytes: bytes, floatingTimeZone: floatingTimeZone)
        }
    }

    private init(bytes: [UInt8], floatingTimeZone: TimeZone) throws(ICalendarError) {
        let calendars: [Component]
        do {
            calendars = try ComponentReader.read(bytes, root: "VCALENDAR", formatName: "iCalendar")
        } catch {
            throw ICalendarError(error)
        }
        let parser = CalendarEventParser(resolver: TimeZoneResolver(calendars: calendars), floatingZone: floatingTimeZone)
        var events: [CalendarEvent] = []
        for calendar in calendars {
            for component in calendar.children(named: "VEVENT") {
                events.append(try parser.event(from: component))
            }
        }
        self.events = events
        let nameProperty = calendars.lazy.compactMap { $0.property(named: "X-WR-CALNAME") ?? $0.property(named: "NAME") }.first
        name = nameProperty.map { TextValue.unescape($0.value) }
    }

    /// The events with an attendee (or organizer) whose name matches `name`, ignoring case,
    /// diacritics and word order; a first name alone matches ("Naomy" finds "Naomy Park").
    package func events(withAttendeeNamed name: String) -> [CalendarEvent] {
        events.filter { $0.hasAttendee(named: name) }
    }

    /// The events `contact` takes part in, by e-mail address or by name
    /// (see `CalendarEvent.involves(_:)`).
    package func events(involving contact: Contact) -> [CalendarEvent] {
        events.filter { $0.involves(contact) }
    }
}
