import Foundation
import Testing

@testable import CalendarContacts

@Suite("vCard parsing")
struct VCardTests {
    /// The example vCard of RFC 6350 §8.
    static let rfc6350Example = Fixtures.crlf([
        "BEGIN:VCARD", "VERSION:4.0", "FN:Simon Perreault", "N:Perreault;Simon;;;ing. jr,M.Sc.",
        "BDAY:--0203", "ANNIVERSARY:20090808T1430-0500", "GENDER:M", "LANG;PREF=1:fr", "LANG;PREF=2:en",
        "ORG;TYPE=work:Viagenie", "ADR;TYPE=work:;Suite D2-630;2875 Laurier;", " Quebec;QC;G1V 2M2;Canada",
        "TEL;VALUE=uri;TYPE=\"work,voice\";PREF=1:tel:+1-418-656-9254;ext=102",
        "TEL;VALUE=uri;TYPE=\"work,cell,voice,video,text\":tel:+1-418-262-6501",
        "EMAIL;TYPE=work:simon.perreault@viagenie.ca", "GEO;TYPE=work:geo:46.772673,-71.282945",
        "KEY;TYPE=work;VALUE=uri:", " http://www.viagenie.ca/simon.perreault/simon.asc", "TZ:-0500",
        "URL;TYPE=home:http://nomis80.org", "END:VCARD",
    ])

