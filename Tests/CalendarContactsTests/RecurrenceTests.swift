import Foundation
import Testing

@testable import CalendarContacts

/// The RRULE examples of RFC 5545 §3.8.5.3 (all with `TZID=America/New_York`), with their
/// published instances.
@Suite("Recurrence rules")
struct RecurrenceTests {
    /// The instances (New York wall clock, `yyyy-MM-dd HH:mm`) of an event starting at
    /// `dtstart` (New York) with `rrule`, between 1997 and `until`.
    private func instances(_ dtstart: String, _ rrule: String, extra: [String] = [], until year: Int = 2001) throws -> [String] {
        let text = Fixtures.eventText(["DTSTART;TZID=America/New_York:\(dtstart)", "DURATION:PT1H", "RRULE:\(rrule)"] + extra)
        let calendar = try ICalendar(parsing: text)
        return calendar.occurrences(
            from: Fixtures.date(1997, 1, 1), to: Fixtures.date(year, 1, 1), calendar: Fixtures.calendar(Fixtures.newYork)
        ).map { Fixtures.stamp($0.start, in: Fixtures.newYork) }
    }

    /// `yyyy-MM-dd 09:00` for each listed day.
    private func at9(_ days: [String]) -> [String] {
        days.map { "\($0) 09:00" }
    }

    @Test func dailyForTenOccurrences() throws {
        let result = try instances("19970902T090000", "FREQ=DAILY;COUNT=10")
        #expect(result == at9((2...11).map { String(format: "1997-09-%02d", $0) }))
    }

    @Test func dailyUntilDecember24() throws {
        let result = try instances("19970902T090000", "FREQ=DAILY;UNTIL=19971224T000000Z")
        #expect(result.count == 113)
        #expect(result.first == "1997-09-02 09:00")
        #expect(result.last == "1997-12-23 09:00")
    }

