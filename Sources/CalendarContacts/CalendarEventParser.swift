import Foundation

/// Builds a `CalendarEvent` from a `VEVENT` component. Nested components (`VALARM`) and
/// properties this reader does not model are ignored.
struct CalendarEventParser: Sendable {
    /// Resolves `TZID` parameters.
    let resolver: TimeZoneResolver
    /// The zone floating times and DATE values are placed in.
    let floatingZone: TimeZone

    /// A date property's instant and how it was written.
    struct ResolvedTime {
        /// The instant.
        var instant: Date
        /// Whether the value was a DATE.
        var isDate: Bool
        /// The zone of its wall-clock time.
        var zone: TimeZone
        /// Whether it had neither `Z` nor `TZID` (or was a DATE).
        var isFloating: Bool
    }

    /// The event described by `component`.
    func event(from component: Component) throws(ICalendarError) -> CalendarEvent {
        guard let startProperty = component.property(named: "DTSTART") else {
            throw ICalendarError(.missingProperty, line: component.lineNumber, "VEVENT has no DTSTART")
        }
        let start = try times(startProperty, defaultZone: nil)[0]
        let clock = ZonedClock(start.zone)

        var end: Date
        if let endProperty = component.property(named: "DTEND") {
            end = try times(endProperty, defaultZone: start.zone)[0].instant
            guard end >= start.instant else {
                throw ICalendarError(.invalidValue, line: endProperty.lineNumber, "DTEND is before DTSTART")
            }
        } else if let durationProperty = component.property(named: "DURATION") {
            guard let duration = ICalendarDuration(durationProperty.value) else {
                throw ICalendarError(
                    .invalidValue, line: durationProperty.lineNumber,
                    durationProperty.value.isEmpty
                        ? "DURATION has no value"
                        : "DURATION value '\(durationProperty.value)' is not a duration")
            }
            end = duration.added(to: start.instant, in: clock)
            guard end >= start.instant else {
                throw ICalendarError(.invalidValue, line: durationProperty.lineNumber, "DURATION is negative")
            }
        } else {
            end = start.isDate ? ICalendarDuration("P1D")!.added(to: start.instant, in: clock) : start.instant
        }

        var recurrence: RecurrenceRule?
        if let ruleProperty = component.property(named: "RRULE") {
            guard !ruleProperty.value.trimmingSpaces().isEmpty else {
                throw ICalendarError(.missingProperty, line: ruleProperty.lineNumber, "RRULE has no value")
            }
            recurrence = try RecurrenceRule(parsing: ruleProperty.value, clock: clock, line: ruleProperty.lineNumber)
        }
        var exceptions: [Date] = []
        for property in component.properties(named: "EXDATE") {
            exceptions += try times(property, defaultZone: start.zone).map(\.instant)
        }
        let recurrenceID = try component.property(named: "RECURRENCE-ID").map { property throws(ICalendarError) in
            try times(property, defaultZone: start.zone)[0].instant
        }

        return CalendarEvent(
            uid: text(component, "UID"),
            summary: text(component, "SUMMARY"),
            description: text(component, "DESCRIPTION"),
            location: text(component, "LOCATION"),
            start: start.instant,
            end: end,
            isAllDay: start.isDate,
            timeZone: start.zone,
            isFloating: start.isFloating,
            attendees: component.properties(named: "ATTENDEE").map(attendee),
            organizer: component.property(named: "ORGANIZER").map(attendee),
            recurrence: recurrence,
            exceptionDates: exceptions,
            recurrenceID: recurrenceID,
            status: text(component, "STATUS")?.uppercased(),
            lineNumber: component.lineNumber)
    }

    /// The values of a DATE / DATE-TIME property (EXDATE may list several, comma-separated).
    /// Floating values use `defaultZone`, or the floating zone when it is nil.
    func times(_ property: ContentLine, defaultZone: TimeZone?) throws(ICalendarError) -> [ResolvedTime] {
        let name = property.name
        let items = property.value.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard !items.isEmpty else {
            throw ICalendarError(.missingProperty, line: property.lineNumber, "\(name) has no value")
        }
        let valueType = property.parameter("VALUE")?.uppercased()
        if let valueType, valueType != "DATE", valueType != "DATE-TIME" {
            throw ICalendarError(.invalidValue, line: property.lineNumber, "\(name) VALUE=\(valueType) is not supported")
        }
        var explicitZone: TimeZone?
        if let tzid = property.parameter("TZID") {
            explicitZone = try resolver.resolve(tzid, line: property.lineNumber)
        }
        return try items.map { item throws(ICalendarError) in
            guard let value = ICalendarDateValue(item), valueType != "DATE" || value.time == nil else {
                let expected = valueType == "DATE" ? "a DATE" : "a DATE or DATE-TIME"
                throw ICalendarError(.invalidValue, line: property.lineNumber, "\(name) value '\(item)' is not \(expected)")
            }
            guard let time = value.time else {
                let zone = defaultZone ?? floatingZone
                return ResolvedTime(instant: ZonedClock(zone).instant(value.date), isDate: true, zone: zone, isFloating: true)
            }
            let zone: TimeZone
            let isFloating: Bool
            if value.isUTC {
                zone = TimeZone(identifier: "UTC")!
                isFloating = false
            } else if let explicitZone {
                zone = explicitZone
                isFloating = false
            } else {
                zone = defaultZone ?? floatingZone
                isFloating = defaultZone == nil
            }
            return ResolvedTime(instant: ZonedClock(zone).instant(value.date, time), isDate: false, zone: zone, isFloating: isFloating)
        }
    }

    /// The unescaped value of the first property `name`, or nil.
    private func text(_ component: Component, _ name: String) -> String? {
        component.property(named: name).map { TextValue.unescape($0.value) }
    }

    /// An ATTENDEE or ORGANIZER property as an attendee.
    private func attendee(_ property: ContentLine) -> CalendarAttendee {
        let name = property.parameter("CN").map { $0.trimmingSpaces() }
        return CalendarAttendee(
            name: name?.isEmpty == false ? name : nil,
            address: property.value.trimmingSpaces(),
            email: property.parameter("EMAIL"),
            role: property.parameter("ROLE")?.uppercased(),
            participationStatus: property.parameter("PARTSTAT")?.uppercased())
    }
}
