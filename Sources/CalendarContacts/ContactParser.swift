/// Builds a `Contact` from a `VCARD` component, for vCard 2.1, 3.0 and 4.0.
///
/// vCard 2.1 specifics: bare parameters (`TEL;HOME;VOICE:`), `QUOTED-PRINTABLE` values with a
/// `CHARSET`, and structured values whose components are not comma lists. `BASE64` values
/// (photos, keys) and nested cards (`AGENT`) are skipped.
struct ContactParser: Sendable {
    /// The contact described by `card`.
    func contact(from card: Component) throws(VCardError) -> Contact {
        let version = card.property(named: "VERSION")?.value.trimmingSpaces()
        let isVersion21 = version == "2.1"
        func value(_ property: ContentLine) -> String {
            guard property.hasParameter("ENCODING", value: "QUOTED-PRINTABLE") else { return property.value }
            return QuotedPrintable.decode(property.value, charset: property.parameter("CHARSET"))
        }
        func text(_ name: String) -> String? {
            card.property(named: name).map { TextValue.unescape(value($0)).trimmingSpaces() }
        }

        let formattedName = text("FN")
        let name: ContactName? = card.property(named: "N").map { property in
            let parts = TextValue.structured(value(property), splitLists: !isVersion21).map { $0.map { $0.trimmingSpaces() } }
            func part(_ index: Int) -> [String] { index < parts.count ? parts[index].filter { !$0.isEmpty } : [] }
            return ContactName(
                familyNames: part(0), givenNames: part(1), additionalNames: part(2),
                prefixes: part(3), suffixes: part(4))
        }
        guard formattedName != nil || name != nil else {
            throw VCardError(.missingName, line: card.lineNumber, "a vCard has no FN or N")
        }

        let nicknames = card.properties(named: "NICKNAME").flatMap { property in
            isVersion21 ? [TextValue.unescape(value(property))] : TextValue.list(value(property))
        }.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        let (birthday, birthdayText) = try date(card.property(named: "BDAY"), value: value)
        let (anniversary, anniversaryText) = try date(card.property(named: "ANNIVERSARY"), value: value)
        let labels = Dictionary(
            card.properties(named: "X-ABLABEL").compactMap { property in
                property.group.map { ($0.lowercased(), Self.cleanLabel(TextValue.unescape(value(property)))) }
            }, uniquingKeysWith: { first, _ in first })
        func labeled(_ name: String, scheme: String) -> [LabeledValue] {
            card.properties(named: name).compactMap { property in
                var text = TextValue.unescape(value(property)).trimmingSpaces()
                if text.lowercased().hasPrefix(scheme) { text = String(text.dropFirst(scheme.count)) }
                guard !text.isEmpty else { return nil }
                let types = property.parameterValues("TYPE")
                    .flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces().lowercased() }
                    .filter { !$0.isEmpty }
                return LabeledValue(
                    value: text,
                    types: types.filter { $0 != "pref" },
                    isPreferred: types.contains("pref") || property.parameter("PREF") == "1",
                    label: property.group.flatMap { labels[$0.lowercased()] })
            }
        }
        let organization =
            card.property(named: "ORG").map {
                TextValue.structured(value($0), splitLists: false).flatMap { $0 }.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            } ?? []
        let notes = card.properties(named: "NOTE").map { TextValue.unescape(value($0)) }.filter { !$0.isEmpty }
        let emails = labeled("EMAIL", scheme: "mailto:")
        let phones = labeled("TEL", scheme: "tel:")

        let builtName = name?.formatted ?? ""
        let displayName =
            [
                formattedName ?? "", builtName, organization.first ?? "", emails.first?.value ?? "",
                phones.first?.value ?? "",
            ].first { !$0.isEmpty } ?? ""
        return Contact(
            version: version,
            uid: text("UID"),
            formattedName: formattedName,
            name: name,
            displayName: displayName,
            nicknames: nicknames,
            birthday: birthday,
            birthdayText: birthdayText,
            anniversary: anniversary,
            anniversaryText: anniversaryText,
            emails: emails,
            phones: phones,
            organization: organization.first,
            organizationUnits: Array(organization.dropFirst()),
            note: notes.isEmpty ? nil : notes.joined(separator: "\n"),
            lineNumber: card.lineNumber)
    }

    /// A BDAY or ANNIVERSARY: the date when it is one, else the text as written; an error when
    /// the value is neither declared text nor a date.
    private func date(_ property: ContentLine?, value: (ContentLine) -> String) throws(VCardError) -> (Birthday?, String?) {
        guard let property else { return (nil, nil) }
        let text = TextValue.unescape(value(property)).trimmingSpaces()
        guard !text.isEmpty else { return (nil, nil) }
        if property.hasParameter("VALUE", value: "text") { return (nil, text) }
        switch Birthday.parse(text) {
        case .date(var date):
            // Apple writes a birthday without a year as year 1604 with X-APPLE-OMIT-YEAR=1604.
            if let omitted = property.parameter("X-APPLE-OMIT-YEAR"), Int(omitted) == date.year { date.year = nil }
            return (date, nil)
        case .partial:
            return (nil, text)
        case .invalid:
            throw VCardError(.invalidValue, line: property.lineNumber, "bad \(property.name) value '\(text)'")
        }
    }

    /// Apple's built-in labels are wrapped as `_$!<Label>!$_`; custom ones are plain.
    private static func cleanLabel(_ label: String) -> String {
        guard label.hasPrefix("_$!<"), label.hasSuffix(">!$_") else { return label }
        return String(label.dropFirst(4).dropLast(4))
    }
}
