import Foundation

/// A vCard file (RFC 6350 4.0, RFC 2426 3.0 or vCard 2.1): one or more contacts.
///
/// ```swift
/// let book = try VCardFile(contentsOf: URL(fileURLWithPath: "player-contacts.vcf"))
/// let april = book.contacts(bornIn: 4)
/// let naomy = book.contacts(named: "naomy").first
/// ```
///
/// Every problem is a `VCardError` naming the line.
package struct VCardFile: Sendable, Equatable {
    /// The top-level cards, in file order.
    package var contacts: [Contact]

    /// Parses vCard text.
    package init(parsing text: String) throws(VCardError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Parses vCard bytes (UTF-8, or UTF-16 with a byte-order mark, as some exports write).
    package init(data: Data) throws(VCardError) {
        try self.init(bytes: Array(data))
    }

    /// Reads and parses the file at `url`; every error carries the file's path.
    package init(contentsOf url: URL) throws(VCardError) {
        self = try VCardError.parsingFile(at: url) { (bytes) throws(VCardError) in try VCardFile(bytes: bytes) }
    }

    private init(bytes: [UInt8]) throws(VCardError) {
        let cards: [Component]
        do {
            cards = try ComponentReader.read(bytes, root: "VCARD", formatName: "a vCard")
        } catch {
            throw VCardError(error)
        }
        let parser = ContactParser()
        var contacts: [Contact] = []
        for card in cards {
            contacts.append(try parser.contact(from: card))
        }
        self.contacts = contacts
    }

    /// The contacts whose birthday is in `month` (1…12), by day of the month then name.
    package func contacts(bornIn month: Int) -> [Contact] {
        contacts.filter { $0.birthday?.month == month }.sorted {
            ($0.birthday?.day ?? 0, $0.displayName) < ($1.birthday?.day ?? 0, $1.displayName)
        }
    }

    /// The contacts whose name matches `name` (see `Contact.matches(name:)`).
    package func contacts(named name: String) -> [Contact] {
        contacts.filter { $0.matches(name: name) }
    }

    /// The contacts whose next birthday falls within `days` days from the day of `date`
    /// (today counts), soonest first.
    package func contacts(withBirthdayWithin days: Int, of date: Date, calendar: Calendar = .current) -> [Contact] {
        let today = calendar.startOfDay(for: date)
        guard let limit = calendar.date(byAdding: .day, value: days, to: today) else { return [] }
        return
            contacts
            .compactMap { contact in contact.birthday.map { (contact, $0.nextOccurrence(onOrAfter: today, calendar: calendar)) } }
            .filter { $0.1 < limit }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }
}
