import Foundation
import Testing

@testable import CalendarContacts

@Suite("iCalendar parsing")
struct ICalendarParsingTests {
    /// The four VEVENT examples of RFC 5545 §3.6.1.
    static let rfcEvents = Fixtures.calendarText([
        "BEGIN:VEVENT", "UID:19970901T130000Z-123401@example.com", "DTSTAMP:19970901T130000Z",
        "DTSTART:19970903T163000Z", "DTEND:19970903T190000Z", "SUMMARY:Annual Employee Review",
        "CLASS:PRIVATE", "CATEGORIES:BUSINESS,HUMAN RESOURCES", "END:VEVENT",
        "BEGIN:VEVENT", "UID:19970901T130000Z-123402@example.com", "DTSTAMP:19970901T130000Z",
        "DTSTART:19970401T163000Z", "DTEND:19970402T010000Z", "SUMMARY:Laurel is in sensitivity awareness class.",
        "CLASS:PUBLIC", "CATEGORIES:BUSINESS,HUMAN RESOURCES", "TRANSP:TRANSPARENT", "END:VEVENT",
        "BEGIN:VEVENT", "UID:19970901T130000Z-123403@example.com", "DTSTAMP:19970901T130000Z",
        "DTSTART;VALUE=DATE:19971102", "SUMMARY:Our Blissful Anniversary", "TRANSP:TRANSPARENT",
        "CLASS:CONFIDENTIAL", "CATEGORIES:ANNIVERSARY,PERSONAL,SPECIAL OCCASION", "RRULE:FREQ=YEARLY", "END:VEVENT",
        "BEGIN:VEVENT", "UID:20070423T123432Z-541111@example.com", "DTSTAMP:20070423T123432Z",
        "DTSTART;VALUE=DATE:20070628", "DTEND;VALUE=DATE:20070709",
        "SUMMARY:Festival International de Jazz de Montreal", "TRANSP:TRANSPARENT", "END:VEVENT",
    ])

    @Test func rfc5545Section3_6_1Examples() throws {
        let calendar = try ICalendar(parsing: Self.rfcEvents, floatingTimeZone: Fixtures.utc)
        #expect(calendar.events.count == 4)
        let review = calendar.events[0]
        #expect(review.uid == "19970901T130000Z-123401@example.com")
        #expect(review.summary == "Annual Employee Review")
        #expect(review.start == Fixtures.date(1997, 9, 3, 16, 30))
        #expect(review.end == Fixtures.date(1997, 9, 3, 19, 0))
        #expect(!review.isAllDay && !review.isFloating && review.recurrence == nil)
        #expect(calendar.events[1].duration == 8.5 * 3600)

        let anniversary = calendar.events[2]
        #expect(anniversary.isAllDay)
        #expect(anniversary.start == Fixtures.date(1997, 11, 2))
        #expect(anniversary.end == Fixtures.date(1997, 11, 3))
        #expect(anniversary.recurrence?.frequency == .yearly)

        let jazz = calendar.events[3]
        #expect(jazz.isAllDay)
        #expect(jazz.end == Fixtures.date(2007, 7, 9))

        let occurrences = calendar.occurrences(
            from: Fixtures.date(2000, 1, 1), to: Fixtures.date(2003, 1, 1), calendar: Fixtures.calendar())
        #expect(occurrences.map { Fixtures.day($0.start) } == ["2000-11-02", "2001-11-02", "2002-11-02"])
        #expect(occurrences.allSatisfy { $0.end.timeIntervalSince($0.start) == 86_400 })
    }

    @Test func allDayAndFloatingEventsFollowTheViewersTimeZone() throws {
        let calendar = try ICalendar(parsing: Self.rfcEvents, floatingTimeZone: Fixtures.utc)
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let occurrences = calendar.occurrences(
            from: Fixtures.date(2001, 11, 1, in: tokyo), to: Fixtures.date(2001, 11, 4, in: tokyo), calendar: Fixtures.calendar(tokyo))
        #expect(occurrences.count == 1)
        #expect(Fixtures.stamp(occurrences[0].start, in: tokyo) == "2001-11-02 00:00")
        #expect(Fixtures.stamp(occurrences[0].end, in: tokyo) == "2001-11-03 00:00")
    }

