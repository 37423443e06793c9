/// One vCard (RFC 6350, RFC 2426 or vCard 2.1).
package struct Contact: Sendable, Equatable {
    /// `VERSION` (`2.1`, `3.0`, `4.0`), if present.
    package var version: String?
    /// `UID`, if present.
    package var uid: String?
    /// `FN`, unescaped, if present.
    package var formattedName: String?
    /// `N`, if present.
    package var name: ContactName?
    /// The name to show: `FN`, else built from `N`, else the organization, e-mail or phone.
    package var displayName: String
    /// `NICKNAME` values.
    package var nicknames: [String]
    /// `BDAY` when it is a month and day (with or without a year).
    package var birthday: Birthday?
    /// `BDAY` as written when it is not a full date (`VALUE=text:circa 1800`, `1985-04`).
    package var birthdayText: String?
    /// `ANNIVERSARY` (vCard 4.0) when it is a month and day.
    package var anniversary: Birthday?
    /// `ANNIVERSARY` as written when it is not a full date.
    package var anniversaryText: String?
    /// `EMAIL` values in file order.
    package var emails: [LabeledValue]
    /// `TEL` values in file order.
    package var phones: [LabeledValue]
    /// The first component of `ORG` (the organization's name), if any.
    package var organization: String?
    /// The further `ORG` components (units), if any.
    package var organizationUnits: [String]
    /// `NOTE` values, unescaped, joined with newlines when there are several.
    package var note: String?
    /// The line of the card's `BEGIN:VCARD`.
    package var lineNumber: Int

    /// The given name from `N`, else the first word of `displayName`.
    package var firstName: String? {
        if let given = name?.givenNames.first, !given.isEmpty { return given }
        return displayName.split(separator: " ").first.map(String.init)
    }

    /// The preferred e-mail address, else the first.
    package var primaryEmail: String? {
        (emails.first(where: \.isPreferred) ?? emails.first)?.value
    }

    /// Whether `query` matches this contact's name (display name, `N` or a nickname), ignoring
    /// case, diacritics and word order; a first name alone matches ("naomy" → "Naomy Park").
    package func matches(name query: String) -> Bool {
        var names = [displayName] + nicknames
        if let name { names.append(name.formatted) }
        return names.contains { NameMatching.matches($0, query) }
    }
}
