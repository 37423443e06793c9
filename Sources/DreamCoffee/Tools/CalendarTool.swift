import CalendarContacts
import Foundation
import FoundationModels

/// Finds events with a contact in the player's calendar, from an iCalendar file, as the sample's
/// `CalendarTool` does with EventKit. The model picks the day; when nothing is planned that day
/// the tool says what comes next with that person, so the customer can still mention it.
package struct CalendarTool: Tool {
    /// The tool's name in the prompt.
    package let name = "getCalendarEvent"
    /// The sample's description: the contact, and today's date.
    package let description: String
    /// Whose events the tool looks for.
    package let contactName: String
    private let calendar: ICalendar
    private let today: Date

    /// The day to look at.
    @Generable
    package struct Arguments {
        /// The day of the month.
        @Guide(description: "The day of the month", .range(1...31))
        package let day: Int
        /// The month, 1 to 12.
        @Guide(description: "The month, from 1 to 12", .range(1...12))
        package let month: Int
        /// The year.
        @Guide(description: "The year", .range(2000...2100))
        package let year: Int
    }

    /// A tool over `calendar` for events with `contactName`; `today` is the game's today.
    package init(contactName: String, calendar: ICalendar, today: Date = Date()) {
        self.contactName = contactName
        self.calendar = calendar
        self.today = today
        description = """
            Get an event from the player's calendar with \(contactName). \
            Today is \(today.formatted(date: .complete, time: .omitted))
            """
    }

    /// The events with the contact on that day, or the next one after it.
    package func call(arguments: Arguments) async throws -> String {
        let gregorian = Calendar(identifier: .gregorian)
        guard let day = gregorian.date(from: DateComponents(year: arguments.year, month: arguments.month, day: arguments.day)) else {
            return "\(arguments.year)-\(arguments.month)-\(arguments.day) is not a date."
        }
        let withContact = { (occurrence: EventOccurrence) in occurrence.event.hasAttendee(named: contactName) }
        let end = gregorian.date(byAdding: .day, value: 1, to: day)!
        let sameDay = calendar.occurrences(from: day, to: end, calendar: gregorian).filter(withContact)
        if !sameDay.isEmpty {
            return sameDay.map { "\($0.event.summary ?? "an event") at \(CalendarTool.describe($0.start))" }.joined(separator: "; ")
        }
        let horizon = gregorian.date(byAdding: .day, value: 120, to: max(day, today))!
        let next = calendar.occurrences(from: max(day, today), to: horizon, calendar: gregorian).first(where: withContact)
        guard let next else { return "No events with \(contactName) on \(CalendarTool.describe(day)) or soon after." }
        return "Nothing with \(contactName) that day. Next: \(next.event.summary ?? "an event") on \(CalendarTool.describe(next.start))."
    }

    static func describe(_ date: Date) -> String {
        date.formatted(date: .complete, time: .shortened)
    }
}
