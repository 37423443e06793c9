import Foundation
import StructuredDecoding
import TestSupport
import Testing

/// `format`s as regular languages: hand tables, and the official JSON Schema Test Suite when
/// it is present beside the checkout.
@Suite struct StringFormatTests {
    static let table: [StringFormat: (valid: [String], invalid: [String])] = [
        .date: (
            ["2024-02-29", "2000-02-29", "2023-12-31", "1900-02-28", "0000-01-01"],
            ["2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-1-01", "20240101", "2024-06-1٣"]
        ),
        .time: (
            ["08:30:06Z", "08:30:06.283185z", "23:59:60Z", "23:59:60+00:00", "12:00:00-05:30"],
            ["08:30:06", "24:00:00Z", "12:60:00Z", "22:59:60Z", "12:00:00+24:00", "1:00:00Z", "12:00:00 Z"]
        ),
        .dateTime: (
            ["1963-06-19T08:30:06.283185Z", "1963-06-19t08:30:06z", "1998-12-31T23:59:60Z"],
            ["1963-06-19 08:30:06Z", "1963-06-19T08:30:06", "1990-02-31T15:59:59.123-08:00"]
        ),
        .uuid: (
            ["2EB8AA08-AA98-11EA-B4AA-73B441D16380", "00000000-0000-0000-0000-000000000000"],
            ["2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08aa9811eab4aa73b441d16380", "2eb8aa08-aa98-11ea-b4aa-73b441d1638g"]
        ),
        .email: (
            ["joe.bloggs@example.com", "te~st@example.com", "x@y", "a+b@sub-domain.example.org"],
            ["2962", "te..st@example.com", ".test@example.com", "test.@example.com", "joe@-example.com", "joe@example-.com", "a@b@c"]
        ),
        .ipv4: (
            ["192.168.0.1", "0.0.0.0", "255.255.255.255"],
            ["256.0.0.1", "087.10.0.1", "1.2.3", "1.2.3.4.5", "1.2.3.٤", "0x7f.0.0.1"]
        ),
        .ipv6: (
            ["::1", "::", "1:2:3:4:5:6:7:8", "::ffff:192.168.0.1", "fe80::1", "1::", "1:2:3:4:5:6:7::"],
            ["12345::", "1:2:3:4:5:6:7:8:9", "1::2::3", ":1", "fe80::1%eth0", "::ffff:256.0.0.1", "1:2:3:4:5:6:7"]
        ),
        .uri: (
            ["http://example.com/a/b?c=d#e", "urn:isbn:0451450523", "mailto:x@y.z", "http://[::1]:80/", "file:///etc/hosts", "a:"],
            ["//example.com", "/abc", "http://exa mple.com", "http://é.com", "1http://x", "http://[::1x]/", "http://x/%zz"]
        ),
    ]

    @Test(arguments: StringFormat.allCases) func handTable(_ format: StringFormat) throws {
        let dfa = try format.regex.compile()
        let rows = try #require(Self.table[format])
        for text in rows.valid { #expect(dfa.matches(text), "\(format.rawValue) should accept \(text)") }
        for text in rows.invalid { #expect(!dfa.matches(text), "\(format.rawValue) should reject \(text)") }
        // The same through JSON strings.
        let json = try format.regex.compile(AutomatonOptions(encoding: .jsonString()))
        for text in rows.valid { #expect(json.matches("\"\(text)\"")) }
    }

    /// The stricter-than-the-RFC choices documented on `StringFormat`, as they show up in the
    /// official suite.
    static let documentedFalseRejects: Set<String> = [
        "1998-12-31T15:59:60.123-08:00", "01:29:60+01:30", "23:29:60+23:30", "15:59:60-08:00", "00:29:60-23:30",
        "\"joe bloggs\"@example.com", "\"joe..bloggs\"@example.com", "\"joe@bloggs\"@example.com",
        "joe.bloggs@[127.0.0.1]", "joe.bloggs@[IPv6:::1]",
    ]

    static let suite = SharedDirectory.path("data/json-schema-test-suite/tests/draft2020-12/optional/format")

    @Test(.enabled(if: suite != nil, "the shared directory has no JSON Schema Test Suite"))
    func officialSuiteHasNoFalseAccepts() throws {
        let suite = try #require(Self.suite)
        var checked = 0
        for format in StringFormat.allCases {
            let data = try Data(contentsOf: suite.appendingPathComponent(format.rawValue + ".json"))
            let groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let dfa = try format.regex.compile()
            for group in groups {
                for test in group["tests"] as? [[String: Any]] ?? [] {
                    guard let text = test["data"] as? String, let valid = test["valid"] as? Bool else { continue }
                    let accepted = dfa.matches(text)
                    if accepted { #expect(valid, "\(format.rawValue) false accept: \(text)") }
                    if valid, !accepted { #expect(Self.documentedFalseRejects.contains(text), "\(format.rawValue) false reject: \(text)") }
                    checked += 1
                }
            }
        }
        #expect(checked > 150)
    }
}