    @Test func dateTimeForms() throws {
        let text = Fixtures.calendarText([
            "BEGIN:VEVENT", "DTSTART:19980118T230000", "DURATION:PT1H30M", "SUMMARY:floating", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART:19980119T070000Z", "DURATION:P1DT2H", "SUMMARY:utc", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;TZID=America/New_York:19980119T020000", "DURATION:P1W", "SUMMARY:zoned", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;TZID=\"America/New_York\":19980119T020000", "SUMMARY:quoted tzid", "END:VEVENT",
        ])
        let events = try ICalendar(parsing: text, floatingTimeZone: Fixtures.paris).events
        #expect(events[0].start == Fixtures.date(1998, 1, 18, 23, 0, in: Fixtures.paris))
        #expect(events[0].isFloating && events[0].timeZone == Fixtures.paris)
        #expect(events[0].duration == 5400)
        #expect(events[1].start == Fixtures.date(1998, 1, 19, 7, 0))
        #expect(events[1].duration == 26 * 3600)
        #expect(events[1].timeZone.secondsFromGMT() == 0 && !events[1].isFloating)
        #expect(events[2].start == Fixtures.date(1998, 1, 19, 7, 0))
        #expect(events[2].timeZone == Fixtures.newYork)
        #expect(events[2].end == Fixtures.date(1998, 1, 26, 7, 0))
        #expect(events[3].start == events[2].start && events[3].end == events[3].start)
    }

    @Test(
        arguments: [
            ("/mozilla.org/20050126_1/Europe/Paris", nil, "Europe/Paris"),
            ("Paris time", "Europe/Paris", "Europe/Paris"),
            ("/citadel.org/20190914_1/America/Argentina/Buenos_Aires", nil, "America/Argentina/Buenos_Aires"),
            ("W. Europe Standard Time", nil, "Europe/Berlin"),
            ("Asia/Tokyo", nil, "Asia/Tokyo"),
        ] as [(String, String?, String)])
    func timeZoneResolution(tzid: String, location: String?, expected: String) throws {
        var zone = ["BEGIN:VTIMEZONE", "TZID:\(tzid)"]
        if let location { zone.append("X-LIC-LOCATION:\(location)") }
        zone += ["BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"]
        let text = Fixtures.calendarText(
            zone + [
                "BEGIN:VEVENT", "DTSTART;TZID=\(tzid):20250704T120000", "END:VEVENT",
            ])
        let event = try #require(try ICalendar(parsing: text).events.first)
        #expect(event.timeZone.identifier == expected)
        #expect(event.start == Fixtures.date(2025, 7, 4, 12, 0, in: TimeZone(identifier: expected)!))
    }

    @Test func attendeesAndOrganizer() throws {
        let text = Fixtures.eventText([
            "DTSTART:20250104T090000Z",
            "ORGANIZER;CN=\"Alex Rivera\":MAILTO:alex@example.com",
            "ATTENDEE;CN=Naomy Park;ROLE=REQ-PARTICIPANT;PARTSTAT=accepted:mailto:naomy.park@example.com",
            "ATTENDEE;RSVP=TRUE:mailto:sam.okafor@example.com",
            "ATTENDEE;CN=Room 4:urn:uuid:1234",
        ])
        let event = try #require(try ICalendar(parsing: text).events.first)
        #expect(event.organizer == CalendarAttendee(name: "Alex Rivera", address: "MAILTO:alex@example.com"))
        #expect(event.organizer?.email == "alex@example.com")
        #expect(event.attendees.map(\.name) == ["Naomy Park", nil, "Room 4"])
        #expect(event.attendees.map(\.email) == ["naomy.park@example.com", "sam.okafor@example.com", nil])
        #expect(event.attendees[0].role == "REQ-PARTICIPANT" && event.attendees[0].participationStatus == "ACCEPTED")
        #expect(event.hasAttendee(named: "naomy"))
        #expect(event.hasAttendee(named: "NAOMY PARK"))
        #expect(event.hasAttendee(named: "Park"))
        #expect(event.hasAttendee(named: "Sam Okafor")) // from the e-mail's local part
        #expect(!event.hasAttendee(named: "Naomi"))
        #expect(event.hasAttendee(named: "Alex"))
        #expect(!event.hasAttendee(named: "Alex", includingOrganizer: false))
    }

    @Test func textEscapesInValues() throws {
        let text = Fixtures.eventText([
            "DTSTART:20250104T090000Z",
            #"SUMMARY:Coffee\, cake\; and talk"#,
            #"DESCRIPTION:Line one\nLine two\NPath C:\\Beans"#,
            #"LOCATION:Le Petit Grain\, Paris"#,
        ])
        let event = try #require(try ICalendar(parsing: text).events.first)
        #expect(event.summary == "Coffee, cake; and talk")
        #expect(event.description == "Line one\nLine two\nPath C:\\Beans")
        #expect(event.location == "Le Petit Grain, Paris")
    }

