/// An `ATTENDEE` or `ORGANIZER` of an event (RFC 5545 §3.8.4.1, §3.8.4.3).
package struct CalendarAttendee: Sendable, Equatable, Hashable {
    /// The `CN` parameter (common name), if given.
    package var name: String?
    /// The address from a `mailto:` value (or the `EMAIL` parameter), if any.
    package var email: String?
    /// The raw calendar address, e.g. `mailto:naomy@example.com`.
    package var address: String
    /// The `ROLE` parameter (`REQ-PARTICIPANT`, `CHAIR`, …), upper-cased, if given.
    package var role: String?
    /// The `PARTSTAT` parameter (`ACCEPTED`, `DECLINED`, …), upper-cased, if given.
    package var participationStatus: String?

    /// An attendee; `email` is derived from a `mailto:` address when not given.
    package init(name: String?, address: String, email: String? = nil, role: String? = nil, participationStatus: String? = nil) {
        self.name = name
        self.address = address
        self.role = role
        self.participationStatus = participationStatus
        if let email {
            self.email = email
        } else if address.lowercased().hasPrefix("mailto:") {
            let rest = String(address.dropFirst("mailto:".count)).trimmingSpaces()
            self.email = rest.isEmpty ? nil : rest
        } else if address.contains("@"), !address.contains(":") {
            self.email = address
        } else {
            self.email = nil
        }
    }

    /// The name to show: the `CN`, else the e-mail address, else the raw address.
    package var displayName: String {
        name ?? email ?? address
    }

    /// Whether this attendee's name matches `name`, ignoring case and diacritics and word
    /// order: "naomy", "Naomy Park" and "park naomy" all match "Naomy Park". Without a `CN`,
    /// the words of the e-mail's local part are used (`naomy.park@…`).
    package func matches(name query: String) -> Bool {
        if let name, NameMatching.matches(name, query) { return true }
        if name == nil, let email, let local = email.split(separator: "@").first {
            return NameMatching.matches(String(local), query)
        }
        return false
    }

    /// Whether this attendee is `contact`: one of its e-mail addresses, or a matching name
    /// (its display name, or one of its nicknames).
    package func matches(_ contact: Contact) -> Bool {
        if let email, contact.emails.contains(where: { NameMatching.sameEmail($0.value, email) }) { return true }
        return ([contact.displayName] + contact.nicknames).contains { matches(name: $0) }
    }
}