    @Test func weeklyForTenOccurrencesKeepsLocalTimeAcrossDST() throws {
        let text = Fixtures.eventText(["DTSTART;TZID=America/New_York:19970902T090000", "RRULE:FREQ=WEEKLY;COUNT=10"])
        let occurrences = try ICalendar(parsing: text).occurrences(
            from: Fixtures.date(1997, 1, 1), to: Fixtures.date(1998, 1, 1), calendar: Fixtures.calendar())
        #expect(
            occurrences.map { Fixtures.stamp($0.start, in: Fixtures.newYork) }
                == at9([
                    "1997-09-02", "1997-09-09", "1997-09-16", "1997-09-23", "1997-09-30",
                    "1997-10-07", "1997-10-14", "1997-10-21", "1997-10-28", "1997-11-04",
                ]))
        #expect(Fixtures.stamp(occurrences[0].start) == "1997-09-02 13:00") // EDT
        #expect(Fixtures.stamp(occurrences[9].start) == "1997-11-04 14:00") // EST
    }

    @Test func everyOtherWeekOnTuesdayAndThursdayForEightOccurrences() throws {
        let result = try instances("19970902T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH")
        #expect(
            result
                == at9([
                    "1997-09-02", "1997-09-04", "1997-09-16", "1997-09-18", "1997-09-30",
                    "1997-10-02", "1997-10-14", "1997-10-16",
                ]))
    }

    @Test func everyOtherWeekOnTuesdayAndThursdayForever() throws {
        let result = try instances("19970902T090000", "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,TH", until: 1998)
        #expect(
            result.prefix(10)
                == at9([
                    "1997-09-02", "1997-09-04", "1997-09-16", "1997-09-18", "1997-09-30",
                    "1997-10-02", "1997-10-14", "1997-10-16", "1997-10-28", "1997-10-30",
                ])[...])
        #expect(result.last == "1997-12-25 09:00")
    }

    @Test func everyOtherWeekOnMondayWednesdayFridayUntilDecember24() throws {
        let result = try instances("19970901T090000", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR")
        #expect(
            result
                == at9([
                    "1997-09-01", "1997-09-03", "1997-09-05", "1997-09-15", "1997-09-17", "1997-09-19", "1997-09-29",
                    "1997-10-01", "1997-10-03", "1997-10-13", "1997-10-15", "1997-10-17", "1997-10-27", "1997-10-29",
                    "1997-10-31", "1997-11-10", "1997-11-12", "1997-11-14", "1997-11-24", "1997-11-26", "1997-11-28",
                    "1997-12-08", "1997-12-10", "1997-12-12", "1997-12-22",
                ]))
    }

    @Test func weekStartChangesEveryOtherWeek() throws {
        let monday = try instances("19970805T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO")
        #expect(monday == at9(["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"]))
        let sunday = try instances("19970805T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU")
        #expect(sunday == at9(["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"]))
    }

    @Test func monthlyOnTheFirstFridayForTenOccurrences() throws {
        let result = try instances("19970905T090000", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR")
        #expect(
            result
                == at9([
                    "1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02",
                    "1998-02-06", "1998-03-06", "1998-04-03", "1998-05-01", "1998-06-05",
                ]))
    }

    @Test func everyOtherMonthOnTheFirstAndLastSunday() throws {
        let result = try instances("19970907T090000", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU")
        #expect(
            result
                == at9([
                    "1997-09-07", "1997-09-28", "1997-11-02", "1997-11-30", "1998-01-04",
                    "1998-01-25", "1998-03-01", "1998-03-29", "1998-05-03", "1998-05-31",
                ]))
    }

    @Test func monthlyOnTheSecondToLastMonday() throws {
        let result = try instances("19970922T090000", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO")
        #expect(result == at9(["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"]))
    }

    @Test func monthlyOnTheFirstAndLastDay() throws {
        let result = try instances("19970930T090000", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1")
        #expect(
            result
                == at9([
                    "1997-09-30", "1997-10-01", "1997-10-31", "1997-11-01", "1997-11-30",
                    "1997-12-01", "1997-12-31", "1998-01-01", "1998-01-31", "1998-02-01",
                ]))
    }

    @Test func monthlyOnThe2ndAnd15th() throws {
        let result = try instances("19970902T090000", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15")
        #expect(
            result
                == at9([
                    "1997-09-02", "1997-09-15", "1997-10-02", "1997-10-15", "1997-11-02",
                    "1997-11-15", "1997-12-02", "1997-12-15", "1998-01-02", "1998-01-15",
                ]))
    }

    @Test func every18MonthsOnThe10thTo15th() throws {
        let result = try instances("19970910T090000", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15")
        #expect(
            result
                == at9([
                    "1997-09-10", "1997-09-11", "1997-09-12", "1997-09-13", "1997-09-14",
                    "1997-09-15", "1999-03-10", "1999-03-11", "1999-03-12", "1999-03-13",
                ]))
    }

    @Test func yearlyInJuneAndJulyForTenOccurrences() throws {
        let result = try instances("19970610T090000", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", until: 2003)
        #expect(
            result
                == at9([
                    "1997-06-10", "1997-07-10", "1998-06-10", "1998-07-10", "1999-06-10",
                    "1999-07-10", "2000-06-10", "2000-07-10", "2001-06-10", "2001-07-10",
                ]))
    }

    @Test func everyOtherYearInJanuaryFebruaryAndMarch() throws {
        let result = try instances("19970310T090000", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", until: 2005)
        #expect(
            result
                == at9([
                    "1997-03-10", "1999-01-10", "1999-02-10", "1999-03-10", "2001-01-10",
                    "2001-02-10", "2001-03-10", "2003-01-10", "2003-02-10", "2003-03-10",
                ]))
    }

    @Test func every20thMondayOfTheYear() throws {
        let result = try instances("19970519T090000", "FREQ=YEARLY;BYDAY=20MO", until: 2000)
        #expect(result == at9(["1997-05-19", "1998-05-18", "1999-05-17"]))
    }

    @Test func everyThursdayInMarch() throws {
        let result = try instances("19970313T090000", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", until: 2000)
        #expect(
            result
                == at9([
                    "1997-03-13", "1997-03-20", "1997-03-27", "1998-03-05", "1998-03-12", "1998-03-19",
                    "1998-03-26", "1999-03-04", "1999-03-11", "1999-03-18", "1999-03-25",
                ]))
    }

    @Test func everyDayInJanuaryForThreeYears() throws {
        let result = try instances("19980101T090000", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1")
        #expect(result.count == 93)
        #expect(result.first == "1998-01-01 09:00" && result.last == "2000-01-31 09:00")
        #expect(result.allSatisfy { $0.dropFirst(5).hasPrefix("01-") })
    }

    @Test func everyFridayThe13thExceptDTSTART() throws {
        let result = try instances(
            "19970902T090000", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
            extra: ["EXDATE;TZID=America/New_York:19970902T090000"])
        #expect(result == at9(["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"]))
    }

    @Test func firstSaturdayFollowingTheFirstSunday() throws {
        let result = try instances("19970913T090000", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", until: 1998)
        #expect(result == at9(["1997-09-13", "1997-10-11", "1997-11-08", "1997-12-13"]))
    }

    @Test func monthlyOnThe31stSkipsShortMonths() throws {
        let result = try instances("19970131T090000", "FREQ=MONTHLY;COUNT=5", until: 1998)
        #expect(result == at9(["1997-01-31", "1997-03-31", "1997-05-31", "1997-07-31", "1997-08-31"]))
    }

    @Test func unboundedRulesStopAtTheRangeEnd() throws {
        let text = Fixtures.eventText(["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY"])
        let calendar = try ICalendar(parsing: text)
        let week = calendar.occurrences(from: Fixtures.date(2029, 6, 1), to: Fixtures.date(2029, 6, 8), calendar: Fixtures.calendar())
        #expect(week.map { Fixtures.day($0.start) } == (1...7).map { String(format: "2029-06-%02d", $0) })
        let never = Fixtures.eventText(["DTSTART:20250101T090000Z", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"])
        let none = try ICalendar(parsing: never).occurrences(from: Fixtures.date(2026, 1, 1), to: .distantFuture, calendar: Fixtures.calendar())
        #expect(none.isEmpty)
    }

    @Test func parsedRuleParts() throws {
        let text = Fixtures.eventText([
            "DTSTART:20250101T090000Z", "RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20251231;BYDAY=MO,-1FR,+2TU;BYMONTH=1,6;BYMONTHDAY=-1,15;WKST=SU",
        ])
        let rule = try #require(try ICalendar(parsing: text, floatingTimeZone: Fixtures.utc).events.first?.recurrence)
        #expect(rule.frequency == .monthly && rule.interval == 2 && rule.count == nil)
        #expect(rule.until == Fixtures.date(2025, 12, 31, 23, 59, 59))
        #expect(rule.byDay == [.init(.monday), .init(.friday, ordinal: -1), .init(.tuesday, ordinal: 2)])
        #expect(rule.byMonth == [1, 6] && rule.byMonthDay == [-1, 15] && rule.weekStart == .sunday)
    }
}
