import Foundation

/// Loose person-name matching shared by calendar attendees and contacts.
///
/// Names are compared as sets of words, ignoring case and diacritics: two names match when
/// every word of one appears in the other, so "naomy", "Naomy Park" and "PARK, Naomy" all match
/// an attendee called "Naomy Park", and an attendee written just "Naomy" matches the contact
/// "Naomy Park".
enum NameMatching {
    /// The lower-cased, diacritic-free words of `name` (letters and digits).
    static func words(_ name: String) -> [String] {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    /// Whether the words of one name are all among the words of the other (neither empty).
    static func matches(_ lhs: String, _ rhs: String) -> Bool {
        let left = Set(words(lhs)), right = Set(words(rhs))
        guard !left.isEmpty, !right.isEmpty else { return false }
        return left.isSubset(of: right) || right.isSubset(of: left)
    }

    /// Whether two e-mail addresses are the same, ignoring case and surrounding spaces.
    static func sameEmail(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.trimmingSpaces(), right = rhs.trimmingSpaces()
        return !left.isEmpty && left.caseInsensitiveCompare(right) == .orderedSame
    }
}
