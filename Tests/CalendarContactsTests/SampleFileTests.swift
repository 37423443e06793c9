import Foundation
import Testing

@testable import CalendarContacts

/// The game's sample files in `Samples/` parse, exercise the parser, and always have upcoming
/// events whatever "today" is.
@Suite("Sample files")
struct SampleFileTests {
    static let calendarURL = Fixtures.samples.appendingPathComponent("player-calendar.ics")
    static let contactsURL = Fixtures.samples.appendingPathComponent("player-contacts.vcf")

    private func load() throws -> (ICalendar, VCardFile) {
        (try ICalendar(contentsOf: Self.calendarURL, floatingTimeZone: Fixtures.paris), try VCardFile(contentsOf: Self.contactsURL))
    }

    @Test func calendarExercisesTheParser() throws {
        let (calendar, _) = try load()
        let raw = try String(contentsOf: Self.calendarURL, encoding: .utf8)
        #expect(raw.contains("\r\n ")) // folded lines
        #expect(calendar.name == "Alex's calendar")
        #expect(calendar.events.count == 9)
        let byUID = Dictionary(uniqueKeysWithValues: calendar.events.map { ($0.uid ?? "", $0) })
        let coffee = try #require(byUID["coffee-naomy-2025@dreamcoffee.example"])
        #expect(coffee.timeZone.identifier == "Europe/Paris") // the /mozilla.org/… VTIMEZONE
        #expect(coffee.location == "Le Petit Grain, 12 rue des Martyrs, Paris")
        #expect(coffee.description?.contains("cortado; I try something new") == true)
        #expect(coffee.description?.hasSuffix("menu board.\nBring back her book!") == true)
        #expect(coffee.duration == 5400)
        #expect(coffee.exceptionDates == [Fixtures.date(2025, 8, 16, 10, 0, in: Fixtures.paris)])
        let party = try #require(byUID["lena-birthday-party-2025@dreamcoffee.example"])
        #expect(party.isAllDay && party.summary == "Lena's birthday party 🎂")
        let run = try #require(byUID["run-club-2025@dreamcoffee.example"])
        #expect(run.timeZone.secondsFromGMT() == 0 && !run.isFloating)
        #expect(byUID["board-games-2025@dreamcoffee.example"]?.isFloating == true)
        #expect(byUID["board-games-2025@dreamcoffee.example"]?.description == "Every other Friday. Bring snacks \\ a new game if you have one.")

        let august = calendar.occurrences(
            from: Fixtures.date(2025, 8, 1, in: Fixtures.paris), to: Fixtures.date(2025, 9, 1, in: Fixtures.paris),
            calendar: Fixtures.calendar(Fixtures.paris)
        ).filter { $0.event.uid == coffee.uid }.map { Fixtures.stamp($0.start, in: Fixtures.paris) }
        #expect(august == ["2025-08-02 10:00", "2025-08-09 10:00", "2025-08-23 10:00", "2025-08-30 10:00"])
    }

    @Test func contactsExerciseTheParser() throws {
        let (_, contacts) = try load()
        #expect(contacts.contacts.count == 10)
        #expect(Set(contacts.contacts.compactMap(\.version)) == ["2.1", "3.0", "4.0"])
        let naomy = try #require(contacts.contacts(named: "Naomy").first)
        #expect(naomy.displayName == "Naomy Park" && naomy.birthday == Birthday(year: 1994, month: 3, day: 14))
        #expect(naomy.note?.contains("Cortado, no sugar.") == true)
        let lena = try #require(contacts.contacts(named: "Lena").first)
        #expect(lena.note == "Runs the Kaffeehaus Vogel. Für ihren Geburtstag: Töpferkurs-Gutschein.")
        #expect(contacts.contacts(named: "Jonah").first?.birthday == Birthday(year: nil, month: 8, day: 27))
        #expect(contacts.contacts(named: "Marcus").first?.birthday == Birthday(year: 1987, month: 5, day: 30))
        #expect(contacts.contacts(named: "Aiko").first?.emails.first?.label == "Other")
        let months = (1...12).filter { !contacts.contacts(bornIn: $0).isEmpty }
        #expect(months.count >= 8)
    }

    @Test func everyAttendeeButThePlayerIsAContact() throws {
        let (calendar, contacts) = try load()
        for event in calendar.events {
            for attendee in event.attendees + (event.organizer.map { [$0] } ?? []) where attendee.name != "Alex Rivera" {
                #expect(contacts.contacts.contains { attendee.matches($0) }, "\(attendee.displayName) in \(event.summary ?? "")")
            }
        }
        let naomy = try #require(contacts.contacts(named: "Naomy Park").first)
        #expect(
            Set(calendar.events(involving: naomy).compactMap(\.summary))
                == ["Coffee with Naomy", "Book club at Rosa's", "Lena's birthday party 🎂", "Naomy's birthday"])
        #expect(calendar.events(withAttendeeNamed: "naomy").count == 4)
        #expect(calendar.events(withAttendeeNamed: "Théo").map(\.summary) == ["Book club at Rosa's"])
    }

    @Test(arguments: [
        (2026, 1, 1, 0), (2026, 7, 15, 12), (2027, 2, 28, 23), (2028, 2, 29, 8),
        (2029, 3, 31, 22), (2029, 12, 31, 18), (2030, 6, 30, 9), (2030, 10, 27, 2),
    ])
    func upcomingEventsWhateverToday(year: Int, month: Int, day: Int, hour: Int) throws {
        let (calendar, contacts) = try load()
        let viewer = Fixtures.calendar(Fixtures.paris)
        let today = Fixtures.date(year, month, day, hour, in: Fixtures.paris)
        func summaries(days: Int) -> Set<String> {
            let end = viewer.date(byAdding: .day, value: days, to: today)!
            let found = calendar.occurrences(from: today, to: end, calendar: viewer)
            #expect(found.allSatisfy { $0.end > today && $0.start < end })
            #expect(found.map(\.start) == found.map(\.start).sorted())
            return Set(found.compactMap(\.event.summary))
        }
        let week = summaries(days: 7)
        #expect(week.isSuperset(of: ["Coffee with Naomy", "Run club by the canal"]))
        #expect(summaries(days: 35).isSuperset(of: ["Book club at Rosa's", "Dinner with Ben", "Board games at Sam's"]))
        #expect(
            summaries(days: 366).isSuperset(of: [
                "Lena's birthday party 🎂", "Naomy's birthday", "Winter tea tasting with Aiko",
            ]))
        #expect(!summaries(days: 366).contains("Flight to Lisbon (TP 433)"))

        let withNaomy = calendar.occurrences(from: today, to: viewer.date(byAdding: .day, value: 7, to: today)!, calendar: viewer)
            .filter { $0.event.hasAttendee(named: "Naomy") }
        #expect(!withNaomy.isEmpty)
        #expect(!contacts.contacts(withBirthdayWithin: 120, of: today, calendar: viewer).isEmpty)
    }
}
