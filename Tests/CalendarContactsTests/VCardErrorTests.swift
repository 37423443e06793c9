import Foundation
import Testing

@testable import CalendarContacts

/// Every malformed vCard is a `VCardError` naming the problem and the line.
@Suite("vCard errors")
struct VCardErrorTests {
    @Test func cardWithoutFNOrN() throws {
        let text = Fixtures.crlf([
            "BEGIN:VCARD", "VERSION:4.0", "FN:Ok", "END:VCARD", "BEGIN:VCARD", "VERSION:4.0",
            "EMAIL:who@example.com", "END:VCARD",
        ])
        let error = try #require(Fixtures.vCardError(text))
        #expect(error.description == "line 5: a vCard has no FN or N")
        #expect(error.kind == .missingName)
    }

    @Test func unterminatedCard() throws {
        let error = try #require(Fixtures.vCardError(Fixtures.crlf(["BEGIN:VCARD", "VERSION:3.0", "FN:Half a card"])))
        #expect(error.description == "line 1: BEGIN:VCARD has no matching END:VCARD")
        #expect(error.kind == .unbalancedComponent)
    }

    @Test(arguments: ["1985-13-45", "banana", "19850230", "--1301", "1985-04-12Tnoon"])
    func badBirthday(value: String) throws {
        let error = try #require(Fixtures.vCardError(Fixtures.crlf(["BEGIN:VCARD", "VERSION:4.0", "FN:X", "BDAY:\(value)", "END:VCARD"])))
        #expect(error == VCardError(.invalidValue, line: 4, "bad BDAY value '\(value)'"))
        #expect(error.description == "line 4: bad BDAY value '\(value)'")
    }

    @Test func badAnniversary() throws {
        let error = try #require(Fixtures.vCardError(Fixtures.crlf(["BEGIN:VCARD", "FN:X", "ANNIVERSARY:someday", "END:VCARD"])))
        #expect(error.description == "line 3: bad ANNIVERSARY value 'someday'")
    }

    @Test func notAVCard() throws {
        #expect(
            Fixtures.vCardError("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")?.description
                == "line 1: the file is not a vCard: it does not start with BEGIN:VCARD")
        #expect(Fixtures.vCardError("")?.kind == .notVCard)
    }

    @Test func structuralErrors() throws {
        #expect(
            Fixtures.vCardError(Fixtures.crlf(["BEGIN:VCARD", "FN:X", "END:VCARD", "END:VCARD"]))?.description
                == "line 4: END:VCARD without BEGIN")
        #expect(
            Fixtures.vCardError(Fixtures.crlf(["BEGIN:VCARD", "FN:X", "END:VCARD", "FN:stray"]))?.description
                == "line 4: FN is outside BEGIN:VCARD … END:VCARD")
        #expect(
            Fixtures.vCardError(Fixtures.crlf(["BEGIN:VCARD", "FN X", "END:VCARD"]))?.description
                == "line 2: 'FN X' is not a content line: it has no ':'")
    }

    @Test func fileErrorsCarryThePath() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/contacts.vcf")
        let error = try #require(throws: VCardError.self) { try VCardFile(contentsOf: missing) }
        #expect(error == VCardError(.fileNotFound, line: nil, "file not found", path: "/nonexistent/contacts.vcf"))
        #expect(error.description == "/nonexistent/contacts.vcf: file not found")

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cc-\(UUID().uuidString).vcf")
        try Data(Fixtures.crlf(["BEGIN:VCARD", "FN:X", "BDAY:1985-13-45", "END:VCARD"]).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let parseError = try #require(throws: VCardError.self) { try VCardFile(contentsOf: url) }
        #expect(parseError.description == "\(url.path): line 3: bad BDAY value '1985-13-45'")
    }
}