    @Test func ignoresTodosJournalsAndAlarmContent() throws {
        let text = Fixtures.calendarText([
            "BEGIN:VTODO", "UID:t", "SUMMARY:todo", "DTSTART:20250101T000000Z", "END:VTODO",
            "BEGIN:VJOURNAL", "UID:j", "DESCRIPTION:journal", "END:VJOURNAL",
            "BEGIN:VEVENT", "UID:e", "DTSTART:20250101T100000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm text", "TRIGGER:-PT15M", "END:VALARM",
            "SUMMARY:event", "END:VEVENT",
            "BEGIN:X-CUSTOM", "FOO:bar", "END:X-CUSTOM",
        ])
        let calendar = try ICalendar(parsing: text)
        #expect(calendar.events.map(\.summary) == ["event"])
        #expect(calendar.events[0].description == nil)
    }

    @Test func exdatesAndRecurrenceOverrides() throws {
        let text = Fixtures.calendarText([
            "BEGIN:VEVENT", "UID:weekly@x", "DTSTART;TZID=Europe/Paris:20250106T090000", "DURATION:PT1H",
            "SUMMARY:Standup", "RRULE:FREQ=WEEKLY;COUNT=6",
            "EXDATE;TZID=Europe/Paris:20250113T090000,20250120T090000", "EXDATE:20250127T080000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:weekly@x", "RECURRENCE-ID;TZID=Europe/Paris:20250203T090000",
            "DTSTART;TZID=Europe/Paris:20250204T140000", "DURATION:PT1H", "SUMMARY:Standup (moved)", "END:VEVENT",
            "BEGIN:VEVENT", "UID:holiday@x", "DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;COUNT=5",
            "EXDATE;VALUE=DATE:20250103", "SUMMARY:Holiday", "END:VEVENT",
            "BEGIN:VEVENT", "UID:gone@x", "DTSTART:20250105T100000Z", "STATUS:CANCELLED", "SUMMARY:Cancelled", "END:VEVENT",
        ])
        let calendar = try ICalendar(parsing: text, floatingTimeZone: Fixtures.paris)
        #expect(calendar.events[0].exceptionDates.count == 3)
        let occurrences = calendar.occurrences(
            from: Fixtures.date(2025, 1, 1, in: Fixtures.paris), to: Fixtures.date(2025, 3, 1, in: Fixtures.paris),
            calendar: Fixtures.calendar(Fixtures.paris))
        let standups = occurrences.filter { $0.event.summary?.hasPrefix("Standup") == true }
        #expect(
            standups.map { Fixtures.stamp($0.start, in: Fixtures.paris) } == [
                "2025-01-06 09:00", "2025-02-04 14:00", "2025-02-10 09:00",
            ])
        let holidays = occurrences.filter { $0.event.summary == "Holiday" }
        #expect(holidays.map { Fixtures.day($0.start, in: Fixtures.paris) } == ["2025-01-01", "2025-01-02", "2025-01-04", "2025-01-05"])
        #expect(!occurrences.contains { $0.event.summary == "Cancelled" })
    }

    @Test func occurrencesOverlapTheRangeAndAreSorted() throws {
        let text = Fixtures.calendarText([
            "BEGIN:VEVENT", "UID:b", "DTSTART:20250110T090000Z", "DTEND:20250110T120000Z", "SUMMARY:B", "END:VEVENT",
            "BEGIN:VEVENT", "UID:a", "DTSTART:20250110T080000Z", "DTEND:20250110T083000Z", "SUMMARY:A", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "DTSTART:20250110T130000Z", "SUMMARY:C", "END:VEVENT",
        ])
        let calendar = try ICalendar(parsing: text)
        let all = calendar.occurrences(from: Fixtures.date(2025, 1, 10), to: Fixtures.date(2025, 1, 11), calendar: Fixtures.calendar())
        #expect(all.map(\.event.summary) == ["A", "B", "C"])
        let inProgress = calendar.occurrences(
            from: Fixtures.date(2025, 1, 10, 10), to: Fixtures.date(2025, 1, 10, 13), calendar: Fixtures.calendar())
        #expect(inProgress.map(\.event.summary) == ["B"])
        #expect(calendar.occurrences(from: Fixtures.date(2025, 1, 11), to: Fixtures.date(2025, 1, 10), calendar: Fixtures.calendar()).isEmpty)
    }

    @Test func readsFilesAndReportsMissingOnes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cc-\(UUID().uuidString).ics")
        try Data(Fixtures.eventText(["DTSTART:20250101T100000Z", "SUMMARY:from disk"]).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ICalendar(contentsOf: url).events.first?.summary == "from disk")

        let missing = URL(fileURLWithPath: "/nonexistent/dir/calendar.ics")
        #expect(throws: ICalendarError(.fileNotFound, line: nil, "file not found", path: "/nonexistent/dir/calendar.ics")) {
            try ICalendar(contentsOf: missing)
        }
    }
}
