/// One vCard (RFC 6350, RFC 2426 or vCard 2.1).
public struct Contact: Sendable, Equatable {
    /// `VERSION` (`2.1`, `3.0`, `4.0`), if present.
    public var version: String?
    /// `UID`, if present.
    public var uid: String?
    /// `FN`, unescaped, if present.
    public var formattedName: String?
    /// `N`, if present.
    public var name: ContactName?
    /// The name to show: `FN`, else built from `N`, else the organization, e-mail or phone.
    public var displayName: String
    /// `NICKNAME` values.
    public var nicknames: [String]
    /// `BDAY` when it is a month and day (with or without a year).
    public var birthday: Birthday?
    /// `BDAY` as written when it is not a full date (`VALUE=text:circa 1800`, `1985-04`).
    public var birthdayText: String?
    /// `ANNIVERSARY` (vCard 4.0) when it is a month and day.
    public var anniversary: Birthday?
    /// `ANNIVERSARY` as written when it is not a full date.
    public var anniversaryText: String?
    /// `EMAIL` values in file order.
    public var emails: [LabeledValue]
    /// `TEL` values in file order.
    public var phones: [LabeledValue]
    /// The first component of `ORG` (the organization's name), if any.
    public var organization: String?
    /// The further `ORG` components (units), if any.
    public var organizationUnits: [String]
    /// `NOTE` values, unescaped, joined with newlines when there are several.
    public var note: String?
    /// The line of the card's `BEGIN:VCARD`.
    public var lineNumber: Int

    /// The given name from `N`, else the first word of `displayName`.
    public var firstName: String? {
        if let given = name?.givenNames.first, !given.isEmpty { return given }
        return displayName.split(separator: " ").first.map(String.init)
    }

    /// The preferred e-mail address, else the first.
    public var primaryEmail: String? {
        (emails.first(where: \.isPreferred) ?? emails.first)?.value
    }

    /// Whether `query` matches this contact's name (display name, `N` or a nickname), ignoring
    /// case, diacritics and word order; a first name alone matches ("naomy" → "Naomy Park").
    public func matches(name query: String) -> Bool {
        var names = [displayName] + nicknames
        if let name { names.append(name.formatted) }
        return names.contains { NameMatching.matches($0, query) }
    }
}
