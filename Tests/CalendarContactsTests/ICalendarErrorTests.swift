import Foundation
import Testing

@testable import CalendarContacts

/// Every malformed input is an `ICalendarError` naming the problem and the line.
@Suite("iCalendar errors")
struct ICalendarErrorTests {
    /// The error for a single VEVENT whose body is `body` (the body starts on line 7).
    private func eventError(_ body: [String]) -> ICalendarError? {
        Fixtures.calendarError(Fixtures.eventText(body))
    }

    @Test func dtstartWithoutValue() throws {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN", "BEGIN:VEVENT", "UID:a",
            "X-1:1", "X-2:2", "X-3:3", "X-4:4", "X-5:5", "SUMMARY:Coffee", "DTSTART:", "END:VEVENT", "END:VCALENDAR",
        ]
        let error = try #require(Fixtures.calendarError(Fixtures.crlf(lines)))
        #expect(error.description == "line 12: DTSTART has no value")
        #expect(error.kind == .missingProperty && error.line == 12)
    }

    @Test func endWithoutBegin() throws {
        let error = try #require(Fixtures.calendarError(Fixtures.crlf(["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VCALENDAR"])))
        #expect(error.description == "line 3: END:VCALENDAR without BEGIN")
        #expect(error.kind == .unbalancedComponent)
    }

    @Test func endThatDoesNotMatch() throws {
        let error = try #require(Fixtures.calendarError(Fixtures.crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART:20250101", "END:VCALENDAR"])))
        #expect(error.description == "line 4: END:VCALENDAR does not match BEGIN:VEVENT on line 2")
    }

    @Test func unterminatedComponent() throws {
        let error = try #require(Fixtures.calendarError(Fixtures.crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART:20250101"])))
        #expect(error.description == "line 2: BEGIN:VEVENT has no matching END:VEVENT")
    }

    @Test func notICalendar() throws {
        let error = try #require(Fixtures.calendarError("BEGIN:VCARD\r\nFN:x\r\nEND:VCARD\r\n"))
        #expect(error.description == "line 1: the file is not iCalendar: it does not start with BEGIN:VCALENDAR")
        #expect(error.kind == .notICalendar)
        #expect(Fixtures.calendarError("")?.description == "the file is not iCalendar: it is empty")
        #expect(
            Fixtures.calendarError("\u{FEFF}\r\n\r\nhello world")?.description
                == "line 3: the file is not iCalendar: it does not start with BEGIN:VCALENDAR")
    }

    @Test func propertyOutsideTheCalendar() throws {
        let error = try #require(Fixtures.calendarError(Fixtures.crlf(["BEGIN:VCALENDAR", "END:VCALENDAR", "SUMMARY:stray"])))
        #expect(error.description == "line 3: SUMMARY is outside BEGIN:VCALENDAR … END:VCALENDAR")
    }

    @Test func malformedContentLines() throws {
        #expect(
            eventError(["DTSTART:20250101", "this line has no colon"])?.description
                == "line 8: 'this line has no colon' is not a content line: it has no ':'")
        #expect(
            eventError(["DTSTART:20250101", "SUMMARY;LANGUAGE=\"en:Coffee"])?.description
                == "line 8: SUMMARY parameter LANGUAGE has an unterminated quoted value")
        #expect(eventError(["DTSTART:20250101", "BAD NAME:x"])?.description == "line 8: 'BAD NAME' is not a valid property name")
        #expect(eventError(["DTSTART:20250101", "BEGIN:"])?.description == "line 8: BEGIN has no component name")
    }

    @Test func missingAndInvalidDates() throws {
        #expect(eventError(["SUMMARY:no start"])?.description == "line 4: VEVENT has no DTSTART")
        #expect(eventError(["DTSTART:2025-01-01"])?.description == "line 7: DTSTART value '2025-01-01' is not a DATE or DATE-TIME")
        #expect(eventError(["DTSTART:20250231T100000Z"])?.description == "line 7: DTSTART value '20250231T100000Z' is not a DATE or DATE-TIME")
        #expect(eventError(["DTSTART;VALUE=DATE:20250101T100000"])?.description == "line 7: DTSTART value '20250101T100000' is not a DATE")
        #expect(eventError(["DTSTART:20250101T100000Z", "DTEND:20250101T090000Z"])?.description == "line 8: DTEND is before DTSTART")
        #expect(eventError(["DTSTART:20250101T100000Z", "DURATION:1 hour"])?.description == "line 8: DURATION value '1 hour' is not a duration")
        #expect(
            eventError(["DTSTART:20250101T100000Z", "EXDATE:tomorrow"])?.description == "line 8: EXDATE value 'tomorrow' is not a DATE or DATE-TIME")
        #expect(eventError(["DTSTART;VALUE=PERIOD:20250101T100000Z/PT1H"])?.description == "line 7: DTSTART VALUE=PERIOD is not supported")
    }

    @Test func unknownTimeZone() throws {
        let error = try #require(eventError(["DTSTART;TZID=Mars/Olympus:20250101T100000"]))
        #expect(error.description == "line 7: unknown time zone 'Mars/Olympus'")
        #expect(error.kind == .unknownTimeZone)
        let custom = Fixtures.calendarText([
            "BEGIN:VTIMEZONE", "TZID:My Custom Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "DTSTART;TZID=My Custom Zone:20250101T100000", "END:VEVENT",
        ])
        #expect(Fixtures.calendarError(custom)?.description == "line 13: unknown time zone 'My Custom Zone'")
    }

    @Test(
        arguments: [
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1", "RRULE part BYSETPOS is not supported", ICalendarError.Kind.unsupportedRecurrence),
            ("FREQ=YEARLY;BYYEARDAY=1,100", "RRULE part BYYEARDAY is not supported", .unsupportedRecurrence),
            ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "RRULE part BYWEEKNO is not supported", .unsupportedRecurrence),
            ("FREQ=DAILY;BYHOUR=9,10", "RRULE part BYHOUR is not supported", .unsupportedRecurrence),
            ("FREQ=HOURLY;INTERVAL=3", "RRULE part FREQ=HOURLY is not supported", .unsupportedRecurrence),
            ("FREQ=FORTNIGHTLY", "RRULE FREQ 'FORTNIGHTLY' is not a frequency", .invalidValue),
            ("INTERVAL=2", "RRULE has no FREQ", .invalidValue),
            ("FREQ=DAILY;COUNT=3;UNTIL=20250110", "RRULE has both COUNT and UNTIL", .invalidValue),
            ("FREQ=DAILY;COUNT=zero", "RRULE COUNT 'zero' is not a positive number", .invalidValue),
            ("FREQ=DAILY;INTERVAL=0", "RRULE INTERVAL '0' is not a positive number", .invalidValue),
            ("FREQ=WEEKLY;BYDAY=MO,XX", "RRULE BYDAY value 'XX' is not a weekday", .invalidValue),
            ("FREQ=WEEKLY;BYDAY=1MO", "RRULE BYDAY value '1MO' has a number, which needs FREQ=MONTHLY or FREQ=YEARLY", .invalidValue),
            ("FREQ=YEARLY;BYMONTH=13", "RRULE BYMONTH value '13' is not a month (1 to 12)", .invalidValue),
            ("FREQ=MONTHLY;BYMONTHDAY=0", "RRULE BYMONTHDAY value '0' is not a day of the month (1 to 31 or -31 to -1)", .invalidValue),
            ("FREQ=DAILY;UNTIL=soon", "RRULE UNTIL 'soon' is not a DATE or DATE-TIME", .invalidValue),
            ("FREQ=DAILY;WKST=XY", "RRULE WKST value 'XY' is not a weekday", .invalidValue),
            ("FREQ", "RRULE part 'FREQ' has no '='", .invalidValue),
        ] as [(String, String, ICalendarError.Kind)])
    func recurrenceRuleErrors(rule: String, message: String, kind: ICalendarError.Kind) throws {
        let error = try #require(eventError(["DTSTART:20250101T100000Z", "RRULE:\(rule)"]))
        #expect(error == ICalendarError(kind, line: 8, message))
    }

    @Test func fileErrorsCarryThePath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cc-\(UUID().uuidString).ics")
        try Data([0x42, 0x45, 0x47, 0x49, 0x4E, 0x3A, 0x56, 0x43, 0x41, 0x4C, 0x45, 0x4E, 0x44, 0x41, 0x52, 0x0A, 0xC3, 0x28, 0x0A]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: ICalendarError.self) { try ICalendar(contentsOf: url) }
        #expect(error.kind == .notUTF8 && error.line == 2 && error.path == url.path)
        #expect(error.description == "\(url.path): line 2: the text is not valid UTF-8")

        let directory = FileManager.default.temporaryDirectory
        let unreadable = try #require(throws: ICalendarError.self) { try ICalendar(contentsOf: directory) }
        #expect(unreadable.kind == .fileNotReadable && unreadable.path == directory.path)
        #expect(unreadable.description.hasPrefix("\(directory.path): the file cannot be read"))

        let inFile = URL(fileURLWithPath: "/tmp/\(UUID().uuidString).ics")
        try Data("BEGIN:VCALENDAR\nEND:VEVENT\n".utf8).write(to: inFile)
        defer { try? FileManager.default.removeItem(at: inFile) }
        let parseError = try #require(throws: ICalendarError.self) { try ICalendar(contentsOf: inFile) }
        #expect(parseError.description == "\(inFile.path): line 2: END:VEVENT does not match BEGIN:VCALENDAR on line 1")
    }
}
