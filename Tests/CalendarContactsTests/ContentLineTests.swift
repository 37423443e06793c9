import Foundation
import Testing

@testable import CalendarContacts

@Suite("Content lines")
struct ContentLineTests {
    private func lines(_ text: String) throws -> [LogicalLine] {
        try LineUnfolder.unfold(Array(text.utf8))
    }

    @Test func unfoldsCRLFAndLFWithSpaceOrTab() throws {
        let text = "DESCRIPTION:This is a lo\r\n ng description\r\n  that exists on a long line.\nSUMMARY:a\n\tb\r\n"
        let result = try lines(text)
        #expect(result.map(\.text) == ["DESCRIPTION:This is a long description that exists on a long line.", "SUMMARY:ab"])
        #expect(result.map(\.lineNumber) == [1, 4])
    }

    @Test func toleratesBOMBlankLinesAndLoneCR() throws {
        let text = "\u{FEFF}BEGIN:VCALENDAR\r\n\r\n   \r\nVERSION:2.0\rEND:VCALENDAR"
        let result = try lines(text)
        #expect(result.map(\.text) == ["BEGIN:VCALENDAR", "VERSION:2.0", "END:VCALENDAR"])
        #expect(result.map(\.lineNumber) == [1, 4, 5])
    }

    @Test func unfoldsAcrossAMultiByteUTF8Character() throws {
        // "é" is C3 A9 and "☕" is E2 98 95; RFC 5545 folds at 75 octets, so a fold may split them.
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20250104T100000Z\r\nSUMMARY:Caf".utf8)
        bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA9, 0x20, 0xE2, 0x98, 0x0D, 0x0A, 0x09, 0x95]
        bytes += Array(" au lait\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let calendar = try ICalendar(data: Data(bytes), floatingTimeZone: Fixtures.utc)
        #expect(calendar.events.first?.summary == "Café ☕ au lait")
    }

    @Test func invalidUTF8NamesTheLine() {
        let bytes = Array("BEGIN:VCALENDAR\r\nX-A:ok\r\nX-B:".utf8) + [0xFF, 0xFE, 0x41] + Array("\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: ICalendarError(.notUTF8, line: 3, "the text is not valid UTF-8")) {
            try ICalendar(data: Data(bytes))
        }
    }

    @Test func parsesGroupNameParametersAndValue() throws {
        let line = try ContentLine(
            parsing: LogicalLine(
                text: #"item1.email;type=INTERNET,pref;X-Note="a:b;c,d";Label=x:mailto:a@b.c"#, lineNumber: 7))
        #expect(line.group == "item1")
        #expect(line.name == "EMAIL")
        #expect(line.parameterValues("TYPE") == ["INTERNET", "pref"])
        #expect(line.parameter("x-note") == "a:b;c,d")
        #expect(line.parameter("LABEL") == "x")
        #expect(line.value == "mailto:a@b.c")
        #expect(line.lineNumber == 7)
    }

    @Test func parsesQuotedMultiValuesEmptyValuesAndCarets() throws {
        let line = try ContentLine(
            parsing: LogicalLine(
                text: #"ATTENDEE;DELEGATED-TO="mailto:jdoe@example.com","mailto:jqpublic@example.com";CN=^'Jo^' ^^ Co:"#, lineNumber: 1))
        #expect(line.parameterValues("DELEGATED-TO") == ["mailto:jdoe@example.com", "mailto:jqpublic@example.com"])
        #expect(line.parameter("CN") == "\"Jo\" ^ Co")
        #expect(line.value == "")
    }

    @Test func vCard21BareParameters() throws {
        let line = try ContentLine(parsing: LogicalLine(text: "TEL;HOME;VOICE;quoted-printable:555", lineNumber: 1))
        #expect(line.parameterValues("TYPE") == ["HOME", "VOICE"])
        #expect(line.hasParameter("encoding", value: "Quoted-Printable"))
    }

    @Test func textEscapes() {
        #expect(TextValue.unescape(#"a\nb\Nc\,d\;e\\f\:g"#) == "a\nb\nc,d;e\\f:g")
        #expect(TextValue.unescape(#"ends with \"#) == "ends with \\")
        #expect(TextValue.split(#"Park;Naomy\;Jo;;"#, on: ";") == ["Park", #"Naomy\;Jo"#, "", ""])
        #expect(TextValue.list(#"Jim,Jimmie\, Jr.,\\"#) == ["Jim", "Jimmie, Jr.", "\\"])
        #expect(TextValue.structured(#"Perreault;Simon;;;ing. jr,M.Sc."#) == [["Perreault"], ["Simon"], [], [], ["ing. jr", "M.Sc."]])
    }

    @Test func quotedPrintableSoftLineBreaksAndCharset() throws {
        let text = "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:F=C3=BCr =\r\nT=C3=B6pfer=0D=0A=\r\nline 2\r\nFN:x\r\n"
        let result = try lines(text)
        #expect(result.count == 2)
        let line = try ContentLine(parsing: result[0])
        #expect(QuotedPrintable.decode(line.value, charset: line.parameter("CHARSET")) == "Für Töpfer\r\nline 2")
        #expect(QuotedPrintable.decode("caf=E9", charset: "ISO-8859-1") == "café")
    }

    @Test func componentsNestAndMustMatch() throws {
        let text = Fixtures.crlf([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM",
            "SUMMARY:x", "END:VEVENT", "END:VCALENDAR",
        ])
        let roots = try ComponentReader.read(Array(text.utf8), root: "VCALENDAR", formatName: "iCalendar")
        #expect(roots.count == 1)
        #expect(roots[0].children.map(\.name) == ["VEVENT"])
        #expect(roots[0].children[0].properties.map(\.name) == ["SUMMARY"])
        #expect(roots[0].children[0].children[0].properties.map(\.name) == ["ACTION"])
    }
}
