import Foundation

/// Turns a `TZID` parameter into a Foundation `TimeZone` (RFC 5545 §3.2.19, §3.6.5).
///
/// Tries, in order: the TZID as an IANA name (`Europe/Paris`); the `X-LIC-LOCATION` of the
/// file's `VTIMEZONE` with that TZID; the longest trailing `/`-separated part of the TZID that
/// is an IANA name (`/mozilla.org/20050126_1/Europe/Paris` → `Europe/Paris`); a few common
/// Windows zone names (`W. Europe Standard Time`) that Outlook writes. The VTIMEZONE's own
/// offset rules are not evaluated: Foundation's tz database is the source of truth.
struct TimeZoneResolver: Sendable {
    /// `X-LIC-LOCATION` values of the file's VTIMEZONEs, by TZID (nil when it has none).
    private var locations: [String: String?] = [:]

    /// A resolver knowing the VTIMEZONE components of `calendars`.
    init(calendars: [Component]) {
        for calendar in calendars {
            for zone in calendar.children(named: "VTIMEZONE") {
                guard let tzid = zone.property(named: "TZID")?.value.trimmingSpaces(), !tzid.isEmpty else { continue }
                let location = zone.property(named: "X-LIC-LOCATION")?.value.trimmingSpaces()
                locations[tzid] = location.flatMap { $0.isEmpty ? nil : $0 }
            }
        }
    }

    /// The zone for `tzid`, or an `unknownTimeZone` error naming it at `line`.
    func resolve(_ tzid: String, line: Int) throws(ICalendarError) -> TimeZone {
        let name = tzid.trimmingSpaces()
        if let zone = Self.ianaZone(name) { return zone }
        if let location = locations[name] ?? nil, let zone = Self.ianaZone(location) { return zone }
        let parts = name.split(separator: "/").map(String.init)
        for length in stride(from: min(parts.count - 1, 3), through: 1, by: -1) {
            if let zone = Self.ianaZone(parts.suffix(length).joined(separator: "/")) { return zone }
        }
        if let mapped = Self.windowsNames[name], let zone = TimeZone(identifier: mapped) { return zone }
        throw ICalendarError(.unknownTimeZone, line: line, "unknown time zone '\(name)'")
    }

    /// `TimeZone(identifier:)`, restricted to names that look like tz database names
    /// (`Area/City`, or `UTC`/`GMT`), so free text never matches by accident.
    private static func ianaZone(_ name: String) -> TimeZone? {
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        guard name.contains("/") || ["UTC", "GMT", "Etc/UTC"].contains(name.uppercased()) else { return nil }
        return TimeZone(identifier: name)
    }

    /// Common Windows time zone names (as Outlook and Exchange write them) and their tz names.
    private static let windowsNames: [String: String] = [
        "UTC": "UTC",
        "GMT Standard Time": "Europe/London",
        "W. Europe Standard Time": "Europe/Berlin",
        "Romance Standard Time": "Europe/Paris",
        "Central Europe Standard Time": "Europe/Budapest",
        "Central European Standard Time": "Europe/Warsaw",
        "E. Europe Standard Time": "Europe/Chisinau",
        "FLE Standard Time": "Europe/Kiev",
        "Eastern Standard Time": "America/New_York",
        "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver",
        "Pacific Standard Time": "America/Los_Angeles",
        "Tokyo Standard Time": "Asia/Tokyo",
        "China Standard Time": "Asia/Shanghai",
        "India Standard Time": "Asia/Kolkata",
        "AUS Eastern Standard Time": "Australia/Sydney",
    ]
}
