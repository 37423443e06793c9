import Foundation

/// The sample calendar and contacts that ship with the game (a player's life: friends, coffee
/// dates, a book club), used when the player gives no files of their own.
package enum GameSamples {
    /// The sample iCalendar file.
    package static var calendarURL: URL? { Bundle.module.url(forResource: "player-calendar", withExtension: "ics", subdirectory: "Samples") }
    /// The sample vCard file.
    package static var contactsURL: URL? { Bundle.module.url(forResource: "player-contacts", withExtension: "vcf", subdirectory: "Samples") }
}