    @Test func rfc6350Section8Example() throws {
        let file = try VCardFile(parsing: Self.rfc6350Example)
        let simon = try #require(file.contacts.first)
        #expect(file.contacts.count == 1)
        #expect(simon.version == "4.0")
        #expect(simon.displayName == "Simon Perreault")
        #expect(simon.name == ContactName(familyNames: ["Perreault"], givenNames: ["Simon"], suffixes: ["ing. jr", "M.Sc."]))
        #expect(simon.birthday == Birthday(year: nil, month: 2, day: 3))
        #expect(simon.anniversary == Birthday(year: 2009, month: 8, day: 8))
        #expect(simon.organization == "Viagenie")
        #expect(
            simon.phones == [
                LabeledValue(value: "+1-418-656-9254;ext=102", types: ["work", "voice"], isPreferred: true),
                LabeledValue(value: "+1-418-262-6501", types: ["work", "cell", "voice", "video", "text"]),
            ])
        #expect(simon.emails == [LabeledValue(value: "simon.perreault@viagenie.ca", types: ["work"])])
        #expect(simon.firstName == "Simon")
        #expect(simon.lineNumber == 1)
    }

    @Test func rfc2426Version3Example() throws {
        let text = Fixtures.crlf([
            "BEGIN:vCard", "VERSION:3.0", "FN:Frank Dawson", "ORG:Lotus Development Corporation",
            "ADR;TYPE=WORK,POSTAL,PARCEL:;;6544 Battleford Drive", " ;Raleigh;NC;27613-3502;U.S.A.",
            "TEL;TYPE=VOICE,MSG,WORK:+1-919-676-9515", "TEL;TYPE=FAX,WORK:+1-919-676-9564",
            "EMAIL;TYPE=INTERNET,PREF:Frank_Dawson@Lotus.com", "EMAIL;TYPE=INTERNET:fdawson@earthlink.net",
            "URL:http://home.earthlink.net/~fdawson", "END:vCard",
            "", "BEGIN:vCard", "VERSION:3.0", "FN:Tim Howes", "ORG:Netscape Communications Corp.",
            "ADR;TYPE=WORK:;;501 E. Middlefield Rd.;Mountain View;", " CA; 94043;U.S.A.",
            "TEL;TYPE=VOICE,MSG,WORK:+1-415-937-3419", "TEL;TYPE=FAX,WORK:+1-415-528-4164",
            "EMAIL;TYPE=INTERNET:howes@netscape.com", "END:vCard",
        ])
        let file = try VCardFile(parsing: text)
        #expect(file.contacts.map(\.displayName) == ["Frank Dawson", "Tim Howes"])
        let frank = file.contacts[0]
        #expect(frank.primaryEmail == "Frank_Dawson@Lotus.com")
        #expect(frank.emails[0].types == ["internet"] && frank.emails[0].isPreferred)
        #expect(frank.phones.map(\.value) == ["+1-919-676-9515", "+1-919-676-9564"])
        #expect(frank.phones[1].types == ["fax", "work"])
        #expect(frank.name == nil && frank.firstName == "Frank")
        #expect(file.contacts[1].lineNumber == 14)
    }

    @Test(
        arguments: [
            ("BDAY:1985-04-12", 1985, 4, 12),
            ("BDAY:19850412", 1985, 4, 12),
            ("BDAY:--0412", nil, 4, 12),
            ("BDAY:--04-12", nil, 4, 12),
            ("BDAY:1985-04-12T10:00:00Z", 1985, 4, 12),
            ("BDAY:19531015T231000Z", 1953, 10, 15),
            ("BDAY;VALUE=date:19960415", 1996, 4, 15),
            ("BDAY:--0229", nil, 2, 29),
            ("BDAY;X-APPLE-OMIT-YEAR=1604:1604-08-27", nil, 8, 27),
            ("BDAY;VALUE=date-and-or-time:20090808T1430-0500", 2009, 8, 8),
        ] as [(String, Int?, Int, Int)])
    func birthdayForms(line: String, year: Int?, month: Int, day: Int) throws {
        let contact = try #require(try VCardFile(parsing: Fixtures.crlf(["BEGIN:VCARD", "VERSION:4.0", "FN:X", line, "END:VCARD"])).contacts.first)
        #expect(contact.birthday == Birthday(year: year, month: month, day: day))
        #expect(contact.birthdayText == nil)
    }

    @Test(arguments: [
        ("BDAY;VALUE=text:circa 1800", "circa 1800"),
        ("BDAY:1985", "1985"),
        ("BDAY:1985-04", "1985-04"),
        ("BDAY:---12", "---12"),
        ("BDAY:T102200Z", "T102200Z"),
    ])
    func birthdaysThatAreNotDates(line: String, text: String) throws {
        let contact = try #require(try VCardFile(parsing: Fixtures.crlf(["BEGIN:VCARD", "VERSION:4.0", "FN:X", line, "END:VCARD"])).contacts.first)
        #expect(contact.birthday == nil)
        #expect(contact.birthdayText == text)
    }

    @Test func birthdayHelpers() throws {
        let birthday = try #require(Birthday(year: 1994, month: 3, day: 14))
        #expect(birthday.description == "1994-03-14")
        #expect(Birthday(year: nil, month: 12, day: 8)?.description == "--12-08")
        #expect(Birthday(year: 2023, month: 2, day: 29) == nil)
        #expect(Birthday(year: nil, month: 13, day: 1) == nil)
        let calendar = Fixtures.calendar()
        #expect(birthday.nextOccurrence(onOrAfter: Fixtures.date(2026, 3, 14, 15), calendar: calendar) == Fixtures.date(2026, 3, 14))
        #expect(birthday.nextOccurrence(onOrAfter: Fixtures.date(2026, 3, 15), calendar: calendar) == Fixtures.date(2027, 3, 14))
        #expect(birthday.age(on: Fixtures.date(2026, 3, 13), calendar: calendar) == 31)
        #expect(birthday.age(on: Fixtures.date(2026, 3, 14), calendar: calendar) == 32)
        let leap = try #require(Birthday(year: nil, month: 2, day: 29))
        #expect(leap.nextOccurrence(onOrAfter: Fixtures.date(2027, 1, 1), calendar: calendar) == Fixtures.date(2027, 2, 28))
        #expect(leap.age(on: .now) == nil)
    }

    @Test func vCard21QuotedPrintableAndBareParameters() throws {
        let text = Fixtures.crlf([
            "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen",
            "TEL;HOME;VOICE:+49 30 1234", "TEL;WORK;PREF:+49 30 5678", "EMAIL;PREF;INTERNET:juergen@example.de",
            "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Erste Zeile=0D=0A=", "Zweite Zeile =E2=98=95",
            "PHOTO;ENCODING=BASE64;TYPE=JPEG:", " /9j/4AAQSkZJRgABAQEASABIAAD", " /2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsN", "",
            "END:VCARD",
        ])
        let contact = try #require(try VCardFile(parsing: text).contacts.first)
        #expect(contact.version == "2.1")
        #expect(contact.displayName == "Jürgen Müller")
        #expect(
            contact.phones == [
                LabeledValue(value: "+49 30 1234", types: ["home", "voice"]),
                LabeledValue(value: "+49 30 5678", types: ["work"], isPreferred: true),
            ])
        #expect(contact.emails == [LabeledValue(value: "juergen@example.de", types: ["internet"], isPreferred: true)])
        #expect(contact.note == "Erste Zeile\r\nZweite Zeile ☕")
    }

    @Test func namesNicknamesOrganizationAndNotes() throws {
        let text = Fixtures.crlf([
            "BEGIN:VCARD", "VERSION:3.0", "N:Stevenson;John;Philip,Paul;Dr.;Jr.,M.D.,A.C.P.", "NICKNAME:Robbie,Jimmie\\, Jr.",
            "ORG:ABC\\, Inc.;North American Division;Marketing", #"NOTE:Line one\nLine two\, with comma\; and semicolon"#,
            "NOTE:Second note", "UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "END:VCARD",
        ])
        let contact = try #require(try VCardFile(parsing: text).contacts.first)
        #expect(contact.formattedName == nil)
        #expect(contact.displayName == "Dr. John Philip Paul Stevenson, Jr., M.D., A.C.P.")
        #expect(contact.firstName == "John")
        #expect(contact.nicknames == ["Robbie", "Jimmie, Jr."])
        #expect(contact.organization == "ABC, Inc.")
        #expect(contact.organizationUnits == ["North American Division", "Marketing"])
        #expect(contact.note == "Line one\nLine two, with comma; and semicolon\nSecond note")
        #expect(contact.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
    }

    @Test func groupsAndAppleLabels() throws {
        let text = Fixtures.crlf([
            "BEGIN:VCARD", "VERSION:3.0", "FN:Aiko Tanaka", "item1.EMAIL;type=INTERNET;type=pref:aiko@example.jp",
            "item1.X-ABLabel:_$!<Other>!$_", "ITEM2.TEL:+81 90", "item2.X-ABLabel:tea emergencies", "END:VCARD",
        ])
        let contact = try #require(try VCardFile(parsing: text).contacts.first)
        #expect(contact.emails == [LabeledValue(value: "aiko@example.jp", types: ["internet"], isPreferred: true, label: "Other")])
        #expect(contact.phones.first?.label == "tea emergencies")
    }

    @Test func lookupsByMonthAndName() throws {
        let text = Fixtures.crlf([
            "BEGIN:VCARD", "VERSION:4.0", "FN:Naomy Park", "NICKNAME:Nao", "BDAY:19940314", "END:VCARD",
            "BEGIN:VCARD", "VERSION:4.0", "FN:Théo Marchand", "BDAY:--0302", "END:VCARD",
            "BEGIN:VCARD", "VERSION:4.0", "FN:Sam Okafor", "BDAY:1989-09-23", "END:VCARD",
            "BEGIN:VCARD", "VERSION:4.0", "FN:No Birthday", "END:VCARD",
        ])
        let file = try VCardFile(parsing: text)
        #expect(file.contacts(bornIn: 3).map(\.displayName) == ["Théo Marchand", "Naomy Park"])
        #expect(file.contacts(bornIn: 9).map(\.displayName) == ["Sam Okafor"])
        #expect(file.contacts(bornIn: 1).isEmpty)
        #expect(file.contacts(named: "naomy").map(\.displayName) == ["Naomy Park"])
        #expect(file.contacts(named: "nao").map(\.displayName) == ["Naomy Park"])
        #expect(file.contacts(named: "theo").map(\.displayName) == ["Théo Marchand"])
        #expect(file.contacts(named: "Naomy Smith").isEmpty)
        let soon = file.contacts(withBirthdayWithin: 30, of: Fixtures.date(2027, 2, 20), calendar: Fixtures.calendar())
        #expect(soon.map(\.displayName) == ["Théo Marchand", "Naomy Park"])
    }

    @Test func utf16FilesAreConverted() throws {
        let text = Fixtures.crlf(["BEGIN:VCARD", "VERSION:3.0", "FN:Zoë Ångström", "END:VCARD"])
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        #expect(try VCardFile(data: data).contacts.first?.displayName == "Zoë Ångström")
    }
}
